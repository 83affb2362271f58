import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

// History and Trash pages (docs/ARCHITECTURE.md#paging-long-lists): keyset pages, newest first, the
// cursor in the URL (`after` an id: older; `before` an id: newer; `before=0`: the oldest page), totals
// kept by triggers (migration 0033), so no page counts or skips rows.
const t = signedInApp();

/** `count` History entries of apkw's ads, made in one statement: they all share one `at`. */
async function historyEntries(count: number, site = "apkw"): Promise<string[]> {
  const rows = await t.app.db.query<{ id: string }>(
    `insert into audit_log (site, resource, record_id, action, after)
     select $2, 'ads', lpad(to_hex(g), 24, '0'), 'create', jsonb_build_object('url', 'https://ads.example/' || g)
     from generate_series(1, $1) g returning id::text as id`,
    [count, site],
  );
  return rows.map((row) => row.id).sort((a, b) => Number(b) - Number(a));
}

/** `count` Trash items of sportbn's emails, made in one statement (one `deleted_at`). */
async function trashItems(count: number): Promise<string[]> {
  const rows = await t.app.db.query<{ id: string }>(
    `insert into trash (batch, site, resource, table_name, record_id, row)
     select gen_random_uuid(), 'sportbn', 'emails', 'email_subscriptions', lpad(to_hex(g), 24, '0'),
       jsonb_build_object('id', lpad(to_hex(g), 24, '0'), 'email', 'gone' || g || '@example.com')
     from generate_series(1, $1) g returning id::text as id`,
    [count],
  );
  return rows.map((row) => row.id).sort((a, b) => Number(b) - Number(a));
}

interface Page {
  data: { _id: string }[];
  result: number;
  capped: boolean;
  newer: string | null;
  older: string | null;
}

/** The statements the api sends while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const query = t.app.db.query.bind(t.app.db);
  const statements: string[] = [];
  const spy = vi.spyOn(t.app.db, "query").mockImplementation((text, params) => {
    statements.push(text);
    return query(text, params);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

/** Every page from the newest, following Older, with the statements they sent. */
async function walk(path: string) {
  const pages: Page[] = [];
  const statements = await statementsOf(async () => {
    let cursor = "";
    for (;;) {
      const page = (await t.admin("GET", `${path}${cursor}`)).json() as Page;
      pages.push(page);
      if (!page.older) break;
      cursor = `&after=${page.older}`;
    }
  });
  return { pages, ids: pages.flatMap((page) => page.data.map((row) => row._id)), statements };
}

const ids = (page: Page) => page.data.map((row) => row._id);

afterEach(() => vi.restoreAllMocks());

