import { IMPORT_LIMITS, IMPORT_MESSAGES as M } from "@backoffice/contracts/import";
import { UNDO_HEADER } from "@backoffice/contracts/undo-header";
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validApp } from "../apps/app.testing.ts";
import { validMatch } from "../matches/match.testing.ts";
import { image, multipart } from "../media/media.testing.ts";

// Imports from CSV or JSON files (docs/INTEGRATIONS.md#import): a dry run answers per-row errors and
// what will be created or updated; the apply is one transaction and one History batch that Undo reverts.
const MAX_BYTES = 256 * 1024;
const t = signedInApp(() => ({ IMPORT_MAX_BYTES: String(MAX_BYTES) }));

type Query = { dryRun?: boolean; key?: string; mapping?: Record<string, string> };

function importFile(
  site: string,
  path: string,
  text: string | Buffer,
  name: string,
  query: Query = {},
  token?: string,
) {
  const params = new URLSearchParams();
  if (query.dryRun) params.set("dryRun", "true");
  if (query.key) params.set("key", query.key);
  if (query.mapping) params.set("mapping", JSON.stringify(query.mapping));
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  const url = `/api/v1/${site}/${path}/import${params.size ? `?${params}` : ""}`;
  const body = multipart(bytes, name);
  return token
    ? t.inject({
        method: "POST",
        url,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      })
    : t.as(t.token, { method: "POST", url, ...body });
}

const emailsOf = async (site: string) =>
  (
    (await t.admin("GET", `/api/v1/${site}/emails?limit=100`)).json().data as {
      email: string;
      url: string | null;
    }[]
  )
    .map((row) => `${row.email} ${row.url ?? ""}`.trim())
    .sort();

async function clearEmails(site: string) {
  await t.app.db.query("delete from email_subscriptions where site = $1", [site]);
}

