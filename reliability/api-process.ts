// Real processes for the start, PostgreSQL and stop fault tests: the api started as an operator starts
// it (`node apps/api/src/server.ts` with its environment, its output kept), databases of its own on the
// shared PostgreSQL, and a private PostgreSQL server that a test may stop and start again.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@backoffice/server/free-port";
import pg from "pg";

const root = join(import.meta.dirname, "..");
export const SECRET = "reliability-content-secret-0123456789abcdef";
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed, stdout and stderr. */
  output(): string;
  /** Its exit code (or the signal's name) once it exits. */
  exited: Promise<number | string>;
  /** Resolves once `/readyz` answers 200; throws if it exits first or takes longer than `ms`. */
  ready(ms?: number): Promise<number>;
}

/**
 * One api process on a free port, with a fresh DATA_DIR unless `env` names one; `via` runs it under
 * another program (e.g. `["strace", ...options]`), which then is `child`.
 */
export async function spawnApi(env: Record<string, string>, via: string[] = []): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "backoffice-fault-"));
  const [command, ...args] = [...via, process.execPath, join(root, "apps/api/src/server.ts")];
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: "error",
      SEED_DEMO: "false",
      WEB_DIST_DIR: "/nonexistent",
      CONTENT_HMAC_SECRET: SECRET,
      TRUST_PROXY: "true",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => {
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? -1);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    output: () => output,
    exited,
    async ready(ms = 60_000) {
      const began = Date.now();
      while (Date.now() - began < ms) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`api exited while starting: ${output}`);
        try {
          if ((await fetch(`${url}/readyz`)).ok) return Date.now() - began;
        } catch {}
        await sleep(50);
      }
      throw new Error(`api not ready within ${ms} ms: ${output}`);
    },
  };
}

/** Ends a process and waits for it, with SIGKILL if it is still there after `ms`. */
export async function stopApi(server: ApiProcess, signal: NodeJS.Signals = "SIGTERM", ms = 15_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill("SIGKILL"), ms);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

async function onDatabase<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A new empty database on the server of `serverUrl`, named `test_<what>_…` (so CI's clean-up drops
 * it even after a killed run); only this database is ever dropped.
 */
export async function freshDatabase(serverUrl: string, what: string) {
  const name = `test_${what}_${process.pid}_${Date.now()}`;
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  const server = url.href;
  await onDatabase(server, `create database ${name}`);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    query: <T>(sql: string, params: unknown[] = []) => onDatabase<T>(url.href, sql, params),
    drop: () => onDatabase(server, `drop database if exists ${name} with (force)`),
  };
}

function postgresBin(): string {
  const base = "/usr/lib/postgresql";
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  if (!version) throw new Error("PostgreSQL's server binaries (initdb, pg_ctl) are not installed");
  return join(base, version, "bin");
}

/**
 * A PostgreSQL server of the test's own: initdb in a temporary directory and pg_ctl on a free port,
 * as the postgres user when the test runs as root (PostgreSQL refuses to run as root).
 */
export async function privatePostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "backoffice-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { stdio: "pipe" })
      : execFileSync(join(bin, tool), args, { stdio: "pipe" });
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]),
    /** `fast`: open sessions are ended (57P01) and new connections refused, as in a restart. */
    stop: (mode: "fast" | "immediate" = "fast") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]),
    destroy() {
      try {
        server.stop("immediate");
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
