import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";

describe("the built dashboard", () => {
  const dist = mkdtempSync(join(tmpdir(), "backoffice-web-dist-"));
  let t: TestApp;
  const get = (url: string) => t.inject({ method: "GET", url });

  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>first build</title>");
    writeFileSync(join(dist, "assets", "index-aaaa.js"), "console.log(1)");
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers its index for client routes, its hashed assets for a year, and the API's 404 in the envelope", async () => {
    const page = await get("/apkw/apps?category=games");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("first build");
    const asset = await get("/assets/index-aaaa.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/assets/gone.js")).statusCode).toBe(404);
    const api = await get("/api/v1/nothing-here");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: "fail" });
  });

  it("serves a rebuild without a restart: the new index and its new assets", async () => {
    writeFileSync(join(dist, "assets", "index-bbbb.js"), "console.log(2)");
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>second build</title>");
    rmSync(join(dist, "assets", "index-aaaa.js"));
    const asset = await get("/assets/index-bbbb.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log(2)");
    expect((await get("/")).body).toContain("second build");
    expect((await get("/assets/index-aaaa.js")).statusCode).toBe(404);
  });
});
