import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { artifactsDir } from "./support/env";

const LIMIT = 150 * 1024;

test("/login downloads at most 150 KB of gzipped JavaScript, and no site section", async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
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
  // Site sections are lazy: none of their chunks is fetched for the sign-in screen.
  for (const file of scripts.keys()) {
    expect(file).not.toMatch(/site-shell|screen|edit-profile|forgot-password/);
  }
});
