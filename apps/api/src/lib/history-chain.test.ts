import { spawn } from "node:child_process";
import { join } from "node:path";
import { openDatabase } from "@backoffice/db";
import { createTestPostgresDatabase, testDatabaseKind } from "@backoffice/db/testing";
import { describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../test/helpers.ts";
import { validApp } from "../routes/apps/app.testing.ts";
import { removeExpiredHistory, verifyHistoryChain } from "./history-chain.ts";

// History's hash chain (migration 0065, decision 026): linked in the writing transaction, verified by
// `npm run history -- verify`, kept intact by retention through the anchor.
const t = signedInApp();
const DAY_MS = 24 * 3600_000;

/** Admin writes through the API: each is a History entry (an app created). */
async function appsCreated(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await t.admin(
      "POST",
      "/api/v1/apkw/apps",
      validApp({ title: `Chain ${index} ${Math.random()}` }),
    );
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().data._id as string);
  }
  return ids;
}

/** The History entries' ids in chain order. */
const chain = async () =>
  (await t.app.db.query<{ id: string }>("select entry_id::text as id from audit_log_chain order by seq")).map(
    (row) => row.id,
  );

const messages = async () => (await verifyHistoryChain(t.app.db)).problems.map((problem) => problem.message);

describe("History's hash chain", () => {
  it("links every entry to the one before it in the transaction that writes it", async () => {
    await appsCreated(3);
    const rows = await t.app.db.query<{ seq: string; prev_hash: string; hash: string }>(
      "select seq::text as seq, prev_hash, hash from audit_log_chain order by seq",
    );
    expect(rows.length).toBeGreaterThanOrEqual(4); // the sign-in and the three apps
    rows.forEach((row, index) => {
      expect(Number(row.seq)).toBe(index + 1);
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.prev_hash).toBe(index === 0 ? "0".repeat(64) : rows[index - 1]!.hash);
    });
    const report = await verifyHistoryChain(t.app.db);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(rows.length);
    expect(report.head).toEqual({ seq: rows.length, hash: rows.at(-1)!.hash });
  });

  it("links a commit of thousands of entries in chunks, in order, with no gap", async () => {
    const [{ last } = { last: "0" }] = await t.app.db.query<{ last: string }>(
      "select coalesce(max(id), 0)::text as last from audit_log",
    );
    await t.app.db.query(
      `insert into audit_log (site, resource, record_id, action, after)
       select 'apkw', 'apps', 'bulk-' || n, 'create', jsonb_build_object('n', n) from generate_series(1, 2500) n`,
    );
    const linked = await chain();
    const written = (
      await t.app.db.query<{ id: string }>(
        "select id::text as id from audit_log where id > $1 order by audit_log.id",
        [last],
      )
    ).map((row) => row.id);
    expect(written).toHaveLength(2500);
    expect(linked.slice(-2500)).toEqual(written);
    expect(await messages()).toEqual([]);
  });

  it("a rolled-back write leaves no entry and no gap", async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.query(
          "insert into audit_log (site, resource, record_id, action) values ('apkw', 'apps', 'x', 'create')",
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await appsCreated(1);
    expect(await messages()).toEqual([]);
  });

  it("names an entry whose field was changed, then one removed, outside the product", async () => {
    await appsCreated(3);
    const ids = await chain();
    const changed = ids.at(-3)!;
    await t.app.db.query("update audit_log set actor_email = 'someone.else@example.com' where id = $1", [
      changed,
    ]);
    expect(await messages()).toEqual([`Entry ${changed} was changed: its fields no longer match its hash.`]);
    await t.app.db.query("update audit_log set actor_email = $2 where id = $1", [
      changed,
      "admin@example.com",
    ]);
    expect(await messages()).toEqual([]);

    const [before, removed, after] = ids.slice(-4, -1);
    await t.app.db.query("delete from audit_log where id = $1", [removed]);
    expect(await messages()).toEqual([`Entry ${removed} was removed (it followed entry ${before}).`]);
    // With its link removed too, the gap in the places names the entries around it.
    await t.app.db.query("delete from audit_log_chain where entry_id = $1", [removed]);
    expect(await messages()).toEqual([`1 entry was removed between entry ${before} and entry ${after}.`]);
  });

  it("names a rewritten hash and the newest entries removed", async () => {
    const ids = await chain();
    const last = ids.at(-1)!;
    await t.app.db.query("update audit_log_chain set hash = repeat('a', 64) where entry_id = $1", [last]);
    expect(await messages()).toContain(`Entry ${last} was changed: its fields no longer match its hash.`);
    await t.app.db.query("delete from audit_log where id = $1", [last]);
    await t.app.db.query("delete from audit_log_chain where entry_id = $1", [last]);
    expect(await messages()).toContain(`The 1 newest entry, after entry ${ids.at(-2)}, was removed.`);
  });
});

