import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompress } from "../vite.config";

/** The build's Brotli and gzip copies, which the api sends by Accept-Encoding (apps/api/src/plugins/web.ts). */
describe("precompress", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a .br and a .gz next to each compressible file of 1 KB or more, and index.html whatever its size", async () => {
    const dist = mkdtempSync(join(tmpdir(), "backoffice-precompress-"));
    dirs.push(dist);
    mkdirSync(join(dist, "assets"));
    const html = `<!doctype html><title>Back-office</title>${"<meta name=x content=y>".repeat(30)}`;
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`;
    const style = `.row{padding:1rem}${".cell{margin:0}".repeat(100)}`;
    writeFileSync(join(dist, "index.html"), html);
    writeFileSync(join(dist, "assets", "index-a1b2.js"), script);
    writeFileSync(join(dist, "assets", "index-a1b2.css"), style);
    writeFileSync(join(dist, "assets", "tiny-c3d4.js"), "export const a = 1;");
    writeFileSync(join(dist, "assets", "logo-e5f6.png"), Buffer.alloc(4096, 7));

    expect(html.length).toBeLessThan(1024);
    const done = await precompress(dist);

    expect(done.sort()).toEqual(["assets/index-a1b2.css", "assets/index-a1b2.js", "index.html"]);
    for (const [file, text] of [
      ["index.html", html],
      ["assets/index-a1b2.js", script],
      ["assets/index-a1b2.css", style],
    ] as const) {
      const br = readFileSync(join(dist, `${file}.br`));
      const gz = readFileSync(join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(gz).toString()).toBe(text);
      expect(br.length).toBeLessThan(text.length / 2);
      expect(br.length).toBeLessThanOrEqual(gz.length);
    }
    // Under 1 KB, or not text: left alone.
    for (const file of ["assets/tiny-c3d4.js", "assets/logo-e5f6.png"]) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });
});
