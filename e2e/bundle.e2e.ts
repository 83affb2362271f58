import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { artifactsDir, contentSecret, repoRoot } from "./support/env";

const LIMIT = 150 * 1024;
/** Each lazy chunk's goal, gzipped (docs/PRODUCT-RULES.md#performance-goals; the bench shows the largest). */
const LAZY_CHUNK_LIMIT = 60 * 1024;

/** The scripts a page of the built app loads, by path. */
function scriptsOf(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  return scripts;
}

test("/login downloads at most 150 KB of gzipped JavaScript, neither the router nor a site section", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto("/login", { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const report = {
    totalGzipBytes: total,
    totalGzipKB: +(total / 1024).toFixed(1),
    files: Object.fromEntries(scripts),
  };
  writeFileSync(`${artifactsDir}/login-js.json`, JSON.stringify(report, null, 2));
  console.log(`/login JavaScript: ${report.totalGzipKB} KB gzip in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LIMIT);
  // Site sections are lazy, and so is the dashboard with React Router until the user starts typing.
  for (const file of scripts.keys()) {
    expect(file).not.toMatch(/dashboard|site-shell|screen|edit-profile|forgot-password/);
  }
});

test("every lazy chunk (a script /login does not load) is at most 60 KB of gzipped JavaScript", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto("/login", { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  const atLogin = new Set([...scripts.keys()].map((path) => path.split("/").pop()));
  const assets = join(repoRoot, "apps/web/dist/assets");
  const lazy = readdirSync(assets).filter((file) => file.endsWith(".js") && !atLogin.has(file));
  expect(lazy.length).toBeGreaterThan(10);
  const sizes = Object.fromEntries(
    lazy.map((file) => [file, gzipSync(readFileSync(join(assets, file)), { level: 9 }).length]),
  );
  writeFileSync(`${artifactsDir}/lazy-chunks.json`, JSON.stringify(sizes, null, 2));
  const over = Object.entries(sizes).filter(([, size]) => size > LAZY_CHUNK_LIMIT);
  expect(over, "lazy chunks above 60 KB gzipped").toEqual([]);
});

test("the dashboard bundle holds neither the content signing secret nor the TMDB key", async () => {
  // scripts/e2e.mjs builds with both in the environment (plain and VITE_-prefixed): a build that
  // read either would carry it.
  const secrets = [contentSecret(), process.env.E2E_TMDB_API_KEY ?? "e2e-tmdb-key-fedcba9876543210"];
  const dist = join(repoRoot, "apps/web/dist");
  const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) =>
    statSync(join(dist, file)).isFile(),
  );
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  for (const file of files) {
    // The build's Brotli and gzip copies (what the api sends) are read as the browser gets them.
    const bytes = readFileSync(join(dist, file));
    const text = (
      file.endsWith(".br") ? brotliDecompressSync(bytes) : file.endsWith(".gz") ? gunzipSync(bytes) : bytes
    ).toString("latin1");
    for (const secret of secrets) expect(text.includes(secret), `${file} holds a server secret`).toBe(false);
    // Nor the means to use them: no request signing, no movie-database key parameter.
    expect(/x-signature|api_key=/i.test(text), `${file} signs requests or sends a TMDB key`).toBe(false);
  }
});
