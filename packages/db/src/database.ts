import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { auditContext, SET_AUDIT_CONTEXT } from "./audit.ts";
import { PGLITE_EXTENSIONS } from "./embedded.mjs";
import { openPgliteThread } from "./pglite-thread.ts";
import type { Database, Queryable, SqlResult } from "./types.ts";
import { notReachableYet, waitUntilReachable } from "./wait.ts";

export type { Database, Queryable, SqlResult };

export class DatabaseLockedError extends Error {}

export { DatabaseNotDurableError, DURABLE_PGLITE_VERSION, PGLITE_EXTENSIONS } from "./embedded.mjs";

/**
 * node-postgres, imported only when PostgreSQL is used: on the embedded database it would add about
 * 0.1 s to every start (docs/PERFORMANCE.md, "Start-up").
 */
export async function loadPg() {
  const pg = (await import("pg")).default;
  // PostgreSQL's int8 and numeric come back as strings from node-postgres; we only use them for counts.
  pg.types.setTypeParser(20, (value) => Number(value));
  return pg;
}

/** In an audit context (an admin write), the transaction first tells the triggers who is writing. */
async function setAuditContext(tx: Queryable): Promise<void> {
  const context = auditContext();
  if (context) await tx.query(SET_AUDIT_CONTEXT, [JSON.stringify(context)]);
}

/** Outside an audit context a statement runs on its own; inside one, in a transaction that has it. */
function auditedQuery(db: Pick<Database, "transaction">, plain: Queryable["query"]): Queryable["query"] {
  return (text, params) =>
    auditContext() ? db.transaction((tx) => tx.query(text, params)) : plain(text, params);
}

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const run = async <T>(q: { query: PGlite["query"] }, text: string, params?: unknown[]) =>
    (await q.query<T>(text, params as unknown[])).rows;
  const transaction: Database["transaction"] = (fn) =>
    client.transaction(async (tx) => {
      const queryable: Queryable = { query: (text, params) => run(tx, text, params) };
      await setAuditContext(queryable);
      return fn(queryable);
    });
  return {
    kind: "pglite",
    query: auditedQuery({ transaction }, (text, params) => run(client, text, params)),
    transaction,
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return results.length === 1 ? { rows: results[0]!.rows } : results.map(({ rows }) => ({ rows }));
    },
    async ping() {
      if (client.closed) return false;
      await client.query("select 1");
      return true;
    },
    async close() {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

const ignore = () => {};

export function wrapPool(pool: Pool): Database {
  const transaction: Database["transaction"] = async (fn) => {
    const client = await pool.connect();
    // A checked-out client whose server goes away between two statements (a restart ends sessions
    // with 57P01) emits `error`; unheard, that would end the process. The next statement fails instead.
    client.on("error", ignore);
    try {
      await client.query("begin");
      const queryable: Queryable = {
        query: async (text, params) => (await client.query(text, params as unknown[])).rows,
      };
      await setAuditContext(queryable);
      const result = await fn(queryable);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.off("error", ignore);
      client.release();
    }
  };
  return {
    kind: "postgres",
    query: auditedQuery(
      { transaction },
      async (text, params) => (await pool.query(text, params as unknown[])).rows,
    ),
    transaction,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[]);
      return Array.isArray(result) ? result.map(({ rows }) => ({ rows })) : { rows: result.rows };
    },
    async ping() {
      await pool.query("select 1");
      return true;
    },
    close: () => pool.end(),
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite does not lock its data directory and a second process opening it corrupts it,
 * so we take an exclusive lock file holding our pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, "LOCK");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && processAlive(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is already in use by process ${holder}. Stop that process first, or use another DATA_DIR.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dir}.`);
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite under `dataDir` is used. */
  url?: string | undefined;
  /** Folder of the embedded database (PGlite); `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Where the lines saying the start waits for PostgreSQL go (default: stderr). */
  onWait?: (line: string) => void;
}

/** The host, port and database of a connection string, never its credentials. */
function serverOf(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || 5432}${pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database host that does not answer at all: the request fails (503) instead of waiting for ever.
      connectionTimeoutMillis: 5000,
    });
    pool.on("error", ignore); // an idle client dropping is reported by the next query instead
    const db = wrapPool(pool);
    // On a busy machine the first connection can take longer than the 5 s above (issue 39): a start
    // waits for the server, saying so, up to START_WAIT_MS (wait.ts).
    try {
      await waitUntilReachable(() => db.ping(), {
        what: `PostgreSQL at ${serverOf(options.url)}`,
        retryable: notReachableYet,
        ...(options.onWait ? { log: options.onWait } : {}),
      });
    } catch (error) {
      await pool.end().catch(ignore);
      throw error;
    }
    return db;
  }
  const dir = options.dataDir;
  if (!dir || dir === "memory://") return wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  const unlock = lockDataDir(dir);
  try {
    // On a thread of its own: the server's event loop goes on while a statement runs or a commit
    // syncs (docs/decisions/018-embedded-database-thread.md).
    return await openPgliteThread(dir, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
