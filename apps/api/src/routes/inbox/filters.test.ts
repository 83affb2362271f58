import { newId } from "@backoffice/db";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

// Search, order and date range of the inboxes, in the list and in the export
// (docs/PRODUCT-RULES.md#emails-and-contacts).
const t = signedInApp();

const day = (date: string) => new Date(`${date}T12:00:00Z`);

/** Rows with known dates, straight into the table (the public intake stamps them with now). */
async function insertEmails(rows: [email: string, date: string][]) {
  for (const [email, date] of rows)
    await t.app.db.query(
      "insert into email_subscriptions (id, site, email, url, created_at) values ($1, 'sportbn', $2, null, $3)",
      [newId(day(date).getTime()), email, day(date)],
    );
}

const list = async (query: string) => {
  const response = await t.admin("GET", `/api/v1/sportbn/emails?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { ...body, emails: body.data.map((row: { email: string }) => row.email) };
};

beforeAll(async () => {
  await insertEmails([
    ["Alice@Example.com", "2026-01-05"],
    ["bob@example.com", "2026-02-10"],
    ["alfred@example.org", "2026-03-15"],
    ["carol@example.com", "2026-03-20"],
    ["al_x@example.com", "2026-04-01"],
  ]);
});

describe("inbox search, order and date range", () => {
  it("searches any part of the address in any case (under 3 characters its start), newest first", async () => {
    expect((await list("q=al")).emails).toEqual([
      "al_x@example.com",
      "alfred@example.org",
      "Alice@Example.com",
    ]);
    expect((await list("q=ALI")).emails).toEqual(["Alice@Example.com"]);
    // Inside the address: the domain, the middle of a name; LIKE's wildcards are plain characters.
    expect((await list("q=example.org")).emails).toEqual(["alfred@example.org"]);
    expect((await list("q=EXAMPLE.COM")).emails).toEqual([
      "al_x@example.com",
      "carol@example.com",
      "bob@example.com",
      "Alice@Example.com",
    ]);
    expect((await list("q=rol@")).emails).toEqual(["carol@example.com"]);
    expect((await list("q=l_x")).emails).toEqual(["al_x@example.com"]);
    expect((await list("q=lfx")).emails).toEqual([]);
    expect((await list("q=a%25e")).emails).toEqual([]);
    // Two characters match the start only: "ob" is inside bob@ but starts nothing.
    expect((await list("q=ob")).emails).toEqual([]);
    expect((await list("q=al_")).emails).toEqual(["al_x@example.com"]);
    expect((await list("q=%25")).emails).toEqual([]);
    const found = await list("q=al&limit=2");
    expect(found.result).toBe(3);
    expect(found.pagination).toEqual({ page: 1, numberOfPages: 2 });
    expect(found.capped).toBe(false);
  });

  it("orders oldest first on request, filtered or not, on every page", async () => {
    expect((await list("sort=oldest")).emails).toEqual([
      "Alice@Example.com",
      "bob@example.com",
      "alfred@example.org",
      "carol@example.com",
      "al_x@example.com",
    ]);
    expect((await list("sort=oldest&limit=2&page=2")).emails).toEqual([
      "alfred@example.org",
      "carol@example.com",
    ]);
    expect((await list("sort=oldest&q=al&limit=2&page=2")).emails).toEqual(["al_x@example.com"]);
    expect((await list("sort=newest&limit=2&page=3")).emails).toEqual(["Alice@Example.com"]);
  });

  it("keeps the rows of a date range, both days included", async () => {
    const march = await list("from=2026-02-10&to=2026-03-20");
    expect(march.emails).toEqual(["carol@example.com", "alfred@example.org", "bob@example.com"]);
    expect(march.result).toBe(3);
    expect((await list("from=2026-03-01")).emails).toEqual([
      "al_x@example.com",
      "carol@example.com",
      "alfred@example.org",
    ]);
    expect((await list("to=2026-01-31")).emails).toEqual(["Alice@Example.com"]);
    // An instant with its offset: the admin's local day.
    expect((await list("from=2026-03-15T13:00:00%2B01:00&to=2026-03-20T12:00:00Z&q=a")).emails).toEqual([
      "alfred@example.org",
    ]);
  });

  it("refuses bad values with a 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["sort=sideways", "sort must be newest or oldest"],
      ["from=yesterday", "from must be a date (YYYY-MM-DD) or an ISO 8601 date and time"],
      ["to=2026-13-45", "to must be a date"],
      ["from=2026-03-01&to=2026-02-01", "to must not be before from"],
      [`q=${"a".repeat(255)}`, "q must be at most 254 characters"],
      ["page=0", "page must be at least 1"],
      ["color=red", "Unknown field: color"],
    ];
    for (const [query, message] of cases) {
      const response = await t.admin("GET", `/api/v1/sportbn/emails?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
      const exported = await t.admin("GET", `/api/v1/sportbn/emails/export.csv?${query}`);
      expect(exported.statusCode, `export ${query}`).toBe(400);
    }
  });

  it("exports the filtered list in its order, or the selection among it", async () => {
    const exported = await t.admin("GET", "/api/v1/sportbn/emails/export.csv?q=al&sort=oldest");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["x-export-rows"]).toBe("3");
    const emails = exported.body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(emails).toEqual(["Alice@Example.com", "alfred@example.org", "al_x@example.com"]);

    const ids = (await list("")).data.map((row: { _id: string }) => row._id);
    const selected = await t.admin(
      "GET",
      `/api/v1/sportbn/emails/export.csv?ids=${ids.slice(0, 2).join(",")}`,
    );
    expect(selected.headers["x-export-rows"]).toBe("2");
    expect(selected.body.split("\r\n").slice(1, -1)).toHaveLength(2);
    const ranged = await t.admin("GET", "/api/v1/sportbn/emails/export.csv?from=2026-03-01&to=2026-03-31");
    expect(
      ranged.body
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[0]),
    ).toEqual(["carol@example.com", "alfred@example.org"]);
  });

  it("counts a search up to 1,000 matches and a date range up to 10,000 rows, then says capped", async () => {
    // apkw's own rows: 10,002 addresses over the last days, 1,002 of them starting with "many".
    await t.app.db.query(
      `insert into email_subscriptions (id, site, email, created_at)
       select lpad(to_hex(extract(epoch from now())::bigint - g * 60), 8, '0') || lpad(to_hex(g), 16, '0'), 'apkw',
         case when g <= 1002 then 'many' || g else 'other' || g end || '@example.com', now() - g * interval '1 minute'
       from generate_series(1, 10002) as g`,
    );
    const apkw = async (query: string) => (await t.admin("GET", `/api/v1/apkw/emails?${query}`)).json();
    const search = await apkw("q=many");
    expect(search).toMatchObject({ result: 1000, capped: true, pagination: { page: 1, numberOfPages: 50 } });
    expect(search.data).toHaveLength(20);
    expect(search.data[0].email).toBe("many1@example.com"); // the newest
    expect((await apkw("q=many&page=50")).data).toHaveLength(20);
    expect((await apkw("q=many&page=51")).data).toHaveLength(0);
    expect(await apkw("q=many10")).toMatchObject({ result: 14, capped: false }); // many10, many100…109, many1000…1002
    // With the planner's sample of the addresses, a text of common and rare trigrams is looked up by
    // its rare ones and checked whole on the rows they find: the same matches.
    await t.app.db.query("analyze email_subscriptions");
    const whole = await apkw("q=ther1234@exa");
    expect(whole).toMatchObject({ result: 1, capped: false });
    expect(whole.data.map((row: { email: string }) => row.email)).toEqual(["other1234@example.com"]);
    expect((await apkw("q=HER1234@")).data.map((row: { email: string }) => row.email)).toEqual([
      "other1234@example.com",
    ]);
    expect(await apkw("q=her1234@x")).toMatchObject({ result: 0 });
    const range = await apkw(`from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`);
    expect(range).toMatchObject({ result: 10_000, capped: true });
    expect(await apkw("")).toMatchObject({ result: 10_002, capped: false });
    // The export is never capped.
    const exported = await t.admin("GET", "/api/v1/apkw/emails/export.csv?q=many");
    expect(exported.headers["x-export-rows"]).toBe("1002");
    expect(exported.body.split("\r\n").slice(1, -1)).toHaveLength(1002);
  });

  it("searches contact messages by address, name and subject", async () => {
    const at = day("2026-05-01");
    const insert = (email: string, first: string, last: string, subject: string) =>
      t.app.db.query(
        `insert into contact_messages (id, site, email, first_name, last_name, subject, message, created_at)
         values ($1, 'movies', $2, $3, $4, $5, 'Hello', $6)`,
        [newId(at.getTime()), email, first, last, subject, at],
      );
    await insert("ada@example.com", "Ada", "Lovelace", "Broken player");
    await insert("grace@example.com", "Grace", "Hopper", "Subtitles");
    const search = async (q: string) =>
      (await t.admin("GET", `/api/v1/movies/contacts?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((row: { email: string }) => row.email);
    expect(await search("grace")).toEqual(["grace@example.com"]);
    expect(await search("ada love")).toEqual(["ada@example.com"]);
    expect(await search("hop")).toEqual(["grace@example.com"]);
    expect(await search("broken")).toEqual(["ada@example.com"]);
    // The address anywhere, the names and the subject from their start.
    expect(await search("ace@exa")).toEqual(["grace@example.com"]);
    expect(await search("player")).toEqual([]);
  });
});
