// @ts-check
// The embedded database's opening (PGlite in a data folder, durable), in JavaScript: it runs on the
// database's own thread (pglite-worker.mjs), where a TypeScript file would load Node's type
// stripping again (about 14 MB a thread; docs/decisions/018-embedded-database-thread.md).
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** The embedded database would acknowledge commits it has not synced: the api refuses to start on it. */
export class DatabaseNotDurableError extends Error {}

// The embedded server's page cache lives in the WebAssembly memory, which never shrinks; its files
// are read through the OS's cache anyway. 16 MB instead of PostgreSQL's 128 MB keeps the api at
// about 350 MB with a million-row database and opens it about 0.2 s sooner (measured by bench/).
const PGLITE_SETTINGS = ["shared_buffers = 16MB", "wal_sync_method = fsync"];

/**
 * The contrib modules every embedded database can `create extension`: pg_trgm for the inbox search
 * (migration 0027). A bundle of 16 KB unpacked at each open; PostgreSQL ships it in its contrib.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The PGlite release whose internals `DurableNodeFS` and `DURABLE_START_PARAMS` were written against
 * (NODEFS's `stream_ops` and `tryFSOperation`, the `preRun` hook, `-F` in `defaultStartParams`), read
 * in its published dist/. packages/db/package.json pins exactly this version, and database.test.ts
 * fails when another is installed: an upgrade re-reads those internals (docs/decisions/008) first.
 */
export const DURABLE_PGLITE_VERSION = "0.5.16";

/**
 * The parts of Emscripten's NODEFS the real fsync needs (its streams carry Node's descriptor).
 * @typedef {{ stream_ops: { fsync?: (stream: { nfd: number }) => void }, tryFSOperation<T>(operation: () => T): T }} NodeFsInternals
 */

/**
 * Durable commits on the embedded database (docs/decisions/008-durable-embedded-database.md).
 * PGlite starts PostgreSQL with fsync off (`-F`), and Emscripten's NODEFS, which writes straight
 * through to the files on disk, has no fsync: a commit survived a killed process but not an OS crash.
 * So PostgreSQL runs with fsync on and syncs its WAL with fsync() (the build's fdatasync() does
 * nothing, hence `wal_sync_method = fsync` above), and NODEFS's fsync becomes the real one. Then
 * PostgreSQL's own rules hold: a commit returns (so its answer can leave) only once its WAL is on
 * disk, a data page is written only after the WAL describing it, and a checkpoint syncs every data
 * file it wrote before it records itself in pg_control, and only then removes old WAL.
 */
class DurableNodeFS extends NodeFS {
  /**
   * @override
   * @param {Parameters<NodeFS["init"]>} args
   */
  async init(...args) {
    const { emscriptenOpts } = await super.init(...args);
    /** @param {{ NODEFS: unknown }} module */
    const realFsync = (module) => {
      const nodefs = /** @type {NodeFsInternals} */ (module.NODEFS);
      nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), realFsync] } };
  }
}

const DURABLE_START_PARAMS = PGlite.defaultStartParams.filter((parameter) => parameter !== "-F");

/**
 * What PostgreSQL itself says, whatever turned it off (a PGlite upgrade that passes `-F` some other
 * way, `ALTER SYSTEM SET fsync = off` in postgresql.auto.conf): with fsync off every commit would be
 * acknowledged unsynced, so the database is closed and the start refused, in one line.
 * @param {PGlite} client
 * @param {string} dir
 */
async function refuseFsyncOff(client, dir) {
  const [setting] = (await client.query(/** @type {const} */ ("show fsync"))).rows;
  const fsync = /** @type {{ fsync?: string } | undefined} */ (setting)?.fsync;
  if (fsync === "on") return;
  await client.close();
  throw new DatabaseNotDurableError(
    `The embedded database in ${dir} runs with fsync ${fsync ?? "unknown"} (PostgreSQL's show fsync), so its commits would not survive an OS crash: remove what turns fsync off (ALTER SYSTEM RESET fsync) and start again.`,
  );
}

/** @param {string} path */
function fsyncPath(path) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Every file and folder under `dir`, then `dir` itself, synced to disk.
 * @param {string} dir
 */
function syncTree(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

/**
 * PostgreSQL syncs what it writes itself, but PGlite unpacks a new data folder without a sync, and a
 * folder written before this version was never synced. Either is synced once, whole (about 1,000
 * files), and a marker says so; later starts skip it (after a crash PostgreSQL's recovery syncs the
 * folder itself).
 * @param {string} dir
 * @param {string} pgdata
 */
function syncOnce(dir, pgdata) {
  const marker = join(dir, "SYNCED");
  if (existsSync(marker)) return;
  syncTree(pgdata);
  closeSync(openSync(marker, "w"));
  fsyncPath(marker);
  // The folders above may be new too (DATA_DIR made by the first start): each one's entry, up to /.
  for (let folder = dir; ; folder = dirname(folder)) {
    fsyncPath(folder);
    if (dirname(folder) === folder) break;
  }
}

/**
 * The embedded database in `dir` (its files in `dir/pgdata`), durable: fsync on and real, refused
 * when PostgreSQL says otherwise, the folder synced once. The caller holds `dir`'s lock. It runs on
 * the thread that calls it; `openDatabase` calls it on the database's own thread (pglite-worker.mjs).
 * @param {string} dir
 * @param {import("@electric-sql/pglite").PGliteOptions["pgliteWasmModule"]} [pgliteWasmModule]
 */
export async function openDurablePglite(dir, pgliteWasmModule) {
  const pgdata = join(dir, "pgdata");
  const client = await PGlite.create({
    fs: new DurableNodeFS(pgdata),
    startParams: DURABLE_START_PARAMS,
    postgresqlconf: PGLITE_SETTINGS,
    extensions: PGLITE_EXTENSIONS,
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
  });
  await refuseFsyncOff(client, dir);
  syncOnce(dir, pgdata);
  // PGlite writes postgresql.conf (the settings above) at every start, before PostgreSQL reads it;
  // a start after a new folder's (made by a thread of its own, pglite-thread.ts) would leave it unsynced.
  fsyncPath(join(pgdata, "postgresql.conf"));
  return client;
}
