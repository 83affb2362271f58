import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { insertBulkRows } from "../../seed/bulk.ts";

// The inbox lists find a page through per-bucket counts (migration 0006) instead of counting and
// skipping rows; these tests hold every page against the plain ORDER BY / OFFSET answer.
const t = signedInApp();

const get = (url: string) => t.admin("GET", url);
const plainIds = async (table: string, site: string) =>
  (
    await t.app.db.query<{ id: string }>(`select id from ${table} where site = $1 order by id desc`, [site])
  ).map((row) => row.id);

async function expectEveryPageExact(path: string, table: string, site: string) {
  const all = await plainIds(table, site);
  const pages = Math.max(1, Math.ceil(all.length / 20));
  for (let page = 1; page <= pages + 1; page++) {
    const answer = (await get(`${path}?page=${page}`)).json();
    expect(answer.result, `total on page ${page}`).toBe(all.length);
    expect(answer.pagination).toEqual({ page, numberOfPages: pages });
    expect(
      answer.data.map((row: { _id: string }) => row._id),
      `rows of page ${page}`,
    ).toEqual(all.slice((page - 1) * 20, page * 20));
  }
}

describe("inbox paging over many time buckets", () => {
  it("answers every page of emails exactly, before and after deletes across buckets", async () => {
    // 1,234 rows over three years: hundreds of 18-hour buckets, a few rows in each.
    await insertBulkRows(t.app.db, {
      table: "email_subscriptions",
      site: "sportbn",
      count: 1234,
      days: 1095,
    });
    await insertBulkRows(t.app.db, { table: "email_subscriptions", site: "apkw", count: 50, days: 3 });
    await expectEveryPageExact("/api/v1/sportbn/emails", "email_subscriptions", "sportbn");

    const all = await plainIds("email_subscriptions", "sportbn");
    const chosen = all.filter((_, index) => index % 7 === 0 || index < 45);
    const deleted = await t.as(t.token, {
      method: "DELETE",
      url: "/api/v1/sportbn/emails",
      payload: { ids: chosen },
    });
    expect(deleted.json().deleted).toBe(chosen.length);
    await expectEveryPageExact("/api/v1/sportbn/emails", "email_subscriptions", "sportbn");
    // The other site's count is its own.
    expect((await get("/api/v1/apkw/emails")).json().result).toBe(50);
  });

  it("counts public subscriptions and contact messages as they arrive", async () => {
    await insertBulkRows(t.app.db, { table: "contact_messages", site: "movies", count: 333, days: 400 });
    for (let i = 0; i < 3; i++) {
      const sent = await t.inject({
        method: "POST",
        url: "/api/v1/public/movies/contacts",
        payload: {
          email: `viewer${i}@example.com`,
          firstName: "Ana",
          lastName: "Silva",
          message: "Hello there",
        },
        remoteAddress: `10.9.0.${i}`,
      });
      expect(sent.statusCode).toBe(201);
    }
    await expectEveryPageExact("/api/v1/movies/contacts", "contact_messages", "movies");
    expect((await get("/api/v1/movies/contacts")).json().result).toBe(336);
  });

  it("leaves the counts alone when a write rolls back", async () => {
    const before = (await get("/api/v1/apkw/emails")).json().result;
    await expect(
      t.app.db.transaction(async (tx) => {
        await insertBulkRows(tx, { table: "email_subscriptions", site: "apkw", count: 40, days: 1 });
        throw new Error("abandoned");
      }),
    ).rejects.toThrow("abandoned");
    expect((await get("/api/v1/apkw/emails")).json().result).toBe(before);
    await expectEveryPageExact("/api/v1/apkw/emails", "email_subscriptions", "apkw");
  });
});
