import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAudit } from "./audit.ts";
import { type Database, openDatabase, PGLITE_EXTENSIONS, wrapPglite } from "./database.ts";
import { databaseThread } from "./pglite-thread.ts";

// The embedded database on its own thread (docs/decisions/018-embedded-database-thread.md), in a data
// folder as `npm start` opens it: the same answers and errors as PGlite on the caller's thread, and
// the caller's event loop free while a statement runs or commits sync.
const dir = mkdtempSync(join(tmpdir(), "db-thread-"));
let db: Database;
let local: Database;

beforeAll(async () => {
  db = await openDatabase({ dataDir: dir });
  local = wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  for (const each of [db, local])
    await each.query("create table items (id int primary key, note text not null, at timestamptz)");
});

afterAll(async () => {
  await db?.close();
  await local?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The largest delay of a 10-ms timer while `work` runs, and how long `work` took. */
async function timerLag(work: () => Promise<unknown>) {
  let late = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late = Math.max(late, now - last - 10);
    last = now;
  }, 10);
  const began = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  // A timer held up until the work ended would only fire after this: its delay counts too.
  const ended = performance.now();
  return { late: Math.max(late, ended - last - 10), took: ended - began };
}

describe("the embedded database's thread", () => {
  it("leaves the event loop free during a long statement", async () => {
    const { late, took } = await timerLag(() => db.query("select count(*) from generate_series(1, 4000000)"));
    expect(took).toBeGreaterThan(300);
    // Without the thread the timer waits for the whole work (late ≈ took); a busy machine delays it too.
    expect(late).toBeLessThan(took / 2);
  });

  it("leaves the event loop free during a burst of synced commits", async () => {
    const { late, took } = await timerLag(() =>
      Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          db.transaction((tx) => tx.query("insert into items values ($1, 'burst', now())", [1000 + n])),
        ),
      ),
    );
    expect(took).toBeGreaterThan(100);
    // Without the thread the timer waits for the whole work (late ≈ took); a busy machine delays it too.
    expect(late).toBeLessThan(took / 2);
    expect(await db.query("select count(*)::int as n from items where note = 'burst'")).toEqual([{ n: 200 }]);
  });

  it("answers the same values as PGlite on the caller's thread", async () => {
    const text = `select 1::int as int, 2::int8 as int8, 9007199254740993::int8 as big, 1.5::numeric as numeric,
      0.25::float8 as float, true as bool, 'x' as text, null::text as nothing,
      '2026-01-02T03:04:05.678Z'::timestamptz as at, '2026-01-02'::date as day,
      '{"a":[1,{"b":null}]}'::jsonb as jsonb, '[1,2]'::json as json, '\\x00ff10'::bytea as bytes,
      array[1,2,3] as ints, array['a',null] as texts, array[now()::date] as days,
      gen_random_uuid() is not null as uuid, '1 day'::interval as interval, $1::text[] as param,
      $2::timestamptz as param_at, $3::jsonb as param_json, $4::bytea as param_bytes`;
    const params = [["a", "b"], new Date("2026-05-06T07:08:09Z"), { x: [1, "y"] }, Buffer.from([1, 2])];
    const [there] = await db.query(text, params);
    const [here] = await local.query(text, params);
    expect(there).toEqual(here);
    expect(there!.at).toBeInstanceOf(Date);
    expect(there!.bytes).toBeInstanceOf(Uint8Array);
    expect(typeof there!.big).toBe("bigint");
    expect(typeof there!.int8).toBe("number");
  });

  it("throws PostgreSQL's errors with their fields", async () => {
    const failure = (on: Database) =>
      on.query("insert into items values (1, 'a', null), (1, 'b', null)").catch((error: unknown) => error);
    const there = (await failure(db)) as Error & Record<string, unknown>;
    const here = (await failure(local)) as Error & Record<string, unknown>;
    expect(there).toBeInstanceOf(here.constructor);
    expect(there.message).toBe(here.message);
    expect({ ...there }).toEqual({ ...here });
    expect(there).toMatchObject({
      code: "23505",
      constraint: "items_pkey",
      detail: "Key (id)=(1) already exists.",
    });
  });

  it("keeps a transaction's semantics: commit, rollback, an aborted transaction, the audit context", async () => {
    for (const on of [db, local]) {
      await on.transaction(async (tx) => {
        await tx.query("insert into items values (10, 'kept', null)");
      });
      await expect(
        on.transaction(async (tx) => {
          await tx.query("insert into items values (11, 'rolled back', null)");
          throw new Error("fails");
        }),
      ).rejects.toThrow("fails");
      // A statement failed inside and fn went on: COMMIT answers ROLLBACK, and the transaction throws.
      await expect(
        on.transaction(async (tx) => {
          await tx.query("insert into items values (12, 'aborted', null)");
          await tx.query("select 1/0").catch(() => {});
        }),
      ).rejects.toThrow();
      let saved: Record<string, unknown> | undefined;
      await expect(
        on.transaction(async (tx) => {
          saved = tx as unknown as Record<string, unknown>;
          return tx.query("select 1 as one");
        }),
      ).resolves.toEqual([{ one: 1 }]);
      await expect((saved as unknown as Database).query("select 1")).rejects.toThrow("Transaction is closed");
      expect(await on.query("select id from items where id between 10 and 12 order by id")).toEqual([
        { id: 10 },
      ]);
      const context = { batch: "b1", actorId: null, actorEmail: "a@example.com", address: null, site: null };
      const [read] = await withAudit(context, () =>
        on.query<{ context: string }>("select current_setting('audit.context', true) as context"),
      );
      expect(JSON.parse(read!.context)).toEqual(context);
      expect(await on.executeSql("select 1 as a; select 2 as b")).toEqual([
        { rows: [{ a: 1 }] },
        { rows: [{ b: 2 }] },
      ]);
      expect(await on.executeSql("select $1::int as a", [3])).toEqual({ rows: [{ a: 3 }] });
    }
  });

  it("queues a plain statement behind an open transaction, as PGlite does", async () => {
    const order: string[] = [];
    let inside!: () => void;
    const held = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into items values (20, 'first', null)");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push("transaction");
    });
    await held;
    const plain = db.query("select count(*)::int as n from items where id = 20").then((rows) => {
      order.push("plain");
      return rows;
    });
    await transaction;
    expect(await plain).toEqual([{ n: 1 }]);
    expect(order).toEqual(["transaction", "plain"]);
  });

  it("keeps what it committed across a close, and says when it is closed", async () => {
    await db.close();
    expect(await db.ping()).toBe(false);
    await expect(db.query("select 1")).rejects.toThrow(/closed/);
    db = await openDatabase({ dataDir: dir });
    expect(await db.query("select count(*)::int as n from items where note = 'burst'")).toEqual([{ n: 200 }]);
    expect(await db.ping()).toBe(true);
  });

  it("serves a second data folder on the same thread, which ends with the last database closed", async () => {
    const otherDir = mkdtempSync(join(tmpdir(), "db-thread-other-"));
    try {
      const other = await openDatabase({ dataDir: otherDir });
      const thread = databaseThread(other)!;
      expect(thread).toBe(databaseThread(db));
      await other.query("create table notes (id int)");
      await other.query("insert into notes values (1)");
      await expect(db.query("select * from notes")).rejects.toMatchObject({ code: "42P01" });
      await other.close();
      expect(await db.ping()).toBe(true);
      const ended = new Promise((resolve) => thread.once("exit", resolve));
      await db.close();
      await ended;
      db = await openDatabase({ dataDir: dir });
      expect(databaseThread(db)).not.toBe(thread);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("fails the statements in flight, and every later one, with a clear error when the thread dies", async () => {
    const long = db.query("select count(*) from generate_series(1, 50000000)");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await databaseThread(db)!.terminate();
    await expect(long).rejects.toThrow(/embedded database's thread stopped/);
    await expect(db.query("select 1")).rejects.toThrow(/embedded database's thread stopped/);
    await db.close();
    // The folder is free again for the next start.
    db = await openDatabase({ dataDir: dir });
    expect(await db.ping()).toBe(true);
  });
});
