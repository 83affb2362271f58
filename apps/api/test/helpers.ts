import type { Member } from "@backoffice/contracts";
import { createTestDatabase } from "@backoffice/db/testing";
import type { FrontDoor } from "@backoffice/server";
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from "fastify";
import type { Clock } from "pg-boss";
import { afterAll, beforeAll } from "vitest";
import app, { serverOptions } from "../src/app.ts";
import { bootstrap, openServices } from "../src/bootstrap.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { memoryCounters } from "../src/lib/counters.ts";
import { hashPassword } from "../src/lib/crypto.ts";
import { createMailer, type Mail, type Mailer } from "../src/lib/mailer.ts";
import { createPublicCache } from "../src/lib/public-cache.ts";
import { usersRepository } from "../src/routes/auth/repository.ts";

export const ADMIN = { email: "admin@example.com", password: "Admin-pass-1" };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Mail sent through the in-memory mailer (empty when SMTP_URL is given). */
  mails: Mail[];
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  login(email?: string, password?: string): Promise<string>;
  csrf(token: string): Promise<string>;
  /** Authenticated request with a fresh CSRF token on writes. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A member; `access` gives a level and sites (migration 0018's default: an Owner of every site). */
  createUser(email: string, password: string, role?: string, access?: Member): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh copy of the migrated template database, with in-memory counters and cache.
 * Given DATABASE_URL (and REDIS_URL) it is wired as in production instead (`openServices`): several
 * instances built on one database and one Redis share what production instances share.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { logLines?: string[]; jobsClock?: Clock } = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST_DIR: "/nonexistent",
    ...env,
  });
  const front: FrontDoor = {};
  const base = serverOptions(config, front);
  const logLines = options.logLines;
  const fastify = Fastify(
    logLines
      ? {
          ...base,
          logger: {
            ...(base.logger as object),
            level: "trace",
            stream: { write: (line: string) => void logLines.push(line) },
          },
        }
      : base,
  );
  const mails: Mail[] = [];
  const mailer: Mailer = config.SMTP_URL
    ? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: fastify.log })
    : { smtp: false, from: config.MAIL_FROM, send: async (mail) => void mails.push(mail) };
  const services = config.DATABASE_URL
    ? await openServices(config, fastify.log)
    : await createTestDatabase("api").then((db) => ({
        db,
        counters: memoryCounters(),
        publicCache: createPublicCache(),
        redis: undefined,
        close: () => db.close(),
      }));
  const { db } = services;
  await bootstrap(db, config, fastify.log, () => {});
  await fastify.register(app, {
    config,
    db,
    counters: services.counters,
    mailer,
    publicCache: services.publicCache,
    redis: services.redis,
    front,
    // pg-boss's start costs 0.3-2 s of the one embedded connection, and most files never use jobs.
    jobs: "on-first-use",
    ...(options.jobsClock ? { jobsClock: options.jobsClock } : {}),
  });
  await fastify.ready();

  const inject = (options: InjectOptions) => fastify.inject(options);
  const csrf = async (token: string) => {
    const response = await inject({
      method: "GET",
      url: "/api/v1/csrf",
      headers: { authorization: `Bearer ${token}` },
    });
    return response.json().csrfToken as string;
  };
  return {
    app: fastify,
    config,
    mails,
    inject,
    csrf,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const response = await inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email, password },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return response.json().data.token as string;
    },
    async as(token, options) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        ...(options.headers as Record<string, string>),
      };
      if (options.method && options.method !== "GET") headers["x-csrf-token"] = await csrf(token);
      return inject({ ...options, headers });
    },
    async createUser(email, password, role = "admin", access) {
      const user = await usersRepository(db).create({
        email,
        passwordHash: await hashPassword(password),
        role,
      });
      if (access)
        await db.query("update users set level = $2, sites = $3 where id = $1", [
          user.id,
          access.level,
          access.sites,
        ]);
    },
    async close() {
      await fastify.close();
      await services.close();
    },
  };
}

type AdminMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A test file's app with the administrator signed in: a `TestApp` plus the admin's token. */
export interface SignedInApp extends Omit<TestApp, "close"> {
  /** The administrator's bearer token. */
  readonly token: string;
  /** The administrator's request (a fresh CSRF token on writes). */
  admin(
    method: AdminMethod,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * Registers the `beforeAll` that builds the app and signs the administrator in, and the `afterAll`
 * that closes it. The handle is created at once but usable only inside tests and later hooks.
 * `env` is read in that `beforeAll`, so it may use what earlier hooks started (a stub's port).
 */
export function signedInApp(env: () => Record<string, string> = () => ({})): SignedInApp {
  let built: { app: TestApp; token: string } | undefined;
  beforeAll(async () => {
    const app = await buildTestApp(env());
    built = { app, token: await app.login() };
  });
  afterAll(() => built?.app.close());
  const current = () => {
    if (!built) throw new Error("signedInApp() is usable only once its beforeAll has run");
    return built;
  };
  const testApp = () => current().app;
  return {
    get app() {
      return testApp().app;
    },
    get config() {
      return testApp().config;
    },
    get mails() {
      return testApp().mails;
    },
    get token() {
      return current().token;
    },
    inject: (options) => testApp().inject(options),
    login: (email, password) => testApp().login(email, password),
    csrf: (token) => testApp().csrf(token),
    as: (token, options) => testApp().as(token, options),
    createUser: (email, password, role, access) => testApp().createUser(email, password, role, access),
    admin: (method, url, payload, headers = {}) =>
      testApp().as(current().token, { method, url, headers, ...(payload ? { payload } : {}) }),
  };
}

/**
 * Reads the app's `/metrics` as a scraper on this host does; the returned function gives a metric's
 * value summed over the samples whose labels include `labels` (0 when nothing was recorded yet).
 */
export async function scrapeMetrics(
  t: Pick<TestApp, "inject">,
): Promise<(name: string, labels?: Record<string, string>) => number> {
  const response = await t.inject({ method: "GET", url: "/metrics" });
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}`);
  const samples = response.body
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [, name, labelText = "", value] = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1]!, match[2]!]),
      );
      return { name: name!, labels, value: Number(value) };
    });
  return (name, labels = {}) =>
    samples
      .filter(
        (sample) =>
          sample.name === name &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      )
      .reduce((sum, sample) => sum + sample.value, 0);
}
