// The api instances the sections of `npm run bench` start: each on its own data directory below one
// scratch folder (removed at the end), signed in as the admin, and stopped by run.ts when a section
// fails or the run ends; and the scratch PostgreSQL databases dropped at the end.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, type Running, scratchPostgres, startServer } from "./lib.ts";

const API = "apps/api/src/server.ts";
export const CONTENT = "apps/content/src/server.ts";
export const ADMIN_PASSWORD = "bench-password-1";

/** The scratch folder of the run: each server's data directory is below it. */
export const work = mkdtempSync(join(tmpdir(), "bench-"));
export const running: Running[] = [];
export const postgresCleanups: (() => Promise<void>)[] = [];

export async function api(name: string, env: Record<string, string> = {}) {
  const server = await startServer(API, {
    DATA_DIR: join(work, name),
    ADMIN_PASSWORD,
    SEED_DEMO: "true",
    WEB_DIST_DIR: join(ROOT, "apps/web/dist"),
    // On PostgreSQL the api refuses to start without a configured signing secret (32 bytes or more).
    ...(env.DATABASE_URL ? { CONTENT_HMAC_SECRET: "bench-content-secret-0123456789abcdef" } : {}),
    ...env,
  });
  running.push(server);
  return server;
}

/** A session of the admin on the api at `base`: its bearer token and CSRF token. */
export async function session(base: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const authorization = `Bearer ${token}`;
  const csrf = (await (await fetch(`${base}/api/v1/csrf`, { headers: { authorization } })).json()) as {
    csrfToken: string;
  };
  return { authorization, csrf: csrf.csrfToken };
}

/** A scratch PostgreSQL database dropped at the end, or undefined when none answers. */
export async function postgresFor(name: string) {
  const database = await scratchPostgres(name);
  if (database) postgresCleanups.push(database.drop);
  return database;
}
