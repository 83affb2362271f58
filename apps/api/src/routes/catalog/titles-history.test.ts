import { UNDO_HEADER } from "@backoffice/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The real content service, in this process: titles live in its database, their trash in the api's.
import {
  FAKE_TMDB_KEY,
  type FakeTmdb,
  matrixDetails,
  startFakeTmdb,
} from "../../../../content/test/fake-tmdb.ts";
import { buildTestApp as buildContent, SECRET, type TestApp } from "../../../../content/test/helpers.ts";
import { signedInApp } from "../../../test/helpers.ts";

let content: TestApp;
let tmdb: FakeTmdb;
beforeAll(async () => {
  tmdb = await startFakeTmdb();
  tmdb.answer("/movie/603", 200, matrixDetails());
  content = await buildContent({ TMDB_BASE_URL: tmdb.url, TMDB_API_KEY: FAKE_TMDB_KEY });
  await content.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await content.close();
  await tmdb.close();
});

const t = signedInApp(() => ({
  CONTENT_URL: `http://127.0.0.1:${(content.app.server.address() as { port: number }).port}`,
  CONTENT_HMAC_SECRET: SECRET,
}));

const catalog = async () =>
  (await t.admin("GET", "/api/v1/movies/catalog")).json() as {
    _id: string;
    title: string;
    featured: boolean;
  }[];

describe("titles in the History and the trash (issue 13)", () => {
  it("logs a title's update with its fields before and after", async () => {
    const id = await content.addTitle({ title: "Arrival" });
    const patched = await t.admin("PATCH", `/api/v1/movies/catalog/${id}`, { featured: true });
    expect(patched.statusCode).toBe(200);
    const [entry] = (await t.admin("GET", `/api/v1/movies/history/titles/${id}`)).json().data;
    expect(entry).toMatchObject({
      action: "update",
      site: "movies",
      before: { title: "Arrival", featured: false },
      after: { title: "Arrival", featured: true },
    });
  });

  it("undoes a bulk delete of titles: the same titles are back, ids and all", async () => {
    const ids = [await content.addTitle({ title: "Heat" }), await content.addTitle({ title: "Ronin" })];
    const before = (await catalog()).filter((item) => ids.includes(item._id));
    const deleted = await t.admin("DELETE", "/api/v1/movies/catalog", { ids });
    expect(deleted.json().deleted).toBe(2);
    expect((await catalog()).filter((item) => ids.includes(item._id))).toEqual([]);
    const trash = (await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().data;
    expect(trash.map((item: { label: string }) => item.label).sort()).toEqual(["Heat", "Ronin"]);
    const undone = await t.admin("POST", "/api/v1/movies/trash/undo", {
      token: deleted.headers[UNDO_HEADER],
    });
    expect(undone.json()).toMatchObject({ restored: 2, skipped: 0, message: "2 items restored" });
    expect((await catalog()).filter((item) => ids.includes(item._id))).toEqual(before);
    const [restored] = (await t.admin("GET", `/api/v1/movies/history/titles/${ids[0]}`)).json().data;
    expect(restored.action).toBe("restore");
    expect((await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().result).toBe(0);
  });

  it("logs an import as the title's creation", async () => {
    const imported = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", {
      tmdbId: 603,
      kind: "movie",
    });
    expect(imported.statusCode).toBe(201);
    const [entry] = (await t.admin("GET", "/api/v1/movies/history?resource=titles")).json().data;
    expect(entry).toMatchObject({
      action: "create",
      before: null,
      after: { title: "The Matrix", tmdbId: 603 },
    });
  });

  it("restores a title picked in the trash", async () => {
    const id = await content.addTitle({ title: "Sicario" });
    await t.admin("DELETE", "/api/v1/movies/catalog", { ids: [id] });
    const [item] = (await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().data;
    const restored = await t.admin("POST", "/api/v1/movies/trash/restore", { ids: [item._id] });
    expect(restored.json()).toMatchObject({ restored: 1, skipped: 0 });
    expect((await catalog()).map((one) => one._id)).toContain(id);
  });
});
