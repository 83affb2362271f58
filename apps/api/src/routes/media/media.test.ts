import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA_MESSAGES } from "@backoffice/contracts/media";
import { UNDO_HEADER } from "@backoffice/contracts/undo-header";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validApp } from "../apps/app.testing.ts";
import { validMatch } from "../matches/match.testing.ts";
import { image, jpegWithGps, multipart, pngBomb, zip } from "./media.testing.ts";

// The media library through HTTP (docs/MEDIA.md): uploads checked by content, sizes made by the job,
// files served under /media/ with their headers, History and the Trash like any record.
const dataDir = mkdtempSync(join(tmpdir(), "h4-media-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = signedInApp(() => ({ DATA_DIR: dataDir, MEDIA_MAX_BYTES: String(2 * 1024 * 1024) }));

const upload = (bytes: Buffer, name: string, field = "file", site = "apkw") =>
  t.as(t.token, { method: "POST", url: `/api/v1/${site}/media`, ...multipart(bytes, name, field) });

const pathOf = (url: string) => new URL(url).pathname;

/** Waits for the job to make the sizes, looking again with a growing pause (a slow, shared machine). */
async function ready(site: string, id: string) {
  for (let wait = 50; wait < 60_000; wait *= 1.5) {
    const item = (await t.admin("GET", `/api/v1/${site}/media/${id}`)).json().data;
    if (item.status !== "pending") return item;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new Error("the media-variants job did not finish");
}

describe("media uploads", () => {
  it("stores an image, answers 201 with its item, makes its sizes in the job and serves them immutable", async () => {
    const png = await image("png", 1600, 900);
    const created = await upload(png, "hero.png");
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      fileName: "hero.png",
      format: "png",
      width: 1600,
      height: 900,
      alt: "",
      status: "pending",
      variants: [],
    });
    expect(item.url).toMatch(/^http:\/\/.+\/media\/[0-9a-f]{64}\.png$/);

    const done = await ready("apkw", item._id);
    expect(done.status).toBe("ready");
    expect(
      done.variants.map((v: { width: number; format: string }) => `${v.width}.${v.format}`).sort(),
    ).toEqual(["1200.avif", "1200.webp", "160.avif", "160.webp", "480.avif", "480.webp"]);
    const small = done.variants.find(
      (v: { width: number; format: string }) => v.width === 160 && v.format === "webp",
    );
    expect(small.height).toBe(90);

    const served = await t.inject({ method: "GET", url: pathOf(small.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    expect(served.headers["content-security-policy"]).toContain("script-src 'none'");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(160);
    const original = await t.inject({ method: "GET", url: pathOf(item.url) });
    expect(original.headers["content-type"]).toBe("image/png");

    // No size is made from the URL: only stored names exist.
    expect(
      (await t.inject({ method: "GET", url: pathOf(small.url).replace("-160.", "-161.") })).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: "GET", url: "/media/..%2Fapi%2Fsecret.png" })).statusCode).toBe(400);
  });

  it("never enlarges: an image narrower than every preset gets sizes of its own width, served", async () => {
    const tiny = (await upload(await image("png", 8, 8), "dot.png")).json().data;
    const done = await ready("apkw", tiny._id);
    expect(done.variants.map((v: { width: number }) => v.width)).toEqual([8, 8]);
    expect((await t.inject({ method: "GET", url: pathOf(done.variants[0].url) })).statusCode).toBe(200);
  });

  it("removes EXIF and GPS from the stored original, turned upright by its orientation", async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const item = (await upload(photo, "holiday.jpg")).json().data;
    // The upload waits for the job under a name never served; its address answers once cleaned.
    const uploadName = `upload-${pathOf(item.url).slice("/media/".length)}`;
    expect((await t.inject({ method: "GET", url: `/media/${uploadName}` })).statusCode).toBe(400);
    const early = await t.inject({ method: "GET", url: pathOf(item.url) });
    const pending = (await t.admin("GET", `/api/v1/apkw/media/${item._id}`)).json().data.status === "pending";
    if (pending) expect(early.statusCode).toBe(404);
    const done = await ready("apkw", item._id);
    expect(done.status).toBe("ready");
    const stored = (await t.inject({ method: "GET", url: pathOf(item.url) })).rawPayload;
    expect(stored.length).toBe(done.bytes);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
    expect([item.width, item.height]).toEqual([200, 300]);
  });

  it("finds a duplicate by its content: the same bytes answer the existing item", async () => {
    const bytes = await image("webp", 300, 300);
    const first = (await upload(bytes, "a.webp")).json().data;
    const again = await upload(bytes, "renamed.webp");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      data: { _id: first._id },
      message: "This image is already in the library",
    });
    // Another site has its own library.
    expect((await upload(bytes, "a.webp", "file", "movies")).statusCode).toBe(201);
  });

  it("reads the type from the content: a JPEG named .png is accepted as a JPEG", async () => {
    const created = await upload(await image("jpeg", 200, 100), "looks-like.png");
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ format: "jpeg", url: expect.stringMatching(/\.jpg$/) });
  });

  const refusal = (status: number, pattern: RegExp) => ({ status, pattern });
  it.each([
    ["0 bytes", () => Buffer.alloc(0), "empty.png", refusal(400, /file is empty/)],
    ["a zip", zip, "photos.zip", refusal(415, /file must be a JPEG, PNG, WebP, AVIF or GIF image/)],
    [
      "an SVG",
      () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      "logo.svg",
      refusal(415, /SVG is not accepted/),
    ],
    [
      "a 20,000 × 20,000 PNG bomb",
      pngBomb,
      "bomb.png",
      refusal(400, /file must be at most 50,000,000 pixels/),
    ],
  ])("refuses %s naming the field file", async (_name, make, fileName, expected) => {
    const answer = await upload(make(), fileName);
    expect(answer.statusCode).toBe(expected.status);
    expect(answer.json().message).toMatch(expected.pattern);
    expect(answer.json().errors[0]).toMatchObject({ path: "file" });
  });

  it("refuses a truncated file and a file past the byte limit (413 naming it); nothing is listed", async () => {
    const whole = await image("jpeg", 800, 600);
    const cut = await upload(whole.subarray(0, Math.floor(whole.length / 2)), "cut.jpg");
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({
      message: expect.stringMatching(/damaged or cut short/),
      errors: [{ path: "file" }],
    });

    const huge = Buffer.concat([await image("png", 100, 100), Buffer.alloc(3 * 1024 * 1024)]);
    const tooLarge = await upload(huge, "huge.png");
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      message: "file must be at most 2 MB (2097152 bytes)",
      errors: [{ path: "file" }],
    });

    const names = (await t.admin("GET", "/api/v1/apkw/media?limit=100"))
      .json()
      .data.map((m: { fileName: string }) => m.fileName);
    expect(names).not.toContain("cut.jpg");
    expect(names).not.toContain("huge.png");
  });

  it("refuses an upload cut mid-way (400 naming file) and stores nothing", async () => {
    const { payload, headers } = multipart(await image("png", 300, 300), "cut-off.png");
    const cut = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/apkw/media",
      headers,
      payload: payload.subarray(0, payload.length - 200),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().errors[0]).toMatchObject({ path: "file" });
    const names = (await t.admin("GET", "/api/v1/apkw/media?q=cut-off")).json().data;
    expect(names).toEqual([]);
  });

  it("answers 10,000 files in one request with a 400 naming file: one file per upload, nothing stored", async () => {
    const png = await image("png", 4, 4);
    const boundary = "----h4many";
    const part = (n: number) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="many-${n}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from("\r\n"),
      ]);
    const payload = Buffer.concat([
      ...Array.from({ length: 10_000 }, (_, n) => part(n)),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const answer = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/apkw/media",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: MEDIA_MESSAGES.oneFile, errors: [{ path: "file" }] });
    const names = (await t.admin("GET", "/api/v1/apkw/media?q=many-&limit=100")).json().data;
    expect(names).toEqual([]);
  });

  it("asks for the field file: another field or a JSON body is a 400 naming it", async () => {
    const other = await upload(await image("png", 10, 10), "a.png", "image");
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ path: "file", code: "required" });
    const json = await t.admin("POST", "/api/v1/apkw/media", { file: "x" });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors[0]).toMatchObject({ path: "file" });
  });
});

