import { HISTORY_CSV_HEADER } from "@backoffice/contracts";
import { parse } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

// History export (docs/INTEGRATIONS.md#history-export): `GET /{site}/history/export.csv|jsonl` with the
// list's filters, streamed a keyset batch at a time, each entry as the list answers it.
const t = signedInApp();

/** `count` entries of apkw (ads, by `admin`, `daysAgo` days ago), made in one statement. */
async function entries(count: number, options: { admin?: string; daysAgo?: number; resource?: string } = {}) {
  await t.app.db.query(
    `insert into audit_log (at, actor_email, address, site, resource, record_id, action, after)
     select now() - make_interval(days => $3), $2, '203.0.113.7', 'apkw', $4, lpad(to_hex(g), 24, '0'), 'create',
       jsonb_build_object('url', 'https://ads.example/' || g, 'is_active', true)
     from generate_series(1, $1) g`,
    [count, options.admin ?? "writer@example.com", options.daysAgo ?? 0, options.resource ?? "ads"],
  );
}

const csvOf = (body: string) => parse(body, { relax_column_count: false }) as string[][];
const jsonLines = (body: string) =>
  body
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("History export", () => {
  it("CSV: a header line, then each entry newest first as the list has it, with the list's filters", async () => {
    await entries(3, { admin: "old@example.com", daysAgo: 10 });
    await entries(2, { admin: "new@example.com" });
    const response = await t.admin("GET", "/api/v1/apkw/history/export.csv?resource=ads");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="apkw-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["x-export-rows"]).toBe("5");
    const [header, ...rows] = csvOf(response.body);
    expect(header).toEqual([...HISTORY_CSV_HEADER]);
    expect(rows).toHaveLength(5);
    const list = (await t.admin("GET", "/api/v1/apkw/history?resource=ads&limit=100")).json().data as {
      _id: string;
      at: string;
      admin: string;
    }[];
    expect(rows.map((row) => row[0])).toEqual(list.map((entry) => entry._id));
    expect(rows[0]!.slice(1, 8)).toEqual([
      list[0]!.at,
      "new@example.com",
      "203.0.113.7",
      "apkw",
      "ads",
      expect.any(String),
      "create",
    ]);
    expect(JSON.parse(rows[0]![9]!)).toEqual({
      url: expect.stringMatching(/^https:\/\/ads\.example\//),
      isActive: true,
    });

    const filtered = csvOf(
      (await t.admin("GET", "/api/v1/apkw/history/export.csv?admin=OLD@example.com&signIns=false")).body,
    );
    expect(filtered.slice(1).map((row) => row[2])).toEqual([
      "old@example.com",
      "old@example.com",
      "old@example.com",
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const days = csvOf(
      (await t.admin("GET", `/api/v1/apkw/history/export.csv?resource=ads&from=${today}&to=${today}`)).body,
    );
    expect(days.slice(1).map((row) => row[2])).toEqual(["new@example.com", "new@example.com"]);
    // Sign-ins are left out as on the screen (signIns=false), and in when asked for.
    const withSignIns = csvOf((await t.admin("GET", "/api/v1/apkw/history/export.csv")).body);
    expect(withSignIns.slice(1).some((row) => row[5] === "session")).toBe(true);
    const without = csvOf((await t.admin("GET", "/api/v1/apkw/history/export.csv?signIns=false")).body);
    expect(without.slice(1).some((row) => row[5] === "session")).toBe(false);
  });

  it("keeps a field a spreadsheet would run as a formula as text", async () => {
    await entries(1, { admin: '=HYPERLINK("https://evil.example")', resource: "apps" });
    const rows = csvOf((await t.admin("GET", "/api/v1/apkw/history/export.csv?resource=apps")).body);
    expect(rows[1]![2]).toBe('\'=HYPERLINK("https://evil.example")');
  });

  it("JSON Lines: one entry a line, as `GET /history` answers it", async () => {
    const response = await t.admin("GET", "/api/v1/apkw/history/export.jsonl?resource=ads");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /filename="apkw-history-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    expect(response.body.endsWith("\n")).toBe(true);
    const list = (await t.admin("GET", "/api/v1/apkw/history?resource=ads&limit=100")).json().data;
    expect(jsonLines(response.body)).toEqual(list);
  });

  it("streams keyset batches of 1,000: never the whole log at once", async () => {
    await entries(2500, { resource: "servers" });
    const query = t.app.db.query.bind(t.app.db);
    const statements: string[] = [];
    const spy = vi.spyOn(t.app.db, "query").mockImplementation((text, params) => {
      statements.push(text);
      return query(text, params);
    });
    let body: string;
    try {
      body = (await t.admin("GET", "/api/v1/apkw/history/export.jsonl?resource=servers")).body;
    } finally {
      spy.mockRestore();
    }
    const lines = jsonLines(body);
    expect(lines).toHaveLength(2500);
    expect(new Set(lines.map((line) => line._id)).size).toBe(2500);
    const ids = lines.map((line) => Number(line._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const batches = statements.filter((text) => text.includes("from audit_log where id = any(array("));
    expect(batches).toHaveLength(3);
    expect(batches.every((text) => text.includes("limit 1000"))).toBe(true);
  });

  it("is for whoever reads the site's History: a Viewer exports without others' addresses; another site's member is refused", async () => {
    await t.createUser("viewer.export@example.com", "Viewer-pass-1", "admin", {
      level: "viewer",
      sites: ["apkw"],
    });
    await t.createUser("other.export@example.com", "Other-pass-1", "admin", {
      level: "editor",
      sites: ["sportbn"],
    });
    const viewer = await t.login("viewer.export@example.com", "Viewer-pass-1");
    const seen = await t.as(viewer, { method: "GET", url: "/api/v1/apkw/history/export.jsonl?resource=ads" });
    expect(seen.statusCode).toBe(200);
    const lines = jsonLines(seen.body);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.address === null)).toBe(true);
    const other = await t.login("other.export@example.com", "Other-pass-1");
    for (const format of ["csv", "jsonl"]) {
      const refused = await t.as(other, { method: "GET", url: `/api/v1/apkw/history/export.${format}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("You don't have access to this site");
    }
    expect((await t.inject({ method: "GET", url: "/api/v1/apkw/history/export.csv" })).statusCode).toBe(401);
  });

  it("answers 400 naming the field for a filter it does not know", async () => {
    const resource = await t.admin("GET", "/api/v1/apkw/history/export.csv?resource=planets");
    expect(resource.statusCode).toBe(400);
    expect(resource.json().message).toContain("resource must be one of");
    const day = await t.admin("GET", "/api/v1/apkw/history/export.jsonl?from=31/12/2026");
    expect(day.statusCode).toBe(400);
    expect(day.json().message).toContain("from");
    const cursor = await t.admin("GET", "/api/v1/apkw/history/export.csv?after=12");
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toContain("after");
  });
});