describe("retention", () => {
  it("is for ever by default; an Owner sets N days (30 or more) on the Integrations routes", async () => {
    expect((await t.admin("GET", "/api/v1/history/retention")).json().data).toEqual({ days: null });
    const short = await t.admin("PUT", "/api/v1/history/retention", { days: 7 });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("days must be at least 30");
    const wrong = await t.admin("PUT", "/api/v1/history/retention", { days: "ninety" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("days");
    await t.createUser("editor.retention@example.com", "Editor-pass-1", "admin", {
      level: "editor",
      sites: null,
    });
    const editor = await t.login("editor.retention@example.com", "Editor-pass-1");
    const refused = await t.as(editor, {
      method: "PUT",
      url: "/api/v1/history/retention",
      payload: { days: 90 },
    });
    expect(refused.statusCode).toBe(403);
    const saved = await t.admin("PUT", "/api/v1/history/retention", { days: 90 });
    expect(saved.json()).toEqual({
      status: "success",
      data: { days: 90 },
      message: "History retention saved",
    });
    expect((await t.admin("GET", "/api/v1/history/retention")).json().data).toEqual({ days: 90 });
  });

  it("removes the entries older than N days as the chain's oldest, keeping it verifiable", async () => {
    // A clean chain for this test: the earlier tests tampered with it.
    await t.app.db.query("delete from audit_log");
    await t.app.db.query("delete from audit_log_chain");
    await t.app.db.query(
      "update audit_chain set head_seq = 0, head_hash = repeat('0', 64), anchor_seq = 0, anchor_hash = repeat('0', 64)",
    );
    // Entries written 120 and 100 days ago (inserted by SQL: linked at their commit like any other).
    await t.app.db.query(
      `insert into audit_log (at, site, resource, record_id, action)
       select now() - make_interval(days => d), 'apkw', 'apps', 'old' || d, 'create' from unnest(array[120, 100]) d`,
    );
    await appsCreated(2);
    const before = await chain();
    expect(await removeExpiredHistory(t.app.db)).toBe(2);
    expect(await chain()).toEqual(before.slice(2));
    const [anchor] = await t.app.db.query<{ anchor_seq: string }>("select anchor_seq::text from audit_chain");
    expect(anchor!.anchor_seq).toBe("2");
    expect(await messages()).toEqual([]);
    // Removing the oldest kept entry by hand is not retention: verify names it.
    await t.app.db.query("delete from audit_log where id = $1", [before[2]]);
    expect(await messages()).toEqual([`Entry ${before[2]} was removed (the oldest entry kept).`]);
    await t.app.db.query("delete from audit_log_chain where entry_id = $1", [before[2]]);
    expect(await messages()).toEqual([
      `1 of the oldest entries, before entry ${before[3]}, were removed outside the product (retention keeps the chain's anchor).`,
    ]);
  });

  it("runs as the history-retention job", async () => {
    await t.app.db.query("update history_settings set retention_days = 30");
    await t.app.db.query(
      "insert into audit_log (at, site, resource, record_id, action) values (now() - interval '45 days', 'apkw', 'apps', 'older', 'create')",
    );
    // Ten years on, every entry is past 30 days.
    expect(await removeExpiredHistory(t.app.db, new Date(Date.now() + 3650 * DAY_MS))).toBeGreaterThan(0);
    expect(await chain()).toEqual([]);
    await t.app.db.query(
      "insert into audit_log (at, site, resource, record_id, action) values (now() - interval '45 days', 'apkw', 'apps', 'older', 'create')",
    );
    await appsCreated(1);
    const run = await t.admin("POST", "/api/v1/jobs/history-retention/run");
    expect(run.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const jobs = (await t.admin("GET", "/api/v1/jobs")).json().data as {
          name: string;
          lastRun: { summary: string } | null;
        }[];
        expect(jobs.find((job) => job.name === "history-retention")!.lastRun).toMatchObject({
          summary: "1 entry older than 30 days removed.",
        });
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(await messages()).toEqual([]);
  });
});

describe.runIf(testDatabaseKind() === "postgres")("on PostgreSQL", () => {
  it("keeps one valid chain under concurrent writers", async () => {
    const [before] = await t.app.db.query<{ n: number }>("select count(*)::int as n from audit_log");
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let index = 0; index < 5; index += 1)
        await t.app.db.transaction(async (tx) => {
          await tx.query("select set_config('audit.context', $1, true)", [
            JSON.stringify({
              batch: crypto.randomUUID(),
              actorEmail: `writer${writer}@example.com`,
              site: "apkw",
            }),
          ]);
          await tx.query(
            "insert into audit_log (site, resource, record_id, action) select 'apkw', 'apps', 'w' || g, 'create' from generate_series(1, 3) g",
          );
          await tx.query("select pg_sleep(0.001)");
          await tx.query(
            "insert into audit_log (site, resource, record_id, action) values ('apkw', 'apps', 'after', 'update')",
          );
        });
    });
    await Promise.all(writers);
    const [after] = await t.app.db.query<{ n: number }>("select count(*)::int as n from audit_log");
    expect(after!.n - before!.n).toBe(8 * 5 * 4);
    expect(await messages()).toEqual([]);
  });

  it("`npm run history -- verify` exits 0 when intact and 1 naming the entry changed", async () => {
    const database = await createTestPostgresDatabase("api");
    try {
      const db = await openDatabase({ url: database.url });
      await db.query(
        "insert into audit_log (site, resource, record_id, action) select 'apkw', 'apps', 'c' || g, 'create' from generate_series(1, 5) g",
      );
      const cli = () =>
        new Promise<{ code: number; output: string }>((resolve) => {
          const child = spawn(process.execPath, [join(import.meta.dirname, "../cli/history.ts"), "verify"], {
            env: { PATH: process.env.PATH, DATABASE_URL: database.url, LOG_LEVEL: "warn" },
            stdio: ["ignore", "pipe", "pipe"],
          });
          let output = "";
          child.stdout!.on("data", (chunk) => (output += chunk));
          child.stderr!.on("data", (chunk) => (output += chunk));
          child.on("exit", (code) => resolve({ code: code ?? -1, output }));
        });
      const intact = await cli();
      expect(intact.output).toMatch(/^History is intact: \d+ entries checked/m);
      expect(intact.code).toBe(0);
      const [entry] = await db.query<{ id: string }>(
        "select entry_id::text as id from audit_log_chain order by seq limit 1",
      );
      await db.query("update audit_log set record_id = 'forged' where id = $1", [entry!.id]);
      const tampered = await cli();
      expect(tampered.output).toContain(
        `Entry ${entry!.id} was changed: its fields no longer match its hash.`,
      );
      expect(tampered.output).toContain("History is NOT intact: 1 problem");
      expect(tampered.code).toBe(1);
      await db.close();
    } finally {
      await database.drop();
    }
  }, 60_000);
});
