import type { Database } from "@backoffice/db";
import { type FrontDoor } from "@backoffice/server";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";
import "./types.ts";
export interface AppOptions {
    config: Config;
    db: Database;
    /** Key of the request signatures (CONTENT_HMAC_SECRET or the generated one). */
    secret: string;
    /** Clock of the signature check (tests move it). */
    now?: () => number;
    /** The server's front door (from `serverOptions`): kept answers of the public list are given there. */
    front?: FrontDoor;
}
export declare const BODY_LIMIT: number;
/** Server options shared by the entry point and the tests. */
export declare function serverOptions(config: Config, front?: FrontDoor): FastifyServerOptions;
/** The whole content service as one plugin: the entry point and the tests register it on their own instance. */
declare const _default: (fastify: FastifyInstance, options: AppOptions) => Promise<void>;
export default _default;