describe("importing email subscriptions", () => {
  it("previews per-row errors and counts without storing, then applies in one batch that Undo reverts", async () => {
    await clearEmails("sportbn");
    await t.inject({
      method: "POST",
      url: "/api/v1/public/sportbn/emails",
      payload: { email: "old@example.com" },
    });
    const csv = [
      "E-mail,Page,Note",
      "new1@example.com,https://sportbn.example/a,x",
      "OLD@example.com,,y",
      "not-an-email,,z",
      "new1@example.com,,again",
      ",,blank",
      "new2@example.com,ftp://nope,w",
    ].join("\r\n");
    const mapping = { "E-mail": "email", Page: "url" };
    const preview = await importFile("sportbn", "emails", csv, "list.csv", { dryRun: true, mapping });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({
      dryRun: true,
      key: "email",
      rows: 6,
      created: 1,
      updated: 0,
      unchanged: 1,
      errorCount: 4,
    });
    expect(data.errors).toEqual([
      { row: 3, field: "email", message: "email must be a valid email address" },
      { row: 4, field: "email", message: M.duplicateKey("email", 1) },
      { row: 5, field: "email", message: M.keyMissing("email") },
      { row: 6, field: "url", message: "url must be an http(s) URL" },
    ]);
    expect(data.preview.slice(0, 2)).toMatchObject([
      { row: 1, action: "create", values: { email: "new1@example.com" } },
      { row: 2, action: "unchanged" },
    ]);
    expect(await emailsOf("sportbn")).toEqual(["old@example.com"]);

    // Applying a file with errors stores nothing and names each row and field.
    const refused = await importFile("sportbn", "emails", csv, "list.csv", { mapping });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.hasErrors(4));
    expect(refused.json().errors[0]).toMatchObject({ path: "rows.3.email" });
    expect(await emailsOf("sportbn")).toEqual(["old@example.com"]);

    const good =
      "E-mail,Page\r\nnew1@example.com,https://sportbn.example/a\r\nnew2@example.com,\r\nold@example.com,\r\n";
    const applied = await importFile("sportbn", "emails", good, "list.csv", { mapping });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ dryRun: false, created: 2, unchanged: 1, errorCount: 0 });
    const token = applied.json().data.undoToken;
    expect(applied.headers[UNDO_HEADER]).toBe(token);
    expect(await emailsOf("sportbn")).toEqual([
      "new1@example.com https://sportbn.example/a",
      "new2@example.com",
      "old@example.com",
    ]);
    // One History batch: every created record logged under the import's token.
    const logged = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where batch = $1 and resource = 'emails' and action = 'create'",
      [token],
    );
    expect(logged[0]!.n).toBe(2);
    // History shows the import as one entry of its own, beside its records' entries.
    const history = (await t.admin("GET", "/api/v1/sportbn/history?resource=emails")).json().data as {
      action: string;
      after: Record<string, unknown>;
    }[];
    expect(history.filter((entry) => entry.action === "import")).toEqual([
      expect.objectContaining({ after: { name: "list.csv", created: 2, updated: 0 } }),
    ]);

    // The mapping is remembered for the site: the next file is mapped the same way without one.
    const settings = (await t.admin("GET", "/api/v1/sportbn/emails/import")).json().data;
    expect(settings).toMatchObject({ fields: ["email", "url"], keys: ["email"], mapping, key: "email" });
    const again = await importFile("sportbn", "emails", "E-mail,Page\r\nthird@example.com,\r\n", "x.csv", {
      dryRun: true,
    });
    expect(again.json().data).toMatchObject({ mapping, created: 1 });

    const undo = await t.admin("POST", "/api/v1/sportbn/trash/undo", { token });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().message).toBe(M.undone(2));
    expect(await emailsOf("sportbn")).toEqual(["old@example.com"]);
    // Once only.
    expect((await t.admin("POST", "/api/v1/sportbn/trash/undo", { token })).statusCode).toBe(404);
  });

  it("round-trips the CSV export: export, remove, import, the same subscriptions", async () => {
    await clearEmails("apkw");
    for (const [email, url] of [
      ["ann@example.com", "https://apkw.example/app/1"],
      ["bob@example.com", ""],
      ["cy@example.com", "https://apkw.example/?a=1,b=2"],
    ])
      await t.inject({
        method: "POST",
        url: "/api/v1/public/apkw/emails",
        payload: { email, ...(url ? { url } : {}) },
      });
    const before = await emailsOf("apkw");
    const exported = await t.admin("GET", "/api/v1/apkw/emails/export.csv");
    expect(exported.statusCode).toBe(200);
    await clearEmails("apkw");
    const imported = await importFile("apkw", "emails", exported.body, "apkw-emails.csv");
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ created: 3, mapping: { Email: "email", Page: "url" } });
    expect(await emailsOf("apkw")).toEqual(before);
  });

  it("lets a write token import (tokens act as Editors) and refuses a read token", async () => {
    const make = async (access: string) =>
      (await t.admin("POST", "/api/v1/tokens", { name: `import ${access}`, sites: ["apkw"], access })).json()
        .data.token as string;
    const csv = "email\r\nrobot@example.com\r\n";
    expect((await importFile("apkw", "emails", csv, "a.csv", {}, await make("read"))).statusCode).toBe(403);
    const written = await importFile("apkw", "emails", csv, "a.csv", {}, await make("write"));
    expect(written.statusCode, written.body).toBe(200);
    const [entry] = await t.app.db.query<{ actor_email: string }>(
      "select actor_email from audit_log where batch = $1",
      [written.json().data.undoToken],
    );
    expect(entry!.actor_email).toMatch(/^API token import write/);
  });
});

