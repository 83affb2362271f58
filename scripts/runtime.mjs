// The project's pinned Node.js (docs/decisions/007-pinned-node-runtime.md). Runs at the end of
// `npm install` / `npm ci` on whatever Node runs npm. When that Node is older than the pinned major,
// it installs the pinned binary from the npm registry (the `node-<platform>-<arch>` package that the
// `node` package itself installs) under node_modules/.runtime and links it as node_modules/.bin/node:
// npm puts node_modules/.bin first on the PATH of every script, so `npm start`, `npm test` and every
// process they start run on the pinned Node. A machine that already has that major downloads nothing.
//
// Written for the oldest Node that may run npm here: plain ES modules, no dependencies.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const version = readFileSync(join(root, ".nvmrc"), "utf8").trim().replace(/^v/, "");
const major = Number(version.split(".")[0]);
const shim = join(root, "node_modules/.bin/node");
const runtimeDir = join(root, "node_modules/.runtime");

// The Node that runs npm, not the `node` on this script's PATH (which may be the shim itself).
const npmNode = process.env.npm_node_execpath || process.execPath;
const npmNodeVersion = spawnSync(npmNode, ["-p", "process.versions.node"], {
  encoding: "utf8",
}).stdout.trim();
if (Number(npmNodeVersion.split(".")[0]) >= major) {
  // The Node running npm is recent enough: use it, and drop a runtime left by an older one.
  rmSync(shim, { force: true });
  rmSync(runtimeDir, { recursive: true, force: true });
  process.exit(0);
}

const platform = process.platform === "win32" ? "win" : process.platform;
const packageName = `${platform === "darwin" && process.arch === "arm64" ? "node-bin" : "node"}-${platform}-${process.arch}`;
const packageDir = join(runtimeDir, "node_modules", packageName);
const installed = () => {
  try {
    return JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version === version;
  } catch {
    return false;
  }
};

if (!installed()) {
  console.log(`Node ${npmNodeVersion} runs npm; installing the project's Node ${version} (${packageName}).`);
  mkdirSync(runtimeDir, { recursive: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(
    npm,
    [
      "install",
      "--prefix",
      runtimeDir,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      `${packageName}@${version}`,
    ],
    // Not this project's install: its workspaces and scripts stay out of it.
    { stdio: "inherit", env: { ...process.env, npm_config_workspaces: "false", npm_config_global: "false" } },
  );
  if (result.status !== 0 || !installed()) {
    console.error(`Could not install Node ${version} from the npm registry; install Node ${major} yourself.`);
    process.exit(1);
  }
}

const binary = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).bin.node;
rmSync(shim, { force: true });
mkdirSync(dirname(shim), { recursive: true });
symlinkSync(relative(dirname(shim), join(packageDir, binary)), shim);
const check = spawnSync(shim, ["--version"], { encoding: "utf8" });
if (check.stdout.trim() !== `v${version}`) {
  console.error(`node_modules/.bin/node answers ${check.stdout.trim() || check.error}, not v${version}.`);
  process.exit(1);
}
console.log(`npm scripts run on Node ${version} (node_modules/.bin/node).`);
