import type { Database } from "@backoffice/db";
import { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from "fastify";
import { type Config } from "../src/config.ts";
import { type TitleInput } from "../src/repositories/titles.ts";
export declare const SECRET = "test-secret-0123456789abcdef";
export interface TestApp {
    app: FastifyInstance;
    config: Config;
    db: Database;
    inject(options: InjectOptions): Promise<LightMyRequestResponse>;
    /** A write signed the way the main API signs it; `body` is sent as the exact text signed. */
    signed(method: "DELETE" | "PATCH" | "POST", url: string, body?: unknown, options?: {
        timestamp?: number;
        secret?: string;
        headers?: Record<string, string>;
    }): Promise<LightMyRequestResponse>;
    /** Stores a title directly; `at` sets its creation time (and so its place in newest-first order). */
    /** Stores a title directly (and drops the cached public list, as a signed write would). */
    addTitle(input?: Partial<TitleInput>, at?: Date): Promise<string>;
    /** Deletes every title directly, dropping the cached public list. */
    clearTitles(): Promise<void>;
    close(): Promise<void>;
}
/** The content service on a fresh copy of the migrated template database. */
export declare function buildTestApp(env?: Record<string, string>, options?: {
    now?: () => number;
}): Promise<TestApp>;
