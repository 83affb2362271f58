import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { messages, type PGliteOptions } from "@electric-sql/pglite";
import { auditContext, SET_AUDIT_CONTEXT } from "./audit.ts";
import { DatabaseNotDurableError } from "./embedded.mjs";
import type { Database, Queryable, SqlResult } from "./types.ts";

/**
 * What the servers' thread asks the databases' thread (pglite-worker.mjs): `id` pairs the answer,
 * `db` names the open database (one thread serves every folder the process opens), `tx` a transaction.
 */
export type Request =
  | { id: number; op: "open"; db: number; dir: string }
  | { id: number; op: "query"; db: number; text: string; params?: unknown[] | undefined; tx?: number }
  | { id: number; op: "executeSql"; db: number; text: string; params?: unknown[] | undefined }
  | { id: number; op: "begin"; db: number; tx: number }
  | { id: number; op: "end"; db: number; tx: number; commit: boolean }
  | { id: number; op: "ping" | "close"; db: number };

type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

/** PGlite's compiled WebAssembly (WebAssembly.Module; this repository's TypeScript has no DOM types). */
type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>;
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

/** The answer to request `id` (0: the answer of a thread that only makes a folder). */
export type Answer =
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; results: Record<string, unknown>[][] }
  | { id: number; error: SerializedError };

export interface ThreadData {
  pgliteWasmModule?: WasmModule;
  /** Make this data folder (initdb), close it and end. */
  createOnly?: string;
}

const WORKER = new URL("./pglite-worker.mjs", import.meta.url);

/** The error the caller gets: the same class and fields as PGlite threw on the databases' thread. */
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

/**
 * PGlite's compiled WebAssembly, compiled once per process and handed to the threads, as PGlite
 * shares it between instances on one thread.
 */
let compiled: Promise<WasmModule> | undefined;
function pgliteModule() {
  compiled ??= readFile(new URL("./pglite.wasm", import.meta.resolve("@electric-sql/pglite"))).then((bytes) =>
    wasm.compile(bytes),
  );
  return compiled;
}

/**
 * A new data folder is made by a thread of its own, which then ends: an idle thread's V8 heap is
 * not collected (nothing allocates there), so what initdb allocated would stay (npm start's first
 * run measured 1,049 MB instead of 442 MB idle). Later starts skip this.
 */
function createFolder(dir: string, pgliteWasmModule: WasmModule): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { pgliteWasmModule, createOnly: dir } satisfies ThreadData,
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

/** The databases' thread: the answers awaited, how many databases it serves, why it is gone. */
interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
  users: number;
  ending: boolean;
  gone: Error | undefined;
}

let current: Thread | undefined;
let nextId = 1;
let nextDb = 1;
let nextTx = 1;

function startThread(pgliteWasmModule: WasmModule): Thread {
  const worker = new Worker(WORKER, { workerData: { pgliteWasmModule } satisfies ThreadData });
  const thread: Thread = { worker, waiting: new Map(), users: 0, ending: false, gone: undefined };
  const settleAll = (error: Error) => {
    thread.gone ??= error;
    for (const { reject } of thread.waiting.values()) reject(thread.gone);
    thread.waiting.clear();
    if (current === thread) current = undefined;
  };
  worker.on("message", (answer: Answer) => {
    const entry = thread.waiting.get(answer.id);
    if (!entry) return;
    thread.waiting.delete(answer.id);
    // The thread keeps the process alive only while an answer is awaited, as PGlite did (no handle).
    if (thread.waiting.size === 0) worker.unref();
    if ("error" in answer) entry.reject(revive(answer.error));
    else entry.resolve(answer);
  });
  worker.on("error", (error) => {
    settleAll(new Error(`The embedded database's thread failed: ${error.message}`, { cause: error }));
  });
  worker.on("exit", (code) => {
    settleAll(
      new Error(
        thread.ending
          ? "The embedded database is closed."
          : `The embedded database's thread stopped (exit code ${code}): its statements in flight failed, and every later one fails until the server is started again.`,
      ),
    );
  });
  worker.unref();
  return thread;
}

