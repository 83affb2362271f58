// `npm start`: builds the dashboard when needed, then runs content, sandbox (only while no provider
// key is configured) and api on the embedded database, and prints where to go. The servers run their
// TypeScript sources directly: Node strips the types (docs/decisions/007-pinned-node-runtime.md).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const env = process.env;
const host = env.HOST || "127.0.0.1";
const apiPort = env.PORT || "8080";
const contentPort = env.CONTENT_PORT || "8081";
const sandboxPort = env.SANDBOX_PORT || "8082";

/** The newest modification time of the files below `dir` (outside node_modules and dist). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = "apps/web/dist/index.html";
if (
  !existsSync(built) ||
  statSync(built).mtimeMs < Math.max(newestMtime("apps/web"), newestMtime("packages/contracts"))
) {
  console.log("Building the dashboard (apps/web)...");
  if (spawnSync("npm", ["run", "build", "-w", "apps/web"], { stdio: "inherit" }).status !== 0)
    process.exit(1);
}

const useSandbox = !env.APISPORTS_KEY && !env.TMDB_API_KEY;
const sandboxUrl = `http://${host}:${sandboxPort}`;
const services = [
  { name: "content", env: { CONTENT_PORT: contentPort, SANDBOX_URL: sandboxUrl } },
  ...(useSandbox ? [{ name: "sandbox", env: { SANDBOX_PORT: sandboxPort } }] : []),
  {
    name: "api",
    env: {
      PORT: apiPort,
      CONTENT_URL: env.CONTENT_URL || `http://${host}:${contentPort}`,
      SANDBOX_URL: sandboxUrl,
    },
  },
];

const children = services.map((service) => {
  const child = spawn(process.execPath, ["src/server.ts"], {
    cwd: join("apps", service.name),
    env: { ...env, HOST: host, ...service.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${service.name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    stop(code || 1);
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  Promise.all(
    children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.on("exit", r)))),
  ).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const address = `http://${host}:${apiPort}`;
const started = Date.now();
(async function waitReady() {
  while (!stopping) {
    try {
      const response = await fetch(`${address}/readyz`);
      if (response.ok) {
        console.log(
          `\nBack-office ready at ${address} (${((Date.now() - started) / 1000).toFixed(1)} s, Node ${process.versions.node}). Ctrl+C stops it.\n`,
        );
        return;
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
})();