describe("History and Trash pages", () => {
  it("walk History by Older with every entry once, entries of one moment ordered by id, no count and no OFFSET", async () => {
    const made = await historyEntries(53);
    const { pages, ids: seen, statements } = await walk("/api/v1/apkw/history?resource=ads&limit=10");
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 10, 10, 10, 3]);
    expect(seen).toEqual(made);
    // Each page's total comes from the kept counts, not from counting the log.
    expect(pages.every((page) => page.result === 53 && !page.capped)).toBe(true);
    expect(statements.filter((sql) => /count\(\*\)/i.test(sql) && /from audit_log/i.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /\boffset\b/i.test(sql))).toEqual([]);
    expect(pages[0]!.newer).toBeNull();
    expect(pages.at(-1)!.older).toBeNull();
  });

  it("walk the Trash by Older with every item once, no count and no OFFSET", async () => {
    const made = await trashItems(41);
    const { pages, ids: seen, statements } = await walk("/api/v1/sportbn/trash?resource=emails&limit=7");
    expect(pages.map((page) => page.data.length)).toEqual([7, 7, 7, 7, 7, 6]);
    expect(seen).toEqual(made);
    expect(pages.every((page) => page.result === 41)).toBe(true);
    expect(statements.filter((sql) => /count\(\*\)/i.test(sql) && /from trash/i.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /\boffset\b/i.test(sql))).toEqual([]);
  });

  it("keep a cursor's page in place while entries are written: Older continues where the page ended, Newer comes back to it", async () => {
    const made = await historyEntries(30, "movies");
    const path = "/api/v1/movies/history?resource=ads&limit=10";
    const first = (await t.admin("GET", path)).json() as Page;
    expect(ids(first)).toEqual(made.slice(0, 10));
    // Five changes land while the admin reads the first page.
    await historyEntries(5, "movies");
    const second = (await t.admin("GET", `${path}&after=${first.older}`)).json() as Page;
    expect(ids(second)).toEqual(made.slice(10, 20));
    expect(second.result).toBe(35);
    // Newer from the second page: the ten entries just newer than it, the first page as it was read.
    const back = (await t.admin("GET", `${path}&before=${second.newer}`)).json() as Page;
    expect(ids(back)).toEqual(made.slice(0, 10));
    expect(back.newer).not.toBeNull();
    // The oldest page (before=0): the oldest ten, newest first, nothing older.
    const oldest = (await t.admin("GET", `${path}&before=0`)).json() as Page;
    expect(ids(oldest)).toEqual(made.slice(20, 30));
    expect(oldest.older).toBeNull();
    expect(oldest.newer).toBe(made[20]);
  });

  it("keep History's totals with each write and delete, per kind and without sign-ins; an admin's count stops at 1,000", async () => {
    const count = async (query: string) =>
      (await t.admin("GET", `/api/v1/sportbn/history${query}`)).json() as Page;
    const before = await count("?resource=ads");
    const made = await historyEntries(1001, "sportbn");
    expect((await count("?resource=ads")).result).toBe(before.result + 1001);
    const all = await count("");
    const without = await count("?signIns=false");
    const signIns = await count("?resource=session");
    expect(without.result).toBe(all.result - signIns.result);
    await t.app.db.query(
      "update audit_log set actor_email = 'bulk@example.com' where id = any($1::bigint[])",
      [made],
    );
    const admin = await count("?admin=bulk@example.com&limit=5");
    expect(admin).toMatchObject({ result: 1000, capped: true });
    expect(admin.data).toHaveLength(5);
    await t.app.db.query("delete from audit_log where id = any($1::bigint[])", [made.slice(0, 1)]);
    expect((await count("?resource=ads")).result).toBe(before.result + 1000);
    expect(await count("?admin=bulk@example.com")).toMatchObject({ result: 1000, capped: false });
  });

  it("still answers a page by its number, as emails are paged, with its pagination", async () => {
    const made = await historyEntries(25);
    const second = (
      await t.admin("GET", "/api/v1/apkw/history?resource=ads&limit=10&page=2")
    ).json() as Page & {
      pagination: { page: number | null; numberOfPages: number };
    };
    expect(ids(second)).toEqual(made.slice(10, 20));
    expect(second.pagination).toEqual({ page: 2, numberOfPages: Math.ceil(second.result / 10) });
    expect([second.newer, second.older]).toEqual([made[10], made[19]]);
    const byCursor = (
      await t.admin("GET", `/api/v1/apkw/history?resource=ads&limit=10&after=${made[9]}`)
    ).json();
    expect(byCursor.pagination).toEqual({ page: null, numberOfPages: Math.ceil(second.result / 10) });
    const trash = await trashItems(12);
    const third = (
      await t.admin("GET", "/api/v1/sportbn/trash?resource=emails&limit=5&page=3")
    ).json() as Page;
    expect(ids(third).slice(0, 2)).toEqual(trash.slice(10));
  });

  it("refuses a cursor that is not an id, or both cursors, or a page with a cursor, naming the field", async () => {
    for (const [query, field] of [
      ["after=abc", "after"],
      ["before=-1", "before"],
      ["after=12&before=10", "before"],
      ["page=2&after=12", "page"],
      ["page=0", "page"],
    ]) {
      for (const path of ["/api/v1/apkw/history", "/api/v1/apkw/trash"]) {
        const answer = await t.admin("GET", `${path}?${query}`);
        expect(answer.statusCode, `${path}?${query}`).toBe(400);
        expect(answer.json().message).toContain(field);
      }
    }
  });
});
