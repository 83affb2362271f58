// `npm start`: builds the dashboard when needed, then runs the content service, the sandbox (only while
// no provider key is configured; the demo's stream links are its `/streams/*`, scripts/start-env.ts)
// and the api in this one process, and prints where to go. Each is its own Fastify server on its own
// port with its own embedded database, and they talk over HTTP as in production, where each runs
// alone (`node src/server.ts` in its folder; docs/DEPLOYMENT.md). The servers' TypeScript sources run
// directly: Node strips the types (docs/decisions/007-pinned-node-runtime.md). `npm start` runs this
// script through scripts/start.sh, which starts it again when it dies.
//
// One process instead of a launcher and three servers loads Node, type stripping, Fastify, fetch and
// PGlite's compiled WebAssembly once: everything `npm start` leaves running went from 1,039 MB to
// 325–346 MB after the bench's load (docs/PERFORMANCE.md, "Footprint of `npm start`").
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { framed } from "../packages/server/src/banner.ts";
import { SHUTDOWN_GRACE_MS } from "../packages/server/src/run.ts";
import { V8_FLAGS } from "./server-flags.ts";
import { startEnv } from "./start-env.ts";

/**
 * The exit code that tells scripts/start.sh (which starts this process again when it dies) that a
 * restart cannot help: a bad setting, a data folder in use, a dashboard that does not build.
 */
const NOT_RESTARTED = 78;

/**
 * Memory settings of this process: the servers' V8 flags (scripts/server-flags.ts says why), and
 * `glibc.malloc.trim_threshold`: glibc's malloc raises its thresholds after large frees (PGlite's
 * start, WebAssembly compiled on V8's threads) and then keeps over 100 MB it no longer uses; fixed
 * thresholds hand it back. Ignored where the C library is not glibc.
 * They take effect at a process's start: this script runs itself again with them (same pid, so npm
 * and a process manager still signal the servers' process).
 */
const MALLOC = "glibc.malloc.trim_threshold=131072";
if (process.execve && !process.execArgv.includes(V8_FLAGS[0])) {
  const tunables = [process.env.GLIBC_TUNABLES, MALLOC].filter(Boolean).join(":");
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...V8_FLAGS,
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { ...process.env, GLIBC_TUNABLES: tunables },
  );
}

const env = process.env;
// The servers' host, ports and URLs, whether the sandbox runs and the hosts the link probe may reach.
const { useSandbox, values } = startEnv(env);
const host = values.HOST;
const apiPort = values.PORT;

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

// The dashboard is built here only when the api serves the default build (WEB_DIST_DIR unset).
const built = "apps/web/dist/index.html";
if (
  !env.WEB_DIST_DIR &&
  (!existsSync(built) ||
    statSync(built).mtimeMs < Math.max(newestMtime("apps/web"), newestMtime("packages/contracts")))
) {
  // Its output (about 80 lines) is shown only when the build fails.
  console.log("Building the dashboard (apps/web)…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web", "--", "--logLevel", "warn"], {
    encoding: "utf8",
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? "");
    process.stderr.write(build.stderr ?? "");
    console.error("The dashboard could not be built (output above).");
    process.exit(NOT_RESTARTED);
  }
}

// Every server reads its own variables, so one environment serves all three.
Object.assign(env, values);

// A first start on the embedded databases prints nothing for a while (each new database unpacked,
// migrated and given its demo data): it says so before it begins. Restarts say nothing.
const dataDir = resolve(env.DATA_DIR || fileURLToPath(new URL("../data", import.meta.url)));
const newEmbedded = [
  [env.DATABASE_URL, "api"],
  [env.CONTENT_DATABASE_URL, "content"],
].some(([url, name]) => !url && !existsSync(join(dataDir, name, "pgdata")));
if (newEmbedded) console.log("Preparing the embedded databases (first start, about 20 s)…");

const started = Date.now();
/** The servers that were built, in start order; each `close()` is called once. */
const servers = [];
let stopping = false;

async function launch(name) {
  let server;
  try {
    const entry = await import(new URL(`../apps/${name}/src/server.ts`, import.meta.url).href);
    try {
      const { fastify, port, host, notice } = await entry.start();
      server = { name, fastify, closed: undefined };
      servers.push(server);
      if (stopping) return;
      await fastify.listen({ port, host });
      return { fastify, notice };
    } catch (error) {
      // A bad setting or a locked data folder prints its one line, anything else its stack.
      throw entry.expectedErrors.some((type) => error instanceof type) ? error.message : error;
    }
  } catch (error) {
    if (stopping) return;
    console.error(error);
    console.error(`${name} stopped (could not start); stopping the others.`);
    // A bad setting or a locked data folder (its one line, a string here): starting again cannot help.
    stop(typeof error === "string" ? NOT_RESTARTED : 1);
  }
}

function close(server) {
  server.closed ??= server.fastify.close();
  return server.closed;
}

async function stop(code = 0, signal = undefined) {
  if (stopping) return;
  stopping = true;
  // Requests in flight get SHUTDOWN_GRACE_MS (5 s), as a server run alone (packages/server/src/run.ts):
  // whatever is still open then (a stalled export or upload) is cut by the exit, so every server is
  // gone within 10 s with room for a loaded machine.
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  // The api first: it is the one calling the others.
  for (const server of [...servers].reverse()) {
    if (signal) server.fastify.log.info({ signal }, "shutting down");
    await close(server).catch((error) => console.error(`${server.name}: ${error}`));
  }
  // A server still starting closes once it is built.
  await Promise.allSettled(launches);
  await Promise.allSettled(servers.map(close));
  process.exit(code);
}
process.on("SIGINT", () => stop(0, "SIGINT"));
process.on("SIGTERM", () => stop(0, "SIGTERM"));
// The servers share this process: an error none of them handled stops all of them, cleanly.
process.on("uncaughtException", (error) => {
  console.error(error);
  if (stopping) return;
  console.error("A server failed with the error above; stopping every server.");
  stop(1);
});

const launches = ["content", ...(useSandbox ? ["sandbox"] : []), "api"].map(launch);
const [api] = (await Promise.all(launches)).slice(-1);
const address = `http://${host}:${apiPort}`;
while (api && !stopping) {
  if ((await api.fastify.inject({ url: "/readyz" })).statusCode === 200) {
    // The address and a first run's admin account, framed, after every start-up log line.
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      framed(
        `Back-office ready at ${address}\n(${seconds} s, Node ${process.versions.node}; Ctrl+C stops it)${api.notice ? `\n\n${api.notice}` : ""}`,
      ),
    );
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