function ask(thread: Thread, request: WithoutId<Request>): Promise<Answer> {
  if (thread.gone) return Promise.reject(thread.gone);
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    thread.waiting.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ ...request, id });
  });
}

/** A database the thread no longer serves: the thread ends with the last one. */
async function release(thread: Thread) {
  thread.users--;
  if (thread.users > 0 || thread.gone) return;
  thread.ending = true;
  if (current === thread) current = undefined;
  await thread.worker.terminate();
}

const threads = new WeakMap<Database, Worker>();

/** The thread under a database `openPgliteThread` opened (tests stop it to see what a crash does). */
export function databaseThread(db: Database): Worker | undefined {
  return threads.get(db);
}

/**
 * The embedded database in `dir` on the databases' thread (docs/decisions/018): the same `Database`
 * as `wrapPglite` gives, its statements, transactions and errors the same, while the servers' event
 * loop goes on answering during every statement and every commit's fsync. The caller holds `dir`'s
 * lock; `onClose` runs once the database is closed.
 */
export async function openPgliteThread(dir: string, onClose: () => void): Promise<Database> {
  const pgliteWasmModule = await pgliteModule();
  if (!existsSync(join(dir, "pgdata", "PG_VERSION"))) await createFolder(dir, pgliteWasmModule);
  current ??= startThread(pgliteWasmModule);
  const thread = current;
  thread.users++;
  const id = nextDb++;
  try {
    await ask(thread, { op: "open", db: id, dir });
  } catch (error) {
    await release(thread);
    throw error;
  }

  let closing: Promise<void> | undefined;
  const send = (request: WithoutId<Request>) =>
    closing ? Promise.reject(new Error(`The embedded database in ${dir} is closed.`)) : ask(thread, request);
  const rows = async <T>(request: WithoutId<Request>) => ((await send(request)) as { rows: T[] }).rows;

  const transaction: Database["transaction"] = async (fn) => {
    const tx = nextTx++;
    await send({ op: "begin", db: id, tx });
    let ended = false;
    const queryable: Queryable = {
      query: (text, params) =>
        ended
          ? Promise.reject(new Error("Transaction is closed"))
          : rows({ op: "query", db: id, text, params, tx }),
    };
    try {
      const context = auditContext();
      if (context) await queryable.query(SET_AUDIT_CONTEXT, [JSON.stringify(context)]);
      const result = await fn(queryable);
      ended = true;
      await ask(thread, { op: "end", db: id, tx, commit: true });
      return result;
    } catch (error) {
      if (!ended) {
        ended = true;
        await ask(thread, { op: "end", db: id, tx, commit: false });
      }
      throw error;
    }
  };

  const db: Database = {
    kind: "pglite",
    // Outside an audit context a statement runs on its own; inside one, in a transaction that has it.
    query: (text, params) =>
      auditContext()
        ? transaction((tx) => tx.query(text, params))
        : rows({ op: "query", db: id, text, params }),
    transaction,
    async executeSql(text, params) {
      const answer = await send({ op: "executeSql", db: id, text, params });
      if ("rows" in answer) return { rows: answer.rows };
      const results = (answer as { results: Record<string, unknown>[][] }).results;
      return results.length === 1
        ? { rows: results[0]! }
        : results.map((each): SqlResult => ({ rows: each }));
    },
    async ping() {
      if (closing) return false;
      await send({ op: "ping", db: id });
      return true;
    },
    close() {
      closing ??= (async () => {
        if (!thread.gone) await ask(thread, { op: "close", db: id }).catch(() => {});
        await release(thread);
        onClose();
      })();
      return closing;
    },
  };
  threads.set(db, thread.worker);
  return db;
}
