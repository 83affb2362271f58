import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@backoffice/server/free-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "./api-process.ts";
import { ADMIN, adminSession, engine, SECRET, Service, sleep, startBackOffice } from "./faults.ts";

// Backups against kill -9 (docs/BACKUPS.md): the api and the content service spawned from their
// entry points, the api killed with SIGKILL while a backup is written and while a restore runs; and
// `npm run restore` (spawned) of a backup the product made into an empty DATA_DIR, then started.
const KEY = "reliability-backup-key-0123456789";
const root = join(import.meta.dirname, "..");
const backupDir = mkdtempSync(join(tmpdir(), "backoffice-backups-"));
let services: Awaited<ReturnType<typeof startBackOffice>>;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  services = await startBackOffice({
    instances: 1,
    env: { BACKUP_DIR: backupDir, BACKUP_ENCRYPTION_KEY: KEY },
  });
}, 240_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await services?.stop();
  rmSync(backupDir, { recursive: true, force: true });
});

interface Listed {
  id: string;
  status: string;
  verified: boolean;
  kind: string;
}
const api = () => services.apis[0]!;
async function call(method: string, path: string, body?: unknown, base = api().url) {
  const headers = await adminSession(base);
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  return { status: answer.status, json: (await answer.json()) as { data: unknown; message?: string } };
}
const listed = async (base = api().url) =>
  (await call("GET", "/api/v1/backups", undefined, base)).json.data as Listed[];
/** The subscribers' emails (public writes to one table) in order: the data a restore puts back. */
const emails = async (base = api().url) =>
  ((await call("GET", "/api/v1/apkw/emails?limit=100", undefined, base)).json.data as { email: string }[])
    .map((row) => row.email)
    .sort();
/** The contact messages (another table): a restore puts back both or neither. */
const contacts = async (base = api().url) =>
  ((await call("GET", "/api/v1/movies/contacts?limit=100", undefined, base)).json.data as { email: string }[])
    .map((row) => row.email)
    .sort();
let n = 0;
async function subscribe(base = api().url) {
  n += 1;
  const email = `kept${n}@backup.example`;
  const headers = { "content-type": "application/json", "x-forwarded-for": `10.77.0.${n}` };
  expect(
    (
      await fetch(`${base}/api/v1/public/apkw/emails`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email }),
      })
    ).status,
  ).toBe(201);
  const contact = { email, firstName: "Backup", lastName: `n${n}`, subject: "s", message: "m" };
  expect(
    (
      await fetch(`${base}/api/v1/public/movies/contacts`, {
        method: "POST",
        headers,
        body: JSON.stringify(contact),
      })
    ).status,
  ).toBe(201);
}
async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 600_000): Promise<T> {
  const began = Date.now();
  for (let wait = 20; Date.now() - began < ms; wait = Math.min(wait * 2, 1000)) {
    const found = await fn().catch(() => undefined);
    if (found !== undefined) return found;
    await sleep(wait);
  }
  throw new Error(`timed out waiting for ${what}`);
}
async function backUpNow(): Promise<Listed> {
  const before = new Set((await listed()).map((backup) => backup.id));
  expect((await call("POST", "/api/v1/backups")).status).toBe(202);
  return until("the backup", async () =>
    (await listed()).find((backup) => !before.has(backup.id) && backup.kind === "job"),
  );
}

describe(`backups and kill -9 on ${engine}`, () => {
  let backup: Listed;
  /** What `backup` holds. */
  let atBackup: { emails: string[]; contacts: string[] };

  it("kill -9 during a backup: no partial backup listed, the product starts, the next one works", async () => {
    await subscribe();
    expect((await call("POST", "/api/v1/backups")).status).toBe(202);
    // Killed while the file is written (a `.partial`) or verified (a `.verify-` folder).
    await until(
      "a backup being written",
      async () =>
        readdirSync(backupDir).find((name) => name.endsWith(".partial") || name.startsWith(".verify-")),
      300_000,
    );
    await api().stop("SIGKILL");
    await api().start();
    // Whatever the job runner does after the restart, a listed backup is whole and verified.
    for (const item of await listed()) {
      expect(item).toMatchObject({ status: "ready", verified: true });
      expect(existsSync(join(backupDir, `${item.id}.backup`))).toBe(true);
    }
    backup = await backUpNow();
    expect(backup).toMatchObject({ status: "ready", verified: true });
    expect(
      readdirSync(backupDir).filter((name) => name.includes(".partial") || name.startsWith(".verify-")),
    ).toEqual([]);
  }, 1_200_000);

  it("kill -9 during a restore: the previous state or the restored one, never a mix; the product starts", async () => {
    atBackup = { emails: await emails(), contacts: await contacts() };
    await subscribe();
    const now = { emails: await emails(), contacts: await contacts() };
    expect(now.emails).not.toEqual(atBackup.emails);
    const before = new Set((await listed()).map((item) => item.id));
    const restoring = call("POST", `/api/v1/backups/${backup.id}/restore`, {
      password: ADMIN.password,
    }).catch(() => undefined);
    // The safety backup is written first; the databases are replaced right after it is listed.
    await until("the safety backup", async () =>
      (await listed()).find((item) => !before.has(item.id) && item.kind === "safety"),
    );
    await sleep(Math.floor(Math.random() * 300));
    await api().stop("SIGKILL");
    await restoring;
    await api().start();
    const after = { emails: await emails(), contacts: await contacts() };
    // The api's tables together: both as at the backup, or both as before the restore.
    expect([JSON.stringify(atBackup), JSON.stringify(now)]).toContain(JSON.stringify(after));
  }, 1_200_000);

  it("`npm run restore` puts a backup the product made into an empty DATA_DIR, which then starts and serves", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "backoffice-restored-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const databases: Record<string, string> = {};
    if (engine === "postgres")
      for (const [variable, what] of [
        ["DATABASE_URL", "restored_api"],
        ["CONTENT_DATABASE_URL", "restored_content"],
      ] as const) {
        const db = await freshDatabase(process.env.TEST_DATABASE_URL!, what);
        cleanups.push(() => db.drop());
        databases[variable] = db.url;
      }
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      BACKUP_ENCRYPTION_KEY: KEY,
      LOG_LEVEL: "error",
      ...databases,
    };
    const cli = spawn(
      process.execPath,
      [join(root, "apps/api/src/cli/restore.ts"), join(backupDir, `${backup.id}.backup`), "--yes"],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    cli.stdout.on("data", (chunk) => (output += chunk));
    cli.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => cli.on("exit", resolve));
    expect(code, output).toBe(0);
    expect(output).toContain("Restored:");
    // The restored secrets are the content service's signing secret: both services start from them.
    const content = new Service("apps/content/src/server.ts", await freePort(), {
      DATA_DIR: dataDir,
      CONTENT_HMAC_SECRET: SECRET,
      ...databases,
    });
    content.env.CONTENT_PORT = String(content.port);
    const restored = new Service("apps/api/src/server.ts", await freePort(), {
      DATA_DIR: dataDir,
      CONTENT_HMAC_SECRET: SECRET,
      CONTENT_URL: content.url,
      WEB_DIST_DIR: "/nonexistent",
      TRUST_PROXY: "true",
      ...databases,
    });
    restored.env.PORT = String(restored.port);
    cleanups.push(
      () => restored.stop(),
      () => content.stop(),
    );
    await content.start();
    await restored.start();
    // The admin of the backup signs in; the subscribers and messages are the backup's.
    expect(await emails(restored.url)).toEqual(atBackup.emails);
    expect(await contacts(restored.url)).toEqual(atBackup.contacts);
  }, 1_200_000);
});
