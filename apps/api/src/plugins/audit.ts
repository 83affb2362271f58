import { isSite, UNDO_HEADER } from "@backoffice/contracts";
import type { LiveEvent } from "@backoffice/contracts/live";
import { type AuditContext, withAudit } from "@backoffice/db";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { WRITE_METHODS } from "./auth.ts";

/** The admin behind a request, for the audit log; `site` null for account routes. */
export function auditContextOf(request: FastifyRequest, site: string | null): AuditContext {
  return {
    batch: request.id,
    actorId: request.session?.userId ?? null,
    actorEmail: request.session?.email ?? null,
    // A scheduled change's History names the scheduler as where it came from, for its author.
    address: request.session?.via ?? request.ip,
    site,
  };
}

/** `/api/v1/{site}/…` → the site, or null (account routes under /api/v1/auth). */
export function siteOfUrl(url: string): string | null {
  const segment = url.split("/")[3]?.split("?")[0];
  return isSite(segment) ? segment : null;
}

/**
 * Hooks of a scope of admin routes (after `requireAdmin`): every write runs in an audit context, so
 * its changes are logged with their admin by the database itself, and the answer of one that moved
 * records to the trash carries its Undo token. The handler runs inside the context because the
 * preHandler's `done` is called inside `withAudit` (as @fastify/request-context does).
 */
export function auditWrites(fastify: FastifyInstance): void {
  fastify.addHook(
    "preHandler",
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!WRITE_METHODS.has(request.method) || !request.session) return done();
      withAudit(auditContextOf(request, siteOfUrl(request.url)), done);
    },
  );
  fastify.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "DELETE" || reply.statusCode >= 300) return payload;
    const [moved] = await fastify.db.query("select 1 from trash where batch = $1 limit 1", [request.id]);
    if (moved) reply.header(UNDO_HEADER, request.id);
    return payload;
  });
  publishChanges(fastify);
}

/** A write's changes, as History logged them, published as live events once it succeeded. */
const MAX_EVENTS_PER_WRITE = 100;

/**
 * The one place admin writes become live events (docs/PRODUCT-RULES.md#live-updates): what the
 * audit triggers logged under the request's batch, read after the answer is sent. A write touching
 * more records than MAX_EVENTS_PER_WRITE sends one event per kind with `id` null instead.
 */
function publishChanges(fastify: FastifyInstance): void {
  fastify.addHook("onResponse", async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || !request.session || reply.statusCode >= 300) return;
    const rows = await fastify.db.query<{
      site: string | null;
      resource: string;
      record_id: string | null;
      action: string;
    }>(
      `select site, resource, record_id, action from audit_log
       where batch = $1 and site is not null order by id limit ${MAX_EVENTS_PER_WRITE + 1}`,
      [request.id],
    );
    const actor = { id: request.session.userId, email: request.session.email };
    const many = rows.length > MAX_EVENTS_PER_WRITE;
    const seen = new Set<string>();
    for (const row of rows) {
      if (!isSite(row.site)) continue;
      const id = many ? null : row.record_id;
      const key = `${row.site}:${row.resource}:${row.action}:${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      fastify.live.publish({
        type: "record",
        site: row.site,
        resource: row.resource,
        id,
        action: row.action as Extract<LiveEvent, { type: "record" }>["action"],
        actor,
      });
    }
  });
}
