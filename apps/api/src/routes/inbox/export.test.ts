import { get } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { insertBulkRows } from "../../seed/bulk.ts";

// GET …/emails/export.csv and …/contacts/export.csv (docs/PRODUCT-RULES.md#emails-and-contacts):
// streamed, RFC 4180, guarded.
const t = signedInApp();

const exportOf = (url: string) => t.admin("GET", url);
const records = (text: string) => text.split("\r\n").slice(0, -1);

describe("CSV export of the inboxes", () => {
  it("streams every contact message, newest first, quoted as RFC 4180 says and guarded against formulas", async () => {
    const send = (payload: object, i: number) =>
      t.inject({
        method: "POST",
        url: "/api/v1/public/movies/contacts",
        payload,
        remoteAddress: `10.60.0.${i}`,
      });
    await send(
      {
        email: "ada@example.com",
        firstName: "Ada",
        subject: 'Say "hi", please',
        message: "Line one\nLine two",
      },
      1,
    );
    await send(
      {
        email: "eve@example.com",
        firstName: '=HYPERLINK("http://evil")',
        lastName: "+1",
        subject: "-2",
        message: "@SUM(A1)",
      },
      2,
    );
    const response = await exportOf("/api/v1/movies/contacts/export.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="movies-contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["x-export-rows"]).toBe("2");
    const [header, eve, ada] = records(response.body);
    expect(header).toBe("Email,First name,Last name,Subject,Message,Page,Received at");
    expect(eve).toMatch(/^eve@example\.com,"'=HYPERLINK\(""http:\/\/evil""\)",'\+1,'-2,'@SUM\(A1\),,\d{4}-/);
    expect(ada).toMatch(/^ada@example\.com,Ada,,"Say ""hi"", please","Line one\nLine two",,\d{4}-/);
  });

  it("exports only the selection when ids are given, and the whole list in batches otherwise", async () => {
    await insertBulkRows(t.app.db, { table: "email_subscriptions", site: "sportbn", count: 12345, days: 30 });
    const whole = await exportOf("/api/v1/sportbn/emails/export.csv");
    const lines = records(whole.body);
    expect(lines[0]).toBe("Email,Page,Subscribed at");
    expect(lines).toHaveLength(12_346);
    expect(whole.headers["x-export-rows"]).toBe("12345");
    const newestFirst = (
      await t.app.db.query<{ email: string }>(
        "select email from email_subscriptions where site = 'sportbn' order by id desc",
      )
    ).map((row) => row.email);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(newestFirst);

    const page = (await exportOf("/api/v1/sportbn/emails?page=3")).json().data as {
      _id: string;
      email: string;
    }[];
    const chosen = page.slice(0, 3);
    const selected = await exportOf(
      `/api/v1/sportbn/emails/export.csv?ids=${chosen.map((row) => row._id).join(",")}`,
    );
    expect(
      records(selected.body)
        .slice(1)
        .map((line) => line.split(",")[0]),
    ).toEqual(chosen.map((row) => row.email));
    expect(selected.headers["x-export-rows"]).toBe("3");
  });

  it("refuses bad ids naming the field, needs a session (the access matrix covers other roles), and exists where the inbox does", async () => {
    const bad = await exportOf("/api/v1/apkw/emails/export.csv?ids=nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("id must be 24 hexadecimal digits");
    expect((await exportOf("/api/v1/apkw/emails/export.csv?limit=5")).statusCode).toBe(400);
    expect((await t.inject({ method: "GET", url: "/api/v1/apkw/emails/export.csv" })).statusCode).toBe(401);
    expect((await exportOf("/api/v1/movies/emails/export.csv")).statusCode).toBe(404);
    expect((await exportOf("/api/v1/apkw/contacts/export.csv")).statusCode).toBe(404);
  });

  it("stops reading the database when the client goes away mid-export, and the next export still works", async () => {
    // Far more than the socket buffers hold (about 7 MB of CSV), so the export is still running when
    // the client leaves; 100,000 rather than 200,000 since the address search's trigram index
    // (migration 0027) makes each insert dearer on the embedded database.
    await insertBulkRows(t.app.db, { table: "email_subscriptions", site: "apkw", count: 100_000, days: 30 });
    const reads: number[] = [];
    const query = t.app.db.query.bind(t.app.db);
    const spy = vi.spyOn(t.app.db, "query").mockImplementation((text, params) => {
      if (text.includes("from email_subscriptions") && text.includes("limit")) reads.push(Date.now());
      return query(text, params);
    });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as { port: number };
      const firstBytes = await new Promise<number>((resolve, reject) => {
        const request = get(
          {
            port,
            host: "127.0.0.1",
            path: "/api/v1/apkw/emails/export.csv",
            headers: { authorization: `Bearer ${t.token}` },
          },
          (response) => {
            response.once("data", (chunk: Buffer) => {
              request.destroy(); // the browser tab closed
              resolve(chunk.length);
            });
          },
        );
        request.on("error", (error) => (error.message.includes("aborted") ? undefined : reject(error)));
      });
      expect(firstBytes).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const afterLeaving = reads.length;
      await new Promise((resolve) => setTimeout(resolve, 700));
      // The query in flight when the client left may finish; none starts after it.
      expect(reads.length).toBe(afterLeaving);
      // 100 batches would read every row: the export stopped once the client left, not at the end.
      expect(afterLeaving).toBeLessThan(100);
      const again = await exportOf(`/api/v1/apkw/emails/export.csv?ids=${"0".repeat(24)}`);
      expect(again.statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
  }, 60_000);
});
