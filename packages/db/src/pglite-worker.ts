// The embedded database's own thread (docs/decisions/018-embedded-database-thread.md): PGlite runs
// here, so its WebAssembly (every statement) and the fsync of each commit (docs/decisions/008) block
// this thread, not the server's event loop. `pglite-thread.ts` starts it and speaks to it; the
// requests and answers are the ones listed there. PGlite is one session: its own locks queue a plain
// statement behind an open transaction here exactly as they did on the server's thread.
import { parentPort, workerData } from "node:worker_threads";
import { messages, type PGlite, type Transaction } from "@electric-sql/pglite";
import { openDurablePglite } from "./embedded.ts";
import type { Answer, Request, SerializedError, ThreadData } from "./pglite-thread.ts";

const port = parentPort!;
const { dir, pgliteWasmModule, createOnly } = workerData as ThreadData;

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error))
    return { name: "Error", kind: "Error", message: String(error), fields: {}, database: false };
  const fields: Record<string, unknown> = {};
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

function answer(reply: Answer) {
  port.postMessage(reply);
}

function fail(id: number, error: unknown) {
  answer({ id, error: serializeError(error) });
}

/** An open transaction: the statements the server sends for it, in order, until it ends. */
interface Open {
  pending: Request[];
  wake: (() => void) | undefined;
}
const transactions = new Map<number, Open>();
const ROLLBACK = Symbol("rollback");

async function nextOf(open: Open): Promise<Request> {
  while (open.pending.length === 0) await new Promise<void>((resolve) => (open.wake = resolve));
  return open.pending.shift()!;
}

/**
 * PGlite's own `transaction`: BEGIN, the statements, then COMMIT (an error if the transaction had
 * failed) or ROLLBACK, the same as it runs on the server's thread.
 */
function begin(client: PGlite, id: number, tx: number) {
  const open: Open = { pending: [], wake: undefined };
  transactions.set(tx, open);
  let begun = false;
  let endId = id;
  client
    .transaction(async (transaction: Transaction) => {
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
          answer({
            id: request.id,
            rows: (await transaction.query<Record<string, unknown>>(request.text, request.params)).rows,
          });
        } catch (error) {
          fail(request.id, error);
        }
      }
    })
    .then(
      () => answer({ id: endId, rows: [] }),
      (error) => {
        if (error === ROLLBACK) answer({ id: endId, rows: [] });
        else fail(begun ? endId : id, error);
      },
    )
    .finally(() => transactions.delete(tx));
}

async function run(client: PGlite, request: Request): Promise<Answer> {
  switch (request.op) {
    case "query":
      return {
        id: request.id,
        rows: (await client.query<Record<string, unknown>>(request.text, request.params)).rows,
      };
    case "executeSql": {
      if (request.params?.length)
        return {
          id: request.id,
          rows: (await client.query<Record<string, unknown>>(request.text, request.params)).rows,
        };
      const results = await client.exec(request.text);
      return { id: request.id, results: results.map(({ rows }) => rows) };
    }
    case "ping":
      await client.query("select 1");
      return { id: request.id, rows: [] };
    case "close":
      if (!client.closed) await client.close();
      return { id: request.id, rows: [] };
    default:
      throw new Error(`Unknown request ${request.op}`);
  }
}

try {
  const client = await openDurablePglite(dir, pgliteWasmModule);
  if (createOnly) {
    // A new folder, made by a thread that then ends: what initdb allocated goes with it.
    await client.close();
    answer({ id: 0, rows: [] });
  } else {
    port.on("message", (request: Request) => {
      if (request.op === "begin") return begin(client, request.id, request.tx);
      if (request.tx !== undefined) {
        const open = transactions.get(request.tx);
        if (!open) return fail(request.id, new Error("Transaction is closed"));
        open.pending.push(request);
        open.wake?.();
        return;
      }
      run(client, request).then(answer, (error) => fail(request.id, error));
    });
    answer({ id: 0, rows: [] });
  }
} catch (error) {
  fail(0, error);
}
