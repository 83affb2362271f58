// Real processes for the fault tests: api instances and the content service spawned from their entry
// points, a private Redis the test may kill, and the admin's session over HTTP.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@backoffice/server/free-port";
import pg from "pg";
import { buildSandbox } from "../apps/sandbox/src/app.ts";

export const SECRET = "fault-test-secret-0123456789abcdef0123456789abcdef";
export const ADMIN = { email: "fault.admin@example.com", password: "Fault-admin-1" };
const root = join(import.meta.dirname, "..");
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The engine of this Vitest project (reliability-pglite or reliability-postgres). */
export const engine = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";

/** A server process started from its entry point, restartable on the same port. */
export class Service {
  child: ChildProcess | null = null;
  readonly url: string;
  readonly entry: string;
  readonly port: number;
  readonly env: Record<string, string>;
  constructor(entry: string, port: number, env: Record<string, string>) {
    this.entry = entry;
    this.port = port;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
  }
  /** Spawns it and resolves once `/readyz` answers 200; returns the milliseconds that took. */
  async start() {
    const began = Date.now();
    this.child = spawn(process.execPath, [join(root, this.entry)], {
      cwd: root,
      env: { PATH: process.env.PATH, LOG_LEVEL: "error", SEED_DEMO: "false", ...this.env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`${this.entry} exited while starting`);
      try {
        if ((await fetch(`${this.url}/readyz`)).ok) break;
      } catch {}
      await sleep(50);
    }
    return Date.now() - began;
  }
  /** Sends `signal` and waits for the process to end; returns the milliseconds that took. */
  async stop(signal: NodeJS.Signals = "SIGKILL") {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return 0;
    const began = Date.now();
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await gone;
    return Date.now() - began;
  }
}

/** A private `redis-server` (never the shared one): killed and started again on the same port. */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      // Ready once it accepts a connection.
      for (;;) {
        const up = await new Promise<boolean>((resolve) => {
          const socket = connect(port, "127.0.0.1");
          socket.once("connect", () => resolve(true)).once("error", () => resolve(false));
          setTimeout(() => resolve(false), 200);
          socket.unref();
        });
        if (up) return;
        await sleep(20);
      }
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const gone = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await gone;
    },
  };
  await redis.start();
  return redis;
}
async function onPostgres(sql: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

/**
 * The sandbox (in this process), the content service and `instances` api processes on one database:
 * PGlite in a temporary DATA_DIR (one instance only: its files are locked), or fresh PostgreSQL
 * databases of TEST_DATABASE_URL's server.
 */
export async function startBackOffice(options: { instances: number; env?: Record<string, string> }) {
  const dataDir = mkdtempSync(join(tmpdir(), "backoffice-fault-"));
  const sandbox = buildSandbox();
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as { port: number }).port}`;
  // Named test_… so that CI's clean-up drops them even after a killed run.
  const suffix = `${process.pid}_${Date.now()}`;
  const databases: Record<string, string> = {};
  if (engine === "postgres") {
    for (const [variable, name] of [
      ["DATABASE_URL", `test_fault_api_${suffix}`],
      ["CONTENT_DATABASE_URL", `test_fault_content_${suffix}`],
    ] as const) {
      await onPostgres(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      databases[variable] = url.href;
    }
  } else if (options.instances > 1) throw new Error("PGlite serves one api instance");
  const content = new Service("apps/content/src/server.ts", await freePort(), {
    CONTENT_PORT: "",
    DATA_DIR: dataDir,
    CONTENT_HMAC_SECRET: SECRET,
    SANDBOX_URL: sandboxUrl,
    ...databases,
  });
  content.env.CONTENT_PORT = String(content.port);
  const apis: Service[] = [];
  for (let index = 0; index < options.instances; index++)
    apis.push(
      new Service("apps/api/src/server.ts", await freePort(), {
        DATA_DIR: dataDir,
        CONTENT_HMAC_SECRET: SECRET,
        CONTENT_URL: content.url,
        SANDBOX_URL: sandboxUrl,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        WEB_DIST_DIR: "/nonexistent",
        TRUST_PROXY: "true",
        ...databases,
        ...options.env,
      }),
    );
  for (const api of apis) api.env.PORT = String(api.port);
  await content.start();
  // One after the other: the first creates the admin.
  for (const api of apis) await api.start();
  return {
    apis,
    content,
    /** The api's PostgreSQL database (undefined on PGlite). */
    databaseUrl: databases.DATABASE_URL,
    async stop() {
      for (const service of [...apis, content]) await service.stop();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      for (const url of Object.values(databases))
        await onPostgres(`drop database if exists ${new URL(url).pathname.slice(1)}`);
    },
  };
}

/** Signs the admin in on `base`: its bearer token and a CSRF token for writes. */
export async function adminSession(base: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.250.0.1" },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const csrf = (
    (await (
      await fetch(`${base}/api/v1/csrf`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      csrfToken: string;
    }
  ).csrfToken;
  return { authorization: `Bearer ${token}`, "x-csrf-token": csrf };
}
