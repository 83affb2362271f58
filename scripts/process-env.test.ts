import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";

// `process.env` is read by location, not by a file's name: Biome's noProcessEnv (biome.json, and
// apps/web/biome.json for the web workspace) is off only in each workspace's configuration module,
// test code and the tooling folders. Run here with the repository's Biome configuration on a tree
// of fixture files that each read process.env.

const root = join(import.meta.dirname, "..");
const CONFIGS = ["biome.json", "apps/web/biome.json"];

const ALLOWED = [
  "apps/api/src/config.ts",
  "apps/content/src/config.ts",
  "apps/sandbox/src/env.ts",
  "packages/server/src/env.ts",
  "packages/db/src/testing.ts",
  "apps/web/vite.config.ts",
  "vitest.config.ts",
  "apps/api/src/routes/widgets/admin.test.ts",
  "test/global-setup.ts",
  "scripts/start.mjs",
  "bench/run.ts",
  "e2e/support/env.ts",
  "reliability/support.ts",
];

const REFUSED = [
  // Any other file named like a configuration module.
  "apps/web/src/lib/config.ts",
  "apps/web/src/config.ts",
  "apps/api/src/routes/widgets/config.ts",
  "apps/api/src/lib/env.ts",
  "packages/contracts/src/config.ts",
  "packages/server/src/testing.ts",
  "apps/web/src/vite.config.ts",
  // Code that should take its settings from the configuration module.
  "apps/api/src/server.ts",
  "apps/api/src/cli/user.ts",
  "apps/content/src/routes/movies/index.ts",
  "packages/server/src/http.ts",
  "apps/web/src/lib/api-client.ts",
];

let dir = "";
let flagged: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "process-env-"));
  for (const config of CONFIGS) {
    const { $schema: _, ...settings } = JSON.parse(readFileSync(join(root, config), "utf8"));
    mkdirSync(dirname(join(dir, config)), { recursive: true });
    writeFileSync(join(dir, config), JSON.stringify(settings));
  }
  for (const path of [...ALLOWED, ...REFUSED]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), "export const value = process.env.VALUE;\n");
  }
  const result = spawnSync(join(root, "node_modules/.bin/biome"), ["lint", "--reporter=github", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  flagged = [...result.stdout.matchAll(/^::error title=lint\/style\/noProcessEnv,file=([^,]+),/gm)]
    .map((match) => relative(dir, match[1]!))
    .sort();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("refuses process.env outside the configuration modules, test code and tooling, whatever the file's name", () => {
  expect(flagged).toEqual([...REFUSED].sort());
});

it("allows it in each workspace's configuration module, tests and the tooling folders", () => {
  for (const path of ALLOWED) expect(flagged).not.toContain(path);
});
