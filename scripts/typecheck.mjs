// Type-checks every workspace (strict); one tsc run per project keeps their settings apart.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const projects = [
  "packages/contracts",
  "packages/db",
  "apps/api",
  "apps/content",
  "apps/sandbox",
  "apps/web",
  "e2e",
  "bench",
];
let failed = false;
for (const project of projects.filter((dir) => existsSync(`${dir}/tsconfig.json`))) {
  const result = spawnSync("npx", ["tsc", "-p", project], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`type errors in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
