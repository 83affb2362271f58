import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BACKUP_MESSAGES as M } from "@backoffice/contracts/backups";
import { type Database, newId, restoreDatabase } from "@backoffice/db";
import { createTestDatabase } from "@backoffice/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupRefused } from "./backup-file.ts";
import {
  createBackups,
  directContentStore,
  readWhole,
  rowBatches,
  toKeep,
  verifyApart,
  writeBackup,
} from "./backups.ts";

// The backup's own rules on the test engine (PGlite, or PostgreSQL with TEST_DB_KIND=postgres), the
// content database opened directly as `npm run restore` does.
let api: Database;
let content: Database;
const dir = mkdtempSync(join(tmpdir(), "h5-backups-lib-"));
const log = pino({ level: "silent" });

beforeAll(async () => {
  [api, content] = await Promise.all([createTestDatabase("api"), createTestDatabase("content")]);
}, 60_000);
afterAll(async () => {
  await Promise.all([api?.close(), content?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const backups = (key?: string) =>
  createBackups({
    db: api,
    content: directContentStore(content),
    dataDir: join(dir, "data"),
    backupDir: join(dir, "backups"),
    encryptionKey: key,
    keepDaily: 7,
    keepWeekly: 4,
    log,
  });

/** A member and a row counting it, in one transaction: a consistent snapshot has as many of each. */
async function writePair(db: Database, n: number) {
  await db.transaction(async (tx) => {
    await tx.query("insert into users (id, email, password_hash) values ($1, $2, 'x')", [
      newId(),
      `w${n}@example.com`,
    ]);
    await tx.query("insert into daily_counts (tbl, site, day, n) values ($1, 'apkw', '2026-01-01', 1)", [
      `w${n}`,
    ]);
  });
}
const count = async (db: Database, sql: string) => Number((await db.query<{ n: number }>(sql))[0]!.n);

describe("backup files", () => {
  it("takes one point in time while writes run", async () => {
    let stop = false;
    let written = 0;
    const writes = (async () => {
      while (!stop) {
        await writePair(api, written++);
        // PGlite in this thread answers without reaching the event loop: let timers and I/O run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const path = join(dir, "consistent.backup");
    const manifest = await writeBackup(path, { db: api, content: directContentStore(content), dataDir: dir });
    stop = true;
    await writes;
    expect(written).toBeGreaterThan(1);
    // As many members as counting rows (and one member more: the template's none, so equal).
    expect(manifest.databases.api.tables.users).toBe(manifest.databases.api.tables.daily_counts);
    const { manifest: read } = await readWhole(path, undefined);
    expect(read.databases.api.tables).toEqual(manifest.databases.api.tables);
    // The same file cut short, or with a byte changed: refused, saying which.
    const bytes = readFileSync(path);
    const refusal = async (changed: Buffer) => {
      writeFileSync(`${path}.bad`, changed);
      return readWhole(`${path}.bad`, undefined).then(
        () => undefined,
        (error: BackupRefused) => error.kind,
      );
    };
    expect(await refusal(bytes.subarray(0, bytes.length - 100))).toBe("truncated");
    expect(await refusal(Buffer.from(bytes.map((byte, i) => (i === 40 ? byte ^ 0xff : byte))))).toBe(
      "corrupted",
    );
  }, 60_000);

  it("keeps rows whole however large (a batch over 1 MB)", async () => {
    const big = "x".repeat(600_000);
    for (const n of [1, 2, 3])
      await api.query("insert into users (id, email, password_hash) values ($1, $2, $3)", [
        newId(),
        `big${n}@example.com`,
        big,
      ]);
    const path = join(dir, "large.backup");
    await writeBackup(path, { db: api, content: directContentStore(content), dataDir: dir });
    let large = 0;
    for await (const { table, rows } of rowBatches(path, undefined, "api"))
      for (const row of rows) if (table === "users" && JSON.parse(row).password_hash === big) large += 1;
    expect(large).toBe(3);
    await api.query("delete from users where email like 'big%'");
  }, 60_000);

  it("is unreadable without its key, and refused with the wrong key, naming which", async () => {
    const path = join(dir, "encrypted.backup");
    await writeBackup(path, {
      db: api,
      content: directContentStore(content),
      dataDir: dir,
      encryptionKey: "the-right-key-0123456789",
    });
    const refusal = (key?: string) =>
      readWhole(path, key).then(
        () => undefined,
        (error: BackupRefused) => error,
      );
    expect(await refusal(undefined)).toMatchObject({ kind: "key-missing", message: M.keyMissing });
    expect(await refusal("a-wrong-key-0123456789")).toMatchObject({ kind: "key-wrong", message: M.keyWrong });
    expect((await readWhole(path, "the-right-key-0123456789")).manifest.format).toBe("backoffice-backup");
  }, 60_000);

  it("verifies in a process of its own, which answers why a file fails", async () => {
    const path = join(dir, "apart.backup");
    await writeBackup(path, { db: api, content: directContentStore(content), dataDir: dir });
    await verifyApart(path, undefined, join(dir, ".verify-apart"));
    writeFileSync(`${path}.cut`, readFileSync(path).subarray(0, 200));
    await expect(verifyApart(`${path}.cut`, undefined, join(dir, ".verify-cut"))).rejects.toThrow(
      M.truncated,
    );
  }, 120_000);

  it("puts every index back after a restore (built once after the rows)", async () => {
    const indexes = () =>
      api.query("select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname");
    const before = await indexes();
    const path = join(dir, "indexes.backup");
    await writeBackup(path, { db: api, content: directContentStore(content), dataDir: dir });
    await restoreDatabase(api, rowBatches(path, undefined, "api"));
    expect(await indexes()).toEqual(before);
  }, 60_000);

  it("refuses a backup from a newer version, changing nothing", async () => {
    await api.query("insert into schema_migrations (name) values ('9999_from_the_future.sql')");
    const service = backups();
    await service.take().catch(() => undefined);
    await api.query("delete from schema_migrations where name = '9999_from_the_future.sql'");
    const [taken] = service.list();
    expect(taken).toBeDefined();
    const users = await count(api, "select count(*)::int as n from users");
    await writePair(api, -1);
    const error = await service.restore(taken!.id).catch((e: BackupRefused) => e);
    expect(error).toBeInstanceOf(BackupRefused);
    expect((error as BackupRefused).message).toBe(M.newer("9999_from_the_future.sql"));
    expect(await count(api, "select count(*)::int as n from users")).toBe(users + 1);
  }, 120_000);
});

describe("a failed backup", () => {
  it("is listed as failed with its reason, leaves no partial file, and Owners are told", async () => {
    const told: string[] = [];
    const service = createBackups({
      db: api,
      content: {
        snapshot: () => Promise.reject(new Error("The content service is unavailable")),
        counts: async () => ({}),
        restore: async () => ({}),
      },
      dataDir: join(dir, "data"),
      backupDir: join(dir, "failing"),
      keepDaily: 7,
      keepWeekly: 4,
      log,
      notify: async (subject) => void told.push(subject),
    });
    await expect(service.take()).rejects.toThrow("The content service is unavailable");
    expect(service.list()).toMatchObject([
      { status: "failed", verified: false, size: 0, error: "The content service is unavailable" },
    ]);
    expect(readdirSync(join(dir, "failing")).filter((name) => name.endsWith(".partial"))).toEqual([]);
    expect(told).toEqual(["A backup failed"]);
  });
});

describe("retention", () => {
  it("keeps the last 24 hours, the newest of each of 7 days and of 4 weeks", () => {
    const now = Date.parse("2026-03-31T12:00:00Z");
    const times = Array.from({ length: 60 * 2 }, (_, i) => {
      const at = new Date(now - i * 12 * 3_600_000).toISOString();
      return { id: at, createdAt: at };
    });
    const kept = [...toKeep(times, 7, 4, now)].sort().reverse();
    // Two in the last 24 hours, one a day for the 7 days (6 more), the newest of the 2 weeks before.
    expect(kept.slice(0, 3)).toEqual([
      "2026-03-31T12:00:00.000Z",
      "2026-03-31T00:00:00.000Z",
      "2026-03-30T12:00:00.000Z",
    ]);
    expect(kept).toHaveLength(2 + 6 + 2);
    expect(kept.at(-1)).toBe("2026-03-15T12:00:00.000Z");
  });
});
