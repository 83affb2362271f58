import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

// History and Trash pages (docs/ARCHITECTURE.md#paging-long-lists): page numbers, newest first,
// each page read from the nearer end of the list, so the last page skips as few rows as the first.
const t = signedInApp();

/** `count` History entries of apkw's ads, made in one statement: they all share one `at`. */
async function historyEntries(count: number): Promise<string[]> {
  const rows = await t.app.db.query<{ id: string }>(
    `insert into audit_log (site, resource, record_id, action, after)
     select 'apkw', 'ads', lpad(to_hex(g), 24, '0'), 'create', jsonb_build_object('url', 'https://ads.example/' || g)
     from generate_series(1, $1) g returning id::text as id`,
    [count],
  );
  return rows.map((row) => row.id).sort((a, b) => Number(b) - Number(a));
}

/** `count` Trash items of movies' emails, made in one statement (one `deleted_at`). */
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

/**
 * Every page of a list, in page order, with the OFFSET each page's query skipped; `edges` sends the
 * previous page's last id as `after`, as the dashboard does when it has that page.
 */
async function walk(path: string, limit: number, edges = false) {
  const offsets: number[] = [];
  const query = t.app.db.query.bind(t.app.db);
  const spy = vi.spyOn(t.app.db, "query").mockImplementation((text, params) => {
    const offset = / offset \$(\d+)/.exec(text);
    if (offset) offsets.push(Number(params![Number(offset[1]) - 1]));
    return query(text, params);
  });
  const ids: string[] = [];
  let pages = 1;
  for (let page = 1; page <= pages + 1; page++) {
    const after = edges && ids.length ? `&after=${ids.at(-1)}` : "";
    const answer = (await t.admin("GET", `${path}&page=${page}&limit=${limit}${after}`)).json();
    pages = answer.pagination.numberOfPages;
    if (page > pages) expect(answer.data).toEqual([]);
    ids.push(...answer.data.map((row: { _id: string }) => row._id));
  }
  spy.mockRestore();
  return { ids, offsets, pages };
}

afterEach(() => vi.restoreAllMocks());

describe("History and Trash pages", () => {
  it("walk History newest first with no row twice and none missing, entries of one moment ordered by id", async () => {
    const made = await historyEntries(53);
    const { ids, offsets, pages } = await walk("/api/v1/apkw/history?resource=ads", 10);
    expect(pages).toBe(6);
    expect(ids).toEqual(made);
    // Each page skipped at most half the list: page 6 (3 rows) and page 5 skipped 0 and 3 from the oldest end.
    expect(offsets).toEqual([0, 10, 20, 13, 3, 0]);
  });

  it("walk Trash newest first with no item twice and none missing, reading late pages from the oldest end", async () => {
    const made = await trashItems(41);
    const { ids, offsets, pages } = await walk("/api/v1/sportbn/trash?resource=emails", 7);
    expect(pages).toBe(6);
    expect(ids).toEqual(made);
    expect(offsets).toEqual([0, 7, 14, 13, 6, 0]);
  });

  it("walk History and Trash forward from the previous page's last id with no OFFSET, and back from the next page's first id", async () => {
    // With the tests above: 106 History entries (11 pages of 10) and 82 Trash items (12 pages of 7).
    await historyEntries(53);
    await trashItems(41);
    const newestFirst = async (sql: string) =>
      (await t.app.db.query<{ id: string }>(sql)).map((row) => row.id).sort((a, b) => Number(b) - Number(a));
    const history = await walk("/api/v1/apkw/history?resource=ads", 10, true);
    expect(history.ids).toEqual(
      await newestFirst("select id::text as id from audit_log where site = 'apkw' and resource = 'ads'"),
    );
    expect(history.offsets).toEqual(Array(11).fill(0));
    const trash = await walk("/api/v1/sportbn/trash?resource=emails", 7, true);
    expect(trash.ids).toEqual(
      await newestFirst("select id::text as id from trash where site = 'sportbn' and resource = 'emails'"),
    );
    expect(trash.offsets).toEqual(Array(12).fill(0));
    const made = history.ids;
    // Back from page 4 to page 3: the ids just newer than page 4's first, newest first.
    const back = (
      await t.admin("GET", `/api/v1/apkw/history?resource=ads&page=3&limit=10&before=${made[30]}`)
    ).json();
    expect(back.data.map((row: { _id: string }) => row._id)).toEqual(made.slice(20, 30));
    expect(back.pagination).toEqual({ page: 3, numberOfPages: 11 });
  });

  it("refuses an edge that is not an id, or both edges, naming the field", async () => {
    for (const [query, field] of [
      ["after=abc", "after"],
      ["before=0", "before"],
      ["after=12&before=10", "before"],
    ]) {
      for (const path of ["/api/v1/apkw/history", "/api/v1/apkw/trash"]) {
        const answer = await t.admin("GET", `${path}?page=2&${query}`);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toContain(field);
      }
    }
  });
});
