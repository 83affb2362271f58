import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validMatch } from "./match.testing.ts";

// Manage Matches at any size (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): pages with the
// filters in the query, the working set (live, upcoming, finished in the last
// MATCHES_PUBLIC_FINISHED_DAYS days) by default, the matches finished earlier behind `status=older`.
const t = signedInApp(() => ({ MATCHES_PUBLIC_FINISHED_DAYS: "7" }));
const { admin } = t;

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let teams = 0;

/** A match `days` from today (UTC, the default FEED_TIMEZONE) at `time`, lasting until `end`. */
async function match(days: number, overrides: Record<string, unknown> = {}) {
  teams++;
  const response = await admin(
    "POST",
    "/api/v1/sportbn/matches",
    validMatch({
      date: dayOf(Date.now() + days * DAY),
      time: "10:00",
      end_time: "12:00",
      homeTeam_name: `Home ${teams}`,
      awayTeam_name: `Away ${teams}`,
      ...overrides,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; status: string };
}

interface Page {
  data: { _id: string; status: string; date: string; league: { name: string } }[];
  pagination: { page: number; numberOfPages: number };
  result: number;
  capped: boolean;
  summary: Record<string, number>;
  leagues: string[];
}
const list = async (query: string) => {
  const response = await admin("GET", `/api/v1/sportbn/matches${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const ids = (page: { data: { _id: string }[] }) => page.data.map((row) => row._id);

afterEach(() => vi.restoreAllMocks());

describe("Manage Matches' pages", () => {
  it("pages the matches with the filters in the query, latest kick-off first or earliest first, with Match Summary and the leagues", async () => {
    const made = [
      await match(1, { league_name: "Paging League" }),
      await match(2, { league_name: "Paging League", type: "basketball" }),
      await match(3, { league_name: "Paging League", status: "live" }),
      await match(4, { league_name: "Paging League", homeTeam_name: "Ajax Amsterdam" }),
      await match(5, { league_name: "Other League" }),
    ];
    const first = await list("?page=1&limit=2");
    expect(first.pagination).toEqual({ page: 1, numberOfPages: 3 });
    expect(first.result).toBe(5);
    expect(ids(first)).toEqual([made[4]!._id, made[3]!._id]);
    expect(ids(await list("?page=3&limit=2"))).toEqual([made[0]!._id]);
    expect(ids(await list("?page=1&limit=2&sort=earliest"))).toEqual([made[0]!._id, made[1]!._id]);
    expect(first.summary).toEqual({ live: 1, upcoming: 4, finished: 0, leagues: 2, sports: 2 });
    expect(first.capped).toBe(false);
    expect(first.leagues).toEqual(["Other League", "Paging League"]);
    // Each filter on the server, with its total.
    const league = await list("?page=1&limit=10&league=Paging%20League");
    expect(league.result).toBe(4);
    expect(ids(await list("?limit=10&sport=basketball"))).toEqual([made[1]!._id]);
    expect(ids(await list("?limit=10&status=live"))).toEqual([made[2]!._id]);
    expect(ids(await list("?limit=10&q=AJAX"))).toEqual([made[3]!._id]);
    expect(ids(await list("?limit=10&q=other%20leag"))).toEqual([made[4]!._id]);
    // A page past the last: empty, with the total.
    expect(await list("?page=9&limit=2")).toMatchObject({ data: [], result: 5 });
  });

  it("answers the spec's {status, data} without page or limit, with the same filters", async () => {
    const answer = (await admin("GET", "/api/v1/sportbn/matches?sport=basketball")).json();
    expect(Object.keys(answer).sort()).toEqual(["data", "status"]);
    expect(answer.data.map((m: { type: string }) => m.type)).toEqual(["basketball"]);
  });

  it("lets a match finished more than 7 days ago leave the default list, the summary and every read of the working set: Finished earlier (status=older) has it", async () => {
    const old = await match(-9, { league_name: "Archive League" });
    const recent = await match(-2, { league_name: "Archive League" });
    const coming = await match(6, { league_name: "Archive League" });
    expect(old.status).toBe("finished");
    const current = await list("?limit=20&league=Archive%20League");
    expect(ids(current)).toEqual([coming._id, recent._id]);
    expect(current.summary).toMatchObject({ finished: 1 });
    expect(ids(await list("?limit=20&league=Archive%20League&status=finished"))).toEqual([recent._id]);
    const older = await list("?limit=20&status=older");
    expect(ids(older)).toEqual([old._id]);
    expect(older.data[0]!.status).toBe("finished");
    // Marked in the database by the read that found it so.
    const [row] = await t.app.db.query<{ archived: boolean }>(
      "select archived_at is not null as archived from matches where id = $1",
      [old._id],
    );
    expect(row!.archived).toBe(true);
    const spec = (await admin("GET", "/api/v1/sportbn/matches"))
      .json()
      .data.map((m: { _id: string }) => m._id);
    expect(spec).not.toContain(old._id);
    // Its league stays a filter choice.
    expect(current.leagues).toContain("Archive League");
    // Set live again by an admin: back in the working set, out of Finished earlier.
    const live = await admin("PUT", `/api/v1/sportbn/matches/${old._id}`, { status: "live" });
    expect(live.statusCode, live.body).toBe(200);
    expect(ids(await list("?limit=20&league=Archive%20League&status=live"))).toEqual([old._id]);
    expect(ids(await list("?limit=20&status=older"))).toEqual([]);
  });

  it("pages Finished earlier from the nearer end, with its filters", async () => {
    const made: string[] = [];
    for (let n = 0; n < 7; n++)
      made.push(
        (await match(-30 - n, { league_name: "Old League", type: n % 2 ? "hockey" : "football" }))._id,
      );
    // Latest first: 30 days ago first.
    const walk: string[] = [];
    for (let page = 1; page <= 3; page++)
      walk.push(...ids(await list(`?page=${page}&limit=3&status=older&league=Old%20League`)));
    expect(walk).toEqual(made);
    expect(ids(await list("?page=1&limit=3&status=older&league=Old%20League&sort=earliest"))).toEqual(
      made.slice(-3).reverse(),
    );
    expect((await list("?limit=10&status=older&sport=hockey&league=Old%20League")).result).toBe(3);
    expect(
      (await list(`?limit=10&status=older&q=${encodeURIComponent("home")}`)).result,
    ).toBeGreaterThanOrEqual(7);
  });

  it("counts Finished earlier up to 10,000 and pages that far (capped), whatever else it holds", async () => {
    await t.app.db.query(
      `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, away_name,
         away_logo, day, time, end_time, type_match, match_url, archived_at)
       select 'e' || lpad(to_hex(g), 23, '0'), 'sportbn', 'finished', 'tennis', 'Bulk League', '', 'Bulk ' || g, '',
         'Rival ' || g, '', to_char(date '2020-01-01' + (g / 30), 'YYYY-MM-DD'), '10:00', '12:00', 'video',
         'https://sportbn.example', now()
       from generate_series(1, 10005) g`,
    );
    const first = await list("?page=1&limit=100&status=older&sport=tennis");
    expect(first).toMatchObject({
      result: 10_000,
      capped: true,
      pagination: { page: 1, numberOfPages: 100 },
    });
    const last = await list("?page=100&limit=100&status=older&sport=tennis");
    expect(last.data).toHaveLength(100);
    // Latest first: the 100th page holds the 9,901st to 10,000th latest, not the list's far end.
    expect(last.data[0]!.date > "2020-01-02").toBe(true);
    expect(await list("?page=1&limit=10&status=older&q=bulk%2010004")).toMatchObject({
      result: 1,
      capped: false,
    });
  });

  it("reads only the working set and the links and servers of what it answers, whatever else the site keeps", async () => {
    const query = t.app.db.query.bind(t.app.db);
    const statements: string[] = [];
    vi.spyOn(t.app.db, "query").mockImplementation((text, params) => {
      statements.push(text.replace(/\s+/g, " "));
      return query(text, params);
    });
    await list("?page=1&limit=5");
    await admin("GET", "/api/v1/sportbn/overview");
    await t.app.publicCache.invalidate("sportbn:");
    await t.inject({ method: "GET", url: "/api/v1/public/sportbn/matches" });
    const reads = statements.filter((sql) => /from (matches|other_servers|link_health)\b/.test(sql));
    expect(reads.length).toBeGreaterThan(0);
    for (const sql of reads)
      expect(sql, sql).toMatch(
        /archived_at is (not )?null|match_id = any|league_name (>|order)|order by league_name|id = any/,
      );
  });

  it("answers the servers of a page's matches only", async () => {
    const [one, two] = [await match(10), await match(11)];
    for (const id of [one._id, two._id])
      expect(
        (
          await admin("POST", "/api/v1/sportbn/other-servers", {
            match_id: id,
            name: "Backup",
            url: "https://b.example",
          })
        ).statusCode,
      ).toBe(201);
    const answer = (await admin("GET", `/api/v1/sportbn/other-servers/all?matches=${one._id}`)).json();
    expect(answer.data.map((server: { match_id: string }) => server.match_id)).toEqual([one._id]);
    expect((await admin("GET", "/api/v1/sportbn/other-servers/all?matches=nope")).statusCode).toBe(400);
  });

  it("refuses bad paging and filters, naming the field", async () => {
    for (const [query, message] of [
      ["?status=paused", "status must be one of live, upcoming, finished, older"],
      ["?sport=cricket", "sport must be one of football, basketball, tennis, hockey, AM-football"],
      ["?limit=0", "limit must be at least 1"],
      ["?limit=101", "limit must be at most 100"],
      ["?page=x", "page must be a number"],
      ["?sort=random", "sort must be one of latest, earliest"],
      ["?order=1", "order"],
    ]) {
      const response = await admin("GET", `/api/v1/sportbn/matches${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });
});