describe("importing apps, matches and other servers", () => {
  it("updates apps matched by title from the list's JSON, creates the new one, and Undo puts them back", async () => {
    const made = await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Import Alpha" }));
    expect(made.statusCode, made.body).toBe(201);
    const list = (await t.admin("GET", "/api/v1/apkw/apps")).json();
    const alpha = list.data.find((app: { title: string }) => app.title === "Import Alpha");
    const file = {
      data: [
        { ...alpha, rating: 9.5, developer: "New developer" },
        { ...alpha, _id: "", title: "Import Beta" },
      ],
    };
    const preview = await importFile("apkw", "apps", JSON.stringify(file), "apps.json", {
      dryRun: true,
      key: "title",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ created: 1, updated: 1, errorCount: 0 });
    const applied = await importFile("apkw", "apps", JSON.stringify(file), "apps.json", { key: "title" });
    expect(applied.statusCode, applied.body).toBe(200);
    const after = (await t.admin("GET", "/api/v1/apkw/apps")).json().data as {
      title: string;
      rating: number;
      developer: string;
      supportedDevices: string[];
    }[];
    const updated = after.find((app) => app.title === "Import Alpha")!;
    expect(updated).toMatchObject({ rating: 9.5, developer: "New developer" });
    const beta = after.find((app) => app.title === "Import Beta")!;
    expect(beta.supportedDevices).toEqual(alpha.supportedDevices);

    const undo = await t.admin("POST", "/api/v1/apkw/trash/undo", { token: applied.json().data.undoToken });
    expect(undo.statusCode, undo.body).toBe(200);
    const reverted = (await t.admin("GET", "/api/v1/apkw/apps")).json().data as { title: string }[];
    expect(reverted.find((app) => app.title === "Import Beta")).toBeUndefined();
    expect(reverted.find((app) => app.title === "Import Alpha")).toMatchObject({
      rating: alpha.rating,
      developer: alpha.developer,
      updatedAt: alpha.updatedAt,
    });
  });

  it("reads apps from CSV with the device list separated by |", async () => {
    const app = validApp({ title: "Import Csv" });
    const csv = [
      "title,type,icon_app,bg_app,content,rating,size,download,developer,category,supportedDevices",
      [
        app.title,
        app.type,
        app.icon_app,
        app.bg_app,
        app.content,
        "7",
        app.size,
        app.download,
        app.developer,
        "apps",
        "https://a.example/1 | https://a.example/2",
      ].join(","),
    ].join("\n");
    const applied = await importFile("apkw", "apps", csv, "apps.csv", { key: "title" });
    expect(applied.statusCode, applied.body).toBe(200);
    const stored = (
      (await t.admin("GET", "/api/v1/apkw/apps")).json().data as {
        title: string;
        supportedDevices: string[];
      }[]
    ).find((item) => item.title === "Import Csv");
    expect(stored?.supportedDevices).toEqual(["https://a.example/1", "https://a.example/2"]);
  });

  it("round-trips matches through the list's JSON (matched by _id) and servers through CSV", async () => {
    const created = await t.admin(
      "POST",
      "/api/v1/sportbn/matches",
      validMatch({ homeTeam_name: "Import Home" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const match = created.json().data;
    const list = (await t.admin("GET", "/api/v1/sportbn/matches")).json();
    const mine = { ...list, data: list.data.filter((item: { _id: string }) => item._id === match._id) };
    const same = await importFile("sportbn", "matches", JSON.stringify(mine), "matches.json", { key: "_id" });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ updated: 1, created: 0 });
    const stored = (await t.admin("GET", "/api/v1/sportbn/matches")).json().data;
    expect(stored.find((item: { _id: string }) => item._id === match._id)).toMatchObject({
      homeTeam: match.homeTeam,
      league: match.league,
      date: match.date,
      time: match.time,
    });

    const servers = [
      "match_id,name,url",
      `${match._id},Server A,https://stream.example/a`,
      "000000000000000000000000,Server B,https://stream.example/b",
    ].join("\n");
    const preview = await importFile("sportbn", "other-servers", servers, "servers.csv", { dryRun: true });
    expect(preview.json().data.errors).toEqual([{ row: 2, field: "match_id", message: expect.any(String) }]);
    const applied = await importFile(
      "sportbn",
      "other-servers",
      servers.split("\n").slice(0, 2).join("\n"),
      "servers.csv",
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const renamed = await importFile(
      "sportbn",
      "other-servers",
      `url,name\nhttps://stream.example/a,Server A2\n`,
      "servers.csv",
      {
        key: "url",
      },
    );
    expect(renamed.json().data).toMatchObject({ updated: 1, created: 0 });
  });
});

describe("bad files and settings answer a clear 4xx naming the field, storing nothing", () => {
  const countEmails = async () =>
    (
      await t.app.db.query<{ n: number }>(
        "select count(*)::int as n from email_subscriptions where site = 'apkw'",
      )
    )[0]!.n;

  it.each([
    [
      "a PNG named .csv",
      async () => image("png", 8, 8),
      "list.csv",
      415,
      "file",
      /not a CSV or JSON text file \(it looks like PNG/,
    ],
    [
      "Latin-1 text",
      async () => Buffer.from("email\ncaf\xe9@example.com\n", "latin1"),
      "list.csv",
      400,
      "file",
      /not UTF-8 text: the bytes at offset 9/,
    ],
    ["an empty file", async () => Buffer.alloc(0), "list.csv", 400, "file", /file is empty/],
    ["a header without rows", async () => Buffer.from("email\n"), "list.csv", 400, "file", /no rows/],
    [
      "1,000,000 columns",
      async () => Buffer.from(`${"a,".repeat(999_999)}a\n`),
      "list.csv",
      413,
      "file",
      /at most/,
    ],
    [
      "300 columns",
      async () => Buffer.from(`${Array.from({ length: 300 }, (_, i) => `c${i}`).join(",")}\n`),
      "list.csv",
      400,
      "file",
      /more than 200 columns/,
    ],
    [
      "a line too long",
      async () => Buffer.from(`email\n"${"x".repeat(IMPORT_LIMITS.recordChars + 10)}"\n`),
      "list.csv",
      400,
      "file",
      /row 1 is longer/,
    ],
    ["broken JSON", async () => Buffer.from('[{"email": '), "list.json", 400, "file", /not valid JSON/],
    [
      "JSON that is no list",
      async () => Buffer.from('{"email": "a@example.com"}'),
      "list.json",
      400,
      "file",
      /array of objects/,
    ],
  ])("%s", async (_name, bytes, fileName, status, field, message) => {
    const before = await countEmails();
    const answer = await importFile("apkw", "emails", await bytes(), fileName);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().errors[0]).toMatchObject({ path: field, message: expect.stringMatching(message) });
    expect(await countEmails()).toBe(before);
  });

  it("stops reading an upload at the byte limit and answers 413 naming it", async () => {
    const big = Buffer.from(`email\n${"someone@example.com\n".repeat(20_000)}`);
    const answer = await importFile("apkw", "emails", big, "big.csv");
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(M.tooLarge(MAX_BYTES));
    expect(answer.headers.connection).toBe("close");
  });

  it("refuses a declared 1 GB body before reading it", async () => {
    const body = multipart(Buffer.from("email\na@example.com\n"), "a.csv");
    const answer = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/apkw/emails/import",
      payload: body.payload,
      headers: { ...body.headers, "content-length": String(1024 ** 3) },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().errors[0].path).toBe("file");
  });

  it.each([
    ["an unknown field", { mapping: { email: "password" } }, "mapping", M.unknownField("password")],
    ["a column the file lacks", { mapping: { Mail: "email" } }, "mapping", M.unknownColumn("Mail")],
    ["a key no column maps to", { mapping: { email: "url" }, key: "email" }, "key", M.keyNotMapped("email")],
    ["a key the kind has not", { key: "url" }, "key", "key must be one of email"],
  ])("refuses %s", async (_name, query, field, message) => {
    const answer = await importFile("apkw", "emails", "email\na@example.com\n", "a.csv", query as Query);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors[0]).toMatchObject({ path: field, message });
  });

  it("refuses a body without the file field", async () => {
    const answer = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/apkw/emails/import",
      ...multipart(Buffer.from("email\n"), "a.csv", "other"),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].path).toBe("file");
  });

  it("answers 404 where the site has no such resource", async () => {
    expect((await importFile("movies", "emails", "email\na@example.com\n", "a.csv")).statusCode).toBe(404);
    expect((await importFile("sportbn", "apps", "title\nx\n", "a.csv")).statusCode).toBe(404);
  });
});
