import type { Database } from "@backoffice/db";
import { createTestDatabase } from "@backoffice/db/testing";
import type { FrontDoor } from "@backoffice/server";
import { signRead, signRequest } from "@backoffice/server/signing";
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from "fastify";
import app, { serverOptions } from "../src/app.ts";
import { bootstrap } from "../src/bootstrap.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type TitleInput, titlesRepository } from "../src/repositories/titles.ts";

export const SECRET = "test-secret-0123456789abcdef0123456789";
const JSON_TYPE = { "content-type": "application/json" };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A write signed the way the main API signs it; `body` is sent as the exact text signed. */
  signed(
    method: "DELETE" | "PATCH" | "POST",
    url: string,
    body?: unknown,
    options?: { timestamp?: number; secret?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** A read signed the way the main API signs its dashboard reads and previews (`?flags=set`, `?at=`). */
  signedRead(url: string): Promise<LightMyRequestResponse>;
  /** Stores a title directly; `at` sets its creation time (and so its place in newest-first order). */
  /** Stores a title directly (and drops the cached public list, as a signed write would). */
  addTitle(input?: Partial<TitleInput>, at?: Date): Promise<string>;
  /** Deletes every title directly, dropping the cached public list. */
  clearTitles(): Promise<void>;
  close(): Promise<void>;
}

let tmdbCounter = 1_000_000;

/** The content service on a fresh copy of the migrated template database. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { now?: () => number } = {},
): Promise<TestApp> {
  const db = await createTestDatabase("content");
  const config = loadConfig({ LOG_LEVEL: "silent", SEED_DEMO: "false", CONTENT_HMAC_SECRET: SECRET, ...env });
  const front: FrontDoor = {};
  const fastify = Fastify(serverOptions(config, front));
  await bootstrap(db, config, fastify.log);
  await fastify.register(app, { config, db, secret: SECRET, now: options.now, front });
  await fastify.ready();
  const inject = (request: InjectOptions) => fastify.inject(request);
  return {
    app: fastify,
    config,
    db,
    inject,
    signed(method, url, body, signing = {}) {
      const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      const headers = signRequest({
        method,
        path: url,
        body: text,
        secret: signing.secret ?? SECRET,
        timestamp: signing.timestamp,
      });
      return inject({
        method,
        url,
        headers: { ...(text === undefined ? {} : JSON_TYPE), ...headers, ...signing.headers },
        ...(text === undefined ? {} : { payload: text }),
      });
    },
    signedRead(url) {
      return inject({ method: "GET", url, headers: signRead(url, SECRET) });
    },
    async addTitle(input = {}, at = new Date()) {
      const row = await titlesRepository(db).insert(
        {
          type: "movie",
          tmdbId: tmdbCounter++,
          title: "Untitled",
          overview: "",
          status: "Released",
          poster_path: "/poster.jpg",
          vote_average: 7,
          releaseDate: "2020-01-01",
          genres: [{ id: 18, name: "Drama" }],
          featured: false,
          ...input,
        },
        at,
      );
      if (!row) throw new Error("addTitle: that tmdbId is already stored");
      fastify.listChanged();
      return row.id;
    },
    async clearTitles() {
      await db.query("delete from titles");
      fastify.listChanged();
    },
    async close() {
      await fastify.close();
      await db.close();
    },
  };
}
