import { UNDO_HEADER } from "@backoffice/contracts";
import { LIVE_MESSAGES } from "@backoffice/contracts/live";
import { describe, expect, it } from "vitest";
import { contentWithMovieDatabase } from "../../../test/content-service.ts";
import { signedInApp } from "../../../test/helpers.ts";

// The real content service, as a process (titles live in its database, their trash in the api's),
// importing from a minimal stand-in for the movie database.
const SECRET = "titles-history-secret-0123456789";
const content = contentWithMovieDatabase(SECRET);

const t = signedInApp(() => ({ CONTENT_URL: content.service.url, CONTENT_HMAC_SECRET: SECRET }));

const catalog = async () =>
  (await t.admin("GET", "/api/v1/movies/catalog")).json() as {
    _id: string;
    tmdbId: number;
    title: string;
    updatedAt: string;
  }[];
/** Imports movie `tmdbId` through the api, as the Import screen does; answers its id. */
async function imported(tmdbId: number): Promise<string> {
  const answer = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", { tmdbId, kind: "movie" });
  expect(answer.statusCode).toBe(201);
  return (await catalog()).find((item) => item.tmdbId === tmdbId)!._id;
}

describe("titles in the History and the trash", () => {
  it("logs an import as the title's creation, and an update with its fields before and after", async () => {
    const id = await imported(101);
    const [created] = (await t.admin("GET", "/api/v1/movies/history?resource=titles")).json().data;
    expect(created).toMatchObject({
      action: "create",
      recordId: id,
      before: null,
      after: { title: "Title 101" },
    });
    const patched = await t.admin("PATCH", `/api/v1/movies/catalog/${id}`, { featured: true });
    expect(patched.statusCode).toBe(200);
    const [updated] = (await t.admin("GET", `/api/v1/movies/history/titles/${id}`)).json().data;
    expect(updated).toMatchObject({
      action: "update",
      site: "movies",
      before: { title: "Title 101", featured: false },
      after: { title: "Title 101", featured: true },
    });
  });

  it("undoes a bulk delete of titles: the same titles are back, ids and all", async () => {
    const ids = [await imported(102), await imported(103)];
    const before = (await catalog()).filter((item) => ids.includes(item._id));
    const deleted = await t.admin("DELETE", "/api/v1/movies/catalog", { ids });
    expect(deleted.json().deleted).toBe(2);
    expect((await catalog()).filter((item) => ids.includes(item._id))).toEqual([]);
    const trash = (await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().data;
    expect(trash.map((item: { label: string }) => item.label).sort()).toEqual(["Title 102", "Title 103"]);
    const undone = await t.admin("POST", "/api/v1/movies/trash/undo", {
      token: deleted.headers[UNDO_HEADER],
    });
    expect(undone.json()).toMatchObject({ restored: 2, skipped: 0, message: "2 items restored" });
    expect((await catalog()).filter((item) => ids.includes(item._id))).toEqual(before);
    const [restored] = (await t.admin("GET", `/api/v1/movies/history/titles/${ids[0]}`)).json().data;
    expect(restored.action).toBe("restore");
    expect((await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().result).toBe(0);
  });

  it("restores a title picked in the trash, unless it was imported again meanwhile", async () => {
    const id = await imported(104);
    await t.admin("DELETE", "/api/v1/movies/catalog", { ids: [id] });
    const [item] = (await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().data;
    const restored = await t.admin("POST", "/api/v1/movies/trash/restore", { ids: [item._id] });
    expect(restored.json()).toMatchObject({ restored: 1, skipped: 0 });
    expect((await catalog()).map((one) => one._id)).toContain(id);

    await t.admin("DELETE", "/api/v1/movies/catalog", { ids: [id] });
    const again = await imported(104);
    const [second] = (await t.admin("GET", "/api/v1/movies/trash?resource=titles")).json().data;
    const skipped = await t.admin("POST", "/api/v1/movies/trash/restore", { ids: [second._id] });
    expect(skipped.json()).toMatchObject({ restored: 0, skipped: 1 });
    expect((await catalog()).filter((one) => one.tmdbId === 104).map((one) => one._id)).toEqual([again]);
  });
});

// The Edit dialog's version check (docs/PRODUCT-RULES.md#live-updates): its save sends the
// `updatedAt` it loaded as If-Match, which the content service checks in its update (its 409 relayed).
describe("a title's version check (If-Match)", () => {
  it("saves with the version it loaded, answers 409 once the title changed since, and saves without one", async () => {
    const id = await imported(105);
    const loaded = (await catalog()).find((item) => item._id === id)!;
    const patch = (title: string, version?: string) =>
      t.admin(
        "PATCH",
        `/api/v1/movies/catalog/${id}`,
        { title },
        version ? { "if-match": `"${version}"` } : {},
      );

    const saved = await patch("First edit", loaded.updatedAt);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.updatedAt).not.toBe(loaded.updatedAt);

    // A second dialog still holding the first version is refused; the title keeps the first edit.
    const stale = await patch("Second edit", loaded.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: "fail", message: LIVE_MESSAGES.conflict });
    expect((await catalog()).find((item) => item._id === id)!.title).toBe("First edit");
    const history = (await t.admin("GET", `/api/v1/movies/history/titles/${id}`)).json().data;
    expect(history.filter((entry: { action: string }) => entry.action === "update")).toHaveLength(1);

    expect((await patch("Third edit", saved.json().data.updatedAt)).statusCode).toBe(200);
    // A version that is no date is no title's version.
    const garbage = await patch("Not saved", "yesterday");
    expect(garbage.statusCode).toBe(409);
    expect(garbage.json()).toEqual({ status: "fail", message: LIVE_MESSAGES.conflict });
    expect((await catalog()).find((item) => item._id === id)!.title).toBe("Third edit");
    const plain = await patch("Fourth edit");
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.title).toBe("Fourth edit");
  });
});