describe("the media list, alt text and delete", () => {
  it("lists newest first with pages, a search and a type filter", async () => {
    await upload(await image("gif", 40, 40), "banner-cat.gif", "file", "sportbn");
    await upload(await image("png", 40, 40), "banner-dog.png", "file", "sportbn");
    await upload(await image("png", 40, 40), "team.png", "file", "sportbn");
    const page = (await t.admin("GET", "/api/v1/sportbn/media?limit=2")).json();
    expect(page).toMatchObject({ status: "success", pagination: { page: 1, numberOfPages: 2 }, result: 3 });
    expect(page.data.map((m: { fileName: string }) => m.fileName)).toEqual(["team.png", "banner-dog.png"]);
    const search = (await t.admin("GET", "/api/v1/sportbn/media?q=BANNER&type=png")).json();
    expect(search.data.map((m: { fileName: string }) => m.fileName)).toEqual(["banner-dog.png"]);
    expect((await t.admin("GET", "/api/v1/sportbn/media?type=svg")).statusCode).toBe(400);
  });

  it("edits the alt text, deletes to the Trash and comes back with Undo; History has each step", async () => {
    const item = (await upload(await image("png", 50, 50), "logo.png", "file", "movies")).json().data;
    await ready("movies", item._id);
    const edited = await t.admin("PATCH", `/api/v1/movies/media/${item._id}`, { alt: "Club logo" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.alt).toBe("Club logo");
    const long = await t.admin("PATCH", `/api/v1/movies/media/${item._id}`, { alt: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe("alt");

    const deleted = await t.admin("DELETE", `/api/v1/movies/media/${item._id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await t.admin("GET", `/api/v1/movies/media/${item._id}`)).statusCode).toBe(404);
    const trash = (await t.admin("GET", "/api/v1/movies/trash?resource=media")).json().data;
    expect(trash[0]).toMatchObject({ recordId: item._id, resource: "media", label: "logo.png" });
    const undone = await t.admin("POST", "/api/v1/movies/trash/undo", {
      token: deleted.headers[UNDO_HEADER],
    });
    expect(undone.json()).toMatchObject({ restored: 1 });
    expect((await t.admin("GET", `/api/v1/movies/media/${item._id}`)).json().data.alt).toBe("Club logo");
    // The files stayed for the restore.
    expect((await t.inject({ method: "GET", url: pathOf(item.url) })).statusCode).toBe(200);

    const history = (await t.admin("GET", "/api/v1/movies/history?resource=media")).json().data;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["create", "update", "delete"]),
    );
  });

  it("refuses anonymous callers and a Viewer's upload", async () => {
    expect((await t.inject({ method: "GET", url: "/api/v1/apkw/media" })).statusCode).toBe(401);
    await t.createUser("viewer-media@example.com", "Viewer-pass-1", "admin", {
      level: "viewer",
      sites: ["apkw"],
    });
    const viewer = await t.login("viewer-media@example.com", "Viewer-pass-1");
    const answer = await t.as(viewer, {
      method: "POST",
      url: "/api/v1/apkw/media",
      ...multipart(await image("png", 10, 10), "a.png"),
    });
    expect(answer.statusCode).toBe(403);
    expect((await t.as(viewer, { method: "GET", url: "/api/v1/apkw/media" })).statusCode).toBe(200);
  });
});

describe("public reads", () => {
  it("give the sizes of media images beside the unchanged fields: absolute URLs and srcset per format, once ready", async () => {
    const icon = (await upload(await image("png", 900, 600), "public-icon.png")).json().data;
    await t.admin(
      "POST",
      "/api/v1/apkw/apps",
      validApp({ title: "Public icon", icon_app: icon.url, category: "apps" }),
    );
    const appOf = async () =>
      (await t.inject({ method: "GET", url: "/api/v1/public/apkw/apps?category=apps" }))
        .json()
        .data.find((app: { title: string }) => app.title === "Public icon");
    // Until its sizes exist the image is not given (the field itself is, unchanged).
    const early = await appOf();
    expect(early.icon_app).toBe(icon.url);
    if ((await t.admin("GET", `/api/v1/apkw/media/${icon._id}`)).json().data.status === "pending")
      expect(early.images).toEqual({});
    await ready("apkw", icon._id);
    await t.admin("PATCH", `/api/v1/apkw/media/${icon._id}`, { alt: "Shield" });
    const app = await appOf();
    expect(app.icon_app).toBe(icon.url);
    expect(app.bg_app).toBe("https://cdn.example/bg/subway.jpg");
    expect(Object.keys(app.images)).toEqual(["icon_app"]);
    const base = icon.url.replace(/\.png$/, "");
    expect(app.images.icon_app).toMatchObject({
      url: icon.url,
      width: 900,
      height: 600,
      alt: "Shield",
      srcset: {
        webp: `${base}-160.webp 160w, ${base}-480.webp 480w`,
        avif: `${base}-160.avif 160w, ${base}-480.avif 480w`,
      },
    });
    expect(app.images.icon_app.variants).toHaveLength(4);
    for (const variant of app.images.icon_app.variants) expect(variant.url).toMatch(/^http:\/\//);
  });
});

describe("purging from the Trash", () => {
  it("deletes the original and its sizes from the folder, keeping a file another site's image shares", async () => {
    const bytes = await image("png", 700, 350);
    const item = (await upload(bytes, "gone.png")).json().data;
    const shared = (await upload(bytes, "kept.png", "file", "sportbn")).json().data;
    expect(shared.url).toBe(item.url);
    const done = await ready("apkw", item._id);
    const paths = [item.url, ...done.variants.map((v: { url: string }) => v.url)].map(pathOf);
    await t.admin("DELETE", `/api/v1/apkw/media/${item._id}`);
    await t.admin("DELETE", `/api/v1/sportbn/media/${shared._id}`);
    const purge = async (site: string) => {
      const trashed = (await t.admin("GET", `/api/v1/${site}/trash?resource=media`)).json().data;
      const ids = trashed.filter((entry: { recordId: string }) =>
        [item._id, shared._id].includes(entry.recordId),
      );
      return (
        await t.admin("POST", `/api/v1/${site}/trash/purge`, { ids: ids.map((e: { _id: string }) => e._id) })
      ).json();
    };
    expect(await purge("apkw")).toMatchObject({ deleted: 1 });
    // sportbn's trashed image still has the file: it stays.
    expect((await t.inject({ method: "GET", url: paths[0] as string })).statusCode).toBe(200);
    expect(await purge("sportbn")).toMatchObject({ deleted: 1 });
    for (const path of paths) expect((await t.inject({ method: "GET", url: path })).statusCode).toBe(404);
  });
});

describe("where used and replace", () => {
  it("names the records using an image (by any of its addresses), filters by use and asks before deleting one in use", async () => {
    const logo = (await upload(await image("png", 300, 300), "club.png", "file", "sportbn")).json().data;
    const spare = (await upload(await image("png", 301, 300), "spare.png", "file", "sportbn")).json().data;
    const done = await ready("sportbn", logo._id);
    const small = done.variants.find((v: { width: number }) => v.width === 160).url;
    const match = await t.admin(
      "POST",
      "/api/v1/sportbn/matches",
      validMatch({ homeTeam_name: "Uses FC", league_logo: logo.url, awayTeam_logo: small }),
    );
    expect(match.statusCode).toBe(201);
    // Another site's records never count.
    await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Elsewhere", icon_app: spare.url }));

    const item = (await t.admin("GET", `/api/v1/sportbn/media/${logo._id}`)).json().data;
    expect(item.uses).toEqual([
      {
        resource: "matches",
        id: expect.any(String),
        name: "Uses FC vs Chelsea",
        field: "League logo URL",
        search: "Uses FC",
      },
      {
        resource: "matches",
        id: expect.any(String),
        name: "Uses FC vs Chelsea",
        field: "Away team logo URL",
        search: "Uses FC",
      },
    ]);
    const names = async (used: string) =>
      (await t.admin("GET", `/api/v1/sportbn/media?used=${used}&limit=100`))
        .json()
        .data.map((m: { fileName: string }) => m.fileName);
    expect(await names("used")).toEqual(["club.png"]);
    expect(await names("unused")).toContain("spare.png");
    expect(await names("unused")).not.toContain("club.png");
    const bad = await t.admin("GET", "/api/v1/sportbn/media?used=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe("used");

    const asked = await t.admin("DELETE", `/api/v1/sportbn/media/${logo._id}`);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      "This image is used by Uses FC vs Chelsea (League logo URL), Uses FC vs Chelsea (Away team logo URL): delete it anyway?",
    );
    expect((await t.admin("GET", `/api/v1/sportbn/media/${logo._id}`)).statusCode).toBe(200);
    const confirmed = await t.admin("DELETE", `/api/v1/sportbn/media/${logo._id}?inUse=delete`);
    expect(confirmed.statusCode).toBe(200);
    // An unused image needs no confirmation.
    const apkwSpare = (await upload(await image("png", 302, 300), "free.png")).json().data;
    expect((await t.admin("DELETE", `/api/v1/apkw/media/${apkwSpare._id}`)).statusCode).toBe(200);
  });

  it("replaces an image's file: every use follows in one change recorded in History, the sizes are made again", async () => {
    const first = (await upload(await image("png", 400, 200), "icon.png")).json().data;
    await ready("apkw", first._id);
    const app = await t.admin(
      "POST",
      "/api/v1/apkw/apps",
      validApp({ title: "Replaced icon", icon_app: first.url, bg_app: first.url }),
    );
    expect(app.statusCode).toBe(201);
    const appId = app.json().data._id;
    const before = (await t.inject({ method: "GET", url: "/api/v1/public/apkw/apps?category=games" })).json();
    expect(JSON.stringify(before)).toContain(first.url);

    const v2 = await image("jpeg", 640, 480);
    const replaced = await t.as(t.token, {
      method: "PUT",
      url: `/api/v1/apkw/media/${first._id}/file`,
      ...multipart(v2, "icon-v2.jpg"),
    });
    expect(replaced.statusCode).toBe(200);
    const item = replaced.json().data;
    expect(item).toMatchObject({
      _id: first._id,
      fileName: "icon-v2.jpg",
      format: "jpeg",
      width: 640,
      status: "pending",
      variants: [],
    });
    expect(item.url).not.toBe(first.url);
    expect(item.uses.map((use: { field: string }) => use.field)).toEqual(["Icon URL", "Background URL"]);
    expect((await ready("apkw", first._id)).status).toBe("ready");

    // The app and the public read follow; History has the image's and the app's updates.
    const after = (await t.inject({ method: "GET", url: "/api/v1/public/apkw/apps?category=games" })).json();
    expect(JSON.stringify(after)).toContain(item.url);
    expect(JSON.stringify(after)).not.toContain(first.url);
    const appHistory = (await t.admin("GET", `/api/v1/apkw/history/apps/${appId}`)).json().data;
    expect(appHistory[0]).toMatchObject({
      action: "update",
      before: { iconApp: first.url },
      after: { iconApp: item.url },
    });
    const mediaHistory = (await t.admin("GET", `/api/v1/apkw/history/media/${first._id}`)).json().data;
    expect(mediaHistory).toContainEqual(
      expect.objectContaining({
        action: "update",
        before: expect.objectContaining({ fileName: "icon.png" }),
        after: expect.objectContaining({ fileName: "icon-v2.jpg" }),
      }),
    );

    // The file of another image is refused (409 naming file); a bad file is refused as on upload.
    const other = (await upload(await image("png", 90, 90), "other.png")).json().data;
    const clash = await t.as(t.token, {
      method: "PUT",
      url: `/api/v1/apkw/media/${other._id}/file`,
      ...multipart(v2, "again.jpg"),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].path).toBe("file");
    const svg = await t.as(t.token, {
      method: "PUT",
      url: `/api/v1/apkw/media/${other._id}/file`,
      ...multipart(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "x.svg"),
    });
    expect(svg.statusCode).toBe(415);
    const missing = await t.as(t.token, {
      method: "PUT",
      url: "/api/v1/apkw/media/ffffffffffffffffffffffff/file",
      ...multipart(await image("png", 10, 10), "a.png"),
    });
    expect(missing.statusCode).toBe(404);
  });
});
