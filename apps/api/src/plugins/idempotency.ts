import { createHash } from "node:crypto";
import { UNDO_HEADER } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { badRequest, HttpError } from "@backoffice/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Jobs } from "../lib/jobs.ts";
import { WRITE_METHODS } from "./auth.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** How long a key's answer is kept: a retry later than this is a new request. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** Set on an answer given again for a retried key. */
export const REPLAYED_HEADER = "idempotent-replayed";

export const IDEMPOTENCY_MESSAGES = {
  invalid: "Idempotency-Key must be 1 to 255 visible ASCII characters",
  reused: "This Idempotency-Key was already used for a different request",
  inProgress: "A request with this Idempotency-Key is still being processed: try again in a moment",
} as const;

declare module "fastify" {
  interface FastifyRequest {
    /** The key this request claimed: its answer is stored once sent. */
    idempotencyKey: string | null;
  }
}

const inProgress = () => new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { "retry-after": "1" });

/** Headers of an answer that a replay must carry too (the Undo of a delete). */
const KEPT_HEADERS = ["content-type", UNDO_HEADER];

interface Claimed {
  method: string;
  path: string;
  fingerprint: string;
  status: number | null;
  headers: string | null;
  body: string | null;
}

/**
 * Hooks of a scope of admin routes (after `requireAdmin` and `auditWrites`): a write sent with an
 * `Idempotency-Key` claims the key (per user) in the database before it runs and stores its answer
 * before that answer leaves. A retry with the same key, method, path and body gets the first answer
 * again and runs nothing; the same key with another request is refused with 422, and while the first
 * is still running with 409. A 5xx answer releases the key: nothing was stored, the retry runs.
 * The database is the one truth, so this holds across instances and restarts
 * (docs/PRODUCT-RULES.md#idempotent-writes).
 */
/** The hourly job that forgets keys older than their 24 hours (defined once, with the job runner). */
export function defineIdempotencyPurge(jobs: Jobs, db: Queryable): void {
  jobs.define({
    name: "idempotency-keys-purge",
    title: "Forget old idempotency keys",
    site: "all",
    schedule: "20 * * * *",
    async run() {
      const gone = await db.query(
        `delete from idempotency_keys where created_at < now() - interval '${IDEMPOTENCY_TTL_HOURS} hours' returning 1`,
      );
      return `${gone.length} ${gone.length === 1 ? "key" : "keys"} older than ${IDEMPOTENCY_TTL_HOURS} hours removed.`;
    },
  });
}

export function idempotentWrites(fastify: FastifyInstance): void {
  const { db } = fastify;
  fastify.decorateRequest("idempotencyKey", null);

  fastify.addHook("preHandler", async (request: FastifyRequest, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !WRITE_METHODS.has(request.method) || !request.session) return;
    if (typeof header !== "string" || !/^[\x21-\x7e]{1,255}$/.test(header))
      throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
    const userId = request.session.userId;
    const path = request.url;
    const fingerprint = createHash("sha256")
      .update(JSON.stringify(request.body ?? null))
      .digest("hex");
    const [claimed] = await db.query(
      `insert into idempotency_keys (user_id, key, method, path, fingerprint) values ($1, $2, $3, $4, $5)
       on conflict (user_id, key) do nothing returning key`,
      [userId, header, request.method, path, fingerprint],
    );
    if (claimed) {
      request.idempotencyKey = header;
      return;
    }
    const [first] = await db.query<Claimed>(
      "select method, path, fingerprint, status, headers, body from idempotency_keys where user_id = $1 and key = $2",
      [userId, header],
    );
    // Released by a 5xx between the two statements: the client tries again and runs it.
    if (!first) throw inProgress();
    if (first.method !== request.method || first.path !== path || first.fingerprint !== fingerprint)
      throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
    if (first.status === null) throw inProgress();
    return reply
      .code(first.status)
      .headers({ ...JSON.parse(first.headers ?? "{}"), [REPLAYED_HEADER]: "true" })
      .send(first.body ?? "");
  });

  fastify.addHook("onSend", async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.session) return payload;
    const userId = request.session.userId;
    if (reply.statusCode >= 500 || (typeof payload !== "string" && payload !== null)) {
      await db.query("delete from idempotency_keys where user_id = $1 and key = $2", [userId, key]);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await db.query(
      "update idempotency_keys set status = $3, headers = $4, body = $5 where user_id = $1 and key = $2",
      [userId, key, reply.statusCode, JSON.stringify(headers), payload ?? ""],
    );
    return payload;
  });
}
