import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";

describe("the built dashboard", () => {
  const dist = mkdtempSync(join(tmpdir(), "backoffice-web-dist-"));
  let t: TestApp;
  const get = (url: string, acceptEncoding?: string) =>
    t.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  /** A file and, as the build writes them (apps/web/vite.config.ts), its Brotli and gzip copies. */
  const withCopies = (file: string, text: string) => {
    writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  };
  const script = `console.log(${JSON.stringify("a dashboard chunk ".repeat(100))})`;

  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    withCopies("index.html", "<!doctype html><title>first build</title>");
    withCopies("assets/index-aaaa.js", script);
    writeFileSync(join(dist, "assets", "tiny-aaaa.js"), "console.log(1)"); // under 1 KB: no copies
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

  it("sends an asset's Brotli or gzip copy as the browser accepts, or the file itself, varying on Accept-Encoding", async () => {
    const cases = [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["br", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
      ["gzip;q=1, br;q=0.5", "gzip", gunzipSync],
      ["identity", undefined, (body: Buffer) => body],
      [undefined, undefined, (body: Buffer) => body],
    ] as const;
    for (const [accepted, sent, decode] of cases) {
      const asset = await get("/assets/index-aaaa.js", accepted);
      expect(asset.statusCode, `Accept-Encoding: ${accepted}`).toBe(200);
      expect(asset.headers["content-encoding"], `Accept-Encoding: ${accepted}`).toBe(sent);
      expect(asset.headers.vary).toContain("accept-encoding");
      expect(asset.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(decode(asset.rawPayload).toString()).toBe(script);
      if (sent) expect(asset.rawPayload.length).toBeLessThan(script.length / 5);
    }
    // A file the build left uncompressed is sent as it is.
    const tiny = await get("/assets/tiny-aaaa.js", "br, gzip");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers.vary).toContain("accept-encoding");
    expect(tiny.body).toBe("console.log(1)");
    // The copies are not pages of their own.
    expect((await get("/assets/index-aaaa.js.br", "br")).statusCode).toBe(404);
    expect((await get("/index.html.gz", "gzip")).statusCode).toBe(404);
  });

  it("sends the index compressed and never cached without revalidation, at / and for every client route", async () => {
    for (const url of ["/", "/login", "/apkw/apps?category=games"]) {
      const br = await get(url, "gzip, deflate, br");
      expect(br.statusCode, url).toBe(200);
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(br.headers["content-type"], url).toMatch(/^text\/html/);
      expect(br.headers["cache-control"], url).toBe("no-cache");
      expect(br.headers.vary, url).toContain("accept-encoding");
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain("first build");
      const gz = await get(url, "gzip");
      expect(gz.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).toString()).toContain("first build");
      const plain = await get(url, "identity");
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.headers["cache-control"], url).toBe("no-cache");
      expect(plain.headers.vary, url).toContain("accept-encoding");
      expect(plain.body).toContain("first build");
    }
  });

  it("serves a rebuild without a restart: the new index and its new assets", async () => {
    withCopies("assets/index-bbbb.js", "console.log(2)");
    withCopies("index.html", "<!doctype html><title>second build</title>");
    rmSync(join(dist, "assets", "index-aaaa.js"));
    rmSync(join(dist, "assets", "index-aaaa.js.br"));
    rmSync(join(dist, "assets", "index-aaaa.js.gz"));
    const asset = await get("/assets/index-bbbb.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log(2)");
    expect(brotliDecompressSync((await get("/assets/index-bbbb.js", "br")).rawPayload).toString()).toBe(
      "console.log(2)",
    );
    expect((await get("/")).body).toContain("second build");
    expect(brotliDecompressSync((await get("/apkw", "br")).rawPayload).toString()).toContain("second build");
    expect((await get("/assets/index-aaaa.js")).statusCode).toBe(404);
    expect((await get("/assets/index-aaaa.js", "br")).statusCode).toBe(404);
  });
});
