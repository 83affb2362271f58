#!/usr/bin/env node
// Browser tests: make sure Debian's Chromium is there, build the web app, run Playwright.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = "/usr/bin/chromium";

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(CHROMIUM)) {
  // apt-get needs root; use sudo when we are not root.
  const asRoot = (args, options) =>
    process.getuid?.() === 0 ? run("apt-get", args, options) : run("sudo", ["apt-get", ...args], options);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (asRoot(["update"], { env }) !== 0 || asRoot(["install", "-y", "chromium"], { env }) !== 0) {
    console.error("Could not install Chromium with apt-get.");
    process.exit(1);
  }
}

// The servers' secrets, known to the build's environment on purpose: e2e/bundle.e2e.ts proves the
// dashboard bundle holds neither, whatever the build could read.
process.env.E2E_CONTENT_HMAC_SECRET ??= "e2e-content-secret-0123456789abcdef";
process.env.E2E_TMDB_API_KEY ??= "e2e-tmdb-key-fedcba9876543210";
const secrets = {
  CONTENT_HMAC_SECRET: process.env.E2E_CONTENT_HMAC_SECRET,
  TMDB_API_KEY: process.env.E2E_TMDB_API_KEY,
  VITE_CONTENT_HMAC_SECRET: process.env.E2E_CONTENT_HMAC_SECRET,
  VITE_TMDB_API_KEY: process.env.E2E_TMDB_API_KEY,
};
// `--build-only` and `--no-build` let `npm test` build in one stage and run the browsers in the next.
const flags = new Set(["--build-only", "--no-build"]);
const extra = process.argv.slice(2).filter((arg) => !flags.has(arg));
if (!process.argv.includes("--no-build")) {
  const build = run("npm", ["run", "build", "-w", "apps/web"], { env: { ...process.env, ...secrets } });
  if (build !== 0 || process.argv.includes("--build-only")) process.exit(build);
}

// A spec named (`node scripts/e2e.mjs sso`) runs alone: not the whole `browser` project that the
// `team-rules` project waits for in a full run (e2e/playwright.config.ts).
// The word after an option that takes a value (`--grep sso`) names no spec.
const valued =
  /^(-g|--grep|--grep-invert|--project|-j|--workers|--reporter|--shard|--retries|--timeout|--max-failures|--repeat-each|--output|--trace)$/;
const named = extra.some((arg, i) => !arg.startsWith("-") && !valued.test(extra[i - 1] ?? ""));
const deps = named && !extra.includes("--no-deps") ? ["--no-deps"] : [];
process.exit(run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...deps, ...extra]));
