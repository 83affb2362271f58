import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { messages, type PGliteOptions } from "@electric-sql/pglite";
import { auditContext, SET_AUDIT_CONTEXT } from "./audit.ts";
import type { Database, Queryable, SqlResult } from "./database.ts";
import { DatabaseNotDurableError } from "./embedded.ts";

/** What the server's thread asks the database's thread (pglite-worker.ts); `id` pairs the answer. */
export type Request =
  | { id: number; op: "query"; text: string; params?: unknown[] | undefined; tx?: number }
  | { id: number; op: "executeSql"; text: string; params?: unknown[] | undefined; tx?: undefined }
  | { id: number; op: "begin"; tx: number }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "ping" | "close"; tx?: undefined };

type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

/** PGlite's compiled WebAssembly (WebAssembly.Module; this repository's TypeScript has no DOM types). */
export type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

/** An error as it crosses: its class's name, message, stack and own fields (PostgreSQL's code…). */
export interface SerializedError {
  name: string;
  /** Its class's name: DatabaseNotDurableError is rebuilt as one. */
  kind: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
  /** PGlite's DatabaseError (an error PostgreSQL reported): rebuilt as one. */
  database: boolean;
}

/** The answer to request `id` (0: the database is open, or why not). */
export type Answer =
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; results: Record<string, unknown>[][] }
  | { id: number; error: SerializedError };

export interface ThreadData {
  dir: string;
  pgliteWasmModule?: WasmModule;
  /** Make the data folder (initdb), close it and end. */
  createOnly?: boolean;
}

const WORKER = new URL("./pglite-worker.ts", import.meta.url);

/**
 * A new data folder is made by a thread of its own, which then ends: an idle thread's V8 heap is
 * not collected (nothing allocates there), so what initdb allocated would stay (npm start's first
 * run measured 1,049 MB instead of 372 MB idle). Later starts skip this.
 */
function createFolder(dir: string, pgliteWasmModule: WasmModule): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { dir, pgliteWasmModule, createOnly: true } satisfies ThreadData,
    });
    let failure: Error | undefined;
    worker.on("message", (answer: Answer) => {
      if ("error" in answer) failure = revive(answer.error);
    });
    worker.on("error", (error) => {
      failure ??= error;
    });
    worker.on("exit", (code) => {
      if (failure) reject(failure);
      else if (code === 0) resolve();
      else
        reject(new Error(`The embedded database's thread stopped (exit code ${code}) while making ${dir}.`));
    });
  });
}

/** The error the caller gets: the same class and fields as PGlite threw on the database's thread. */
function revive(serialized: SerializedError): Error {
  let error: Error;
  if (serialized.database) {
    error = new messages.DatabaseError(serialized.message, Number(serialized.fields.length ?? 0), "error");
  } else if (serialized.kind === "DatabaseNotDurableError") {
    error = new DatabaseNotDurableError(serialized.message);
  } else {
    error = new Error(serialized.message);
    if (serialized.name !== "Error") Object.defineProperty(error, "name", { value: serialized.name });
  }
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

const threads = new WeakMap<Database, Worker>();

/** The thread under a database `openPgliteThread` opened (tests stop it to see what a crash does). */
export function databaseThread(db: Database): Worker | undefined {
  return threads.get(db);
}

/**
 * PGlite's compiled WebAssembly, compiled once per process and handed to each database's thread
 * (the api's and the content service's under `npm start`), as PGlite shares it between instances on
 * one thread.
 */
let compiled: Promise<WasmModule> | undefined;
function pgliteModule() {
  compiled ??= readFile(new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite"))).then((bytes) =>
    wasm.compile(bytes),
  );
  return compiled;
}

/**
 * The embedded database in `dir` on a thread of its own (docs/decisions/018): the same `Database`
 * as `wrapPglite` gives, its statements, transactions and errors the same, while the server's event
 * loop goes on answering during every statement and every commit's fsync. The caller holds `dir`'s
 * lock; `onClose` runs once the thread has closed the database (or died).
 */
export async function openPgliteThread(dir: string, onClose: () => void): Promise<Database> {
  const pgliteWasmModule = await pgliteModule();
  if (!existsSync(join(dir, "pgdata", "PG_VERSION"))) await createFolder(dir, pgliteWasmModule);
  const worker = new Worker(WORKER, { workerData: { dir, pgliteWasmModule } satisfies ThreadData });
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  /** Set once the thread is gone: every request then fails with it. */
  let gone: Error | undefined;
  let closing: Promise<void> | undefined;

  const settleAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of waiting.values()) reject(gone);
    waiting.clear();
    worker.unref();
  };
  const opened = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on("message", (answer: Answer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    // The thread keeps the process alive only while an answer is awaited, as PGlite did (no handle).
    if (waiting.size === 0) worker.unref();
    if ("error" in answer) entry.reject(revive(answer.error));
    else entry.resolve(answer);
  });
  worker.on("error", (error) => {
    settleAll(
      new Error(`The embedded database's thread failed (${dir}): ${error.message}`, { cause: error }),
    );
  });
  worker.on("exit", (code) => {
    settleAll(
      new Error(
        closing
          ? `The embedded database in ${dir} is closed.`
          : `The embedded database's thread stopped (exit code ${code}) in ${dir}: its statements in flight failed, and every later one fails until the server is started again.`,
      ),
    );
  });

  const ask = (request: WithoutId<Request>): Promise<Answer> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  };
  const rows = async <T>(request: WithoutId<Request>) => ((await ask(request)) as { rows: T[] }).rows;

  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  const transaction: Database["transaction"] = async (fn) => {
    const tx = nextTx++;
    await ask({ op: "begin", tx });
    let ended = false;
    const queryable: Queryable = {
      query: (text, params) => {
        if (ended) return Promise.reject(new Error("Transaction is closed"));
        return rows({ op: "query", text, params, tx });
      },
    };
    try {
      const context = auditContext();
      if (context) await queryable.query(SET_AUDIT_CONTEXT, [JSON.stringify(context)]);
      const result = await fn(queryable);
      ended = true;
      await ask({ op: "end", tx, commit: true });
      return result;
    } catch (error) {
      if (!ended) {
        ended = true;
        await ask({ op: "end", tx, commit: false });
      }
      throw error;
    }
  };

  const db: Database = {
    kind: "pglite",
    query: (text, params) =>
      auditContext() ? transaction((tx) => tx.query(text, params)) : rows({ op: "query", text, params }),
    transaction,
    async executeSql(text, params) {
      const answer = await ask({ op: "executeSql", text, params });
      if ("rows" in answer) return { rows: answer.rows };
      const results = (answer as { results: Record<string, unknown>[][] }).results;
      return results.length === 1
        ? { rows: results[0]! }
        : results.map((each): SqlResult => ({ rows: each }));
    },
    async ping() {
      if (closing) return false;
      await ask({ op: "ping" });
      return true;
    },
    close() {
      closing ??= (async () => {
        if (!gone) await ask({ op: "close" }).catch(() => {});
        await worker.terminate();
        onClose();
      })();
      return closing;
    },
  };
  threads.set(db, worker);
  return db;
}
