import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// The API serves the built files; in development Vite proxies /api to it.
const apiTarget = process.env.VITE_API_PROXY ?? "http://127.0.0.1:8080";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Files worth compressing: text the browser decompresses faster than it would download. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to each compressible file
 * of `dir` of at least 1 KB, and of index.html whatever its size (every page load and client route
 * gets it), when the copy is smaller than the file; the api sends the one the browser accepts
 * (@fastify/static's `preCompressed`). Returns the files it compressed, relative to `dir`.
 */
export async function precompress(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
  const done: string[] = [];
  for (const file of files) {
    const path = join(dir, file);
    if (file !== "index.html" && (await stat(path)).size < MIN_BYTES) continue;
    const body = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipped(body, { level: 9 }),
    ]);
    if (br.length < body.length) await writeFile(`${path}.br`, br);
    if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
    done.push(file);
  }
  return done;
}

/** Compresses the build once, after Vite wrote it (`vite build` only). */
function precompressed(): Plugin {
  return {
    name: "backoffice:precompress",
    apply: "build",
    async writeBundle(options) {
      if (!options.dir) return;
      const files = await precompress(options.dir);
      this.info(`${files.length} files precompressed (.br and .gz)`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressed()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: "es2022",
    sourcemap: false,
  },
});
