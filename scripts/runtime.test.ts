import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A project folder with the runtime script, .nvmrc, and a runtime left by an earlier install. */
function project() {
  dir = mkdtempSync(join(tmpdir(), "runtime-"));
  mkdirSync(join(dir, "scripts"));
  copyFileSync(join(root, "scripts/runtime.mjs"), join(dir, "scripts/runtime.mjs"));
  copyFileSync(join(root, ".nvmrc"), join(dir, ".nvmrc"));
  mkdirSync(join(dir, "node_modules/.runtime/node_modules"), { recursive: true });
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(process.execPath, join(dir, "node_modules/.bin/node"));
  return dir;
}

it("runs on the pinned Node: this suite does", () => {
  const pinned = readFileSync(join(root, ".nvmrc"), "utf8").trim();
  expect(process.versions.node.split(".")[0]).toBe(pinned.split(".")[0]);
});

it("downloads nothing when npm already runs on the pinned major, and drops a runtime an older Node left", () => {
  const folder = project();
  const result = spawnSync(process.execPath, ["scripts/runtime.mjs"], {
    cwd: folder,
    // npm names the Node it runs on; here the pinned one, as for a user who already has Node 24.
    env: { PATH: process.env.PATH, npm_node_execpath: process.execPath },
    encoding: "utf8",
  });
  expect(result.status).toBe(0);
  expect(result.stdout).toBe("");
  expect(existsSync(join(folder, "node_modules/.bin/node"))).toBe(false);
  expect(existsSync(join(folder, "node_modules/.runtime"))).toBe(false);
});
