// @ts-check
// The embedded databases' own thread (docs/decisions/018-embedded-database-thread.md): PGlite runs
// here, so its WebAssembly (every statement) and the fsync of each commit (docs/decisions/008) block
// this thread, not the servers' event loop. One thread serves every data folder the process opens
// (under `npm start` the api's and the content service's): each thread costs about 15 MB. It is
// JavaScript so that the thread does not load Node's type stripping too (about 14 MB more).
// `pglite-thread.ts` starts it and speaks to it; the requests and answers are listed there. PGlite is
// one session: its own locks queue a plain statement behind an open transaction here, exactly as
// they did on the server's thread.
import { parentPort, workerData } from "node:worker_threads";
import { messages } from "@electric-sql/pglite";
import { openDurablePglite } from "./embedded.mjs";

/** @typedef {import("./pglite-thread.ts").Request} Request */
/** @typedef {import("./pglite-thread.ts").Answer} Answer */
/** @typedef {import("./pglite-thread.ts").SerializedError} SerializedError */
/** @typedef {import("./pglite-thread.ts").ThreadData} ThreadData */
/** @typedef {import("@electric-sql/pglite").PGlite} PGlite */
/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/** @typedef {Record<string, unknown>} Row */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const data = /** @type {ThreadData} */ (workerData);

/**
 * @param {unknown} error
 * @returns {SerializedError}
 */
function serializeError(error) {
  if (!(error instanceof Error)) {
    return { name: "Error", kind: "Error", message: String(error), fields: {}, database: false };
  }
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // A field that cannot cross (none of PostgreSQL's): left out.
    }
  }
  return {
    name: error.name,
    kind: error.constructor.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
    database: error instanceof messages.DatabaseError,
  };
}

/** @param {Answer} reply */
const answer = (reply) => port.postMessage(reply);
/** @param {number} id @param {unknown} error */
const fail = (id, error) => answer({ id, error: serializeError(error) });

if (data.createOnly) {
  // A new folder, made (initdb) by a thread that then ends: what initdb allocated goes with it.
  try {
    await (await openDurablePglite(data.createOnly, data.pgliteWasmModule)).close();
    answer({ id: 0, rows: [] });
  } catch (error) {
    fail(0, error);
  }
} else {
  /** @type {Map<number, PGlite>} the open databases, by the number the server's thread gave each */
  const databases = new Map();
  /** @typedef {{ pending: Request[], wake: (() => void) | undefined }} Open */
  /** @type {Map<number, Open>} open transactions: the statements sent for each, in order, until it ends */
  const transactions = new Map();
  const ROLLBACK = Symbol("rollback");

  /** @param {Open} open @returns {Promise<Request>} */
  const nextOf = async (open) => {
    while (open.pending.length === 0) await new Promise((resolve) => (open.wake = () => resolve(undefined)));
    return /** @type {Request} */ (open.pending.shift());
  };

  /**
   * PGlite's own `transaction`: BEGIN, the statements, then COMMIT (an error if the transaction had
   * failed) or ROLLBACK, the same as it runs on the server's thread.
   * @param {PGlite} client @param {number} id @param {number} tx
   */
  const begin = (client, id, tx) => {
    /** @type {Open} */
    const open = { pending: [], wake: undefined };
    transactions.set(tx, open);
    let begun = false;
    let endId = id;
    client
      .transaction(async (transaction) => {
        begun = true;
        answer({ id, rows: [] });
        for (;;) {
          const request = await nextOf(open);
          if (request.op === "end") {
            endId = request.id;
            if (request.commit) return;
            throw ROLLBACK;
          }
          if (request.op !== "query") continue;
          try {
            answer({ id: request.id, rows: (await transaction.query(request.text, request.params)).rows });
          } catch (error) {
            fail(request.id, error);
          }
        }
      })
      .then(
        () => answer({ id: endId, rows: [] }),
        (error) => (error === ROLLBACK ? answer({ id: endId, rows: [] }) : fail(begun ? endId : id, error)),
      )
      .finally(() => transactions.delete(tx));
  };

  /** @param {Request} request @returns {Promise<Answer>} */
  const run = async (request) => {
    if (request.op === "open") {
      databases.set(request.db, await openDurablePglite(request.dir, data.pgliteWasmModule));
      return { id: request.id, rows: [] };
    }
    const client = databases.get(request.db);
    if (!client) throw new Error("The embedded database is closed.");
    switch (request.op) {
      case "query":
        return { id: request.id, rows: (await client.query(request.text, request.params)).rows };
      case "executeSql": {
        if (request.params?.length)
          return { id: request.id, rows: (await client.query(request.text, request.params)).rows };
        const results = await client.exec(request.text);
        return { id: request.id, results: results.map(({ rows }) => rows) };
      }
      case "ping":
        await client.query("select 1");
        return { id: request.id, rows: [] };
      case "close":
        databases.delete(request.db);
        if (!client.closed) await client.close();
        return { id: request.id, rows: [] };
      default:
        throw new Error(`Unknown request ${request.op}`);
    }
  };

  port.on("message", (/** @type {Request} */ request) => {
    if (request.op === "begin") {
      const client = databases.get(request.db);
      if (!client) return fail(request.id, new Error("The embedded database is closed."));
      return begin(client, request.id, request.tx);
    }
    if (request.op === "query" || request.op === "end") {
      if (request.tx !== undefined) {
        const open = transactions.get(request.tx);
        if (!open) return fail(request.id, new Error("Transaction is closed"));
        open.pending.push(request);
        open.wake?.();
        return;
      }
    }
    run(request).then(answer, (error) => fail(request.id, error));
  });
}
