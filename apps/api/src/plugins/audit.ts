import { isSite, UNDO_HEADER } from "@backoffice/contracts";
import { type AuditContext, withAudit } from "@backoffice/db";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { WRITE_METHODS } from "./auth.ts";

/** The admin behind a request, for the audit log; `site` null for account routes. */
export function auditContextOf(request: FastifyRequest, site: string | null): AuditContext {
  return {
    batch: request.id,
    actorId: request.session?.userId ?? null,
    actorEmail: request.session?.email ?? null,
    address: request.ip,
    site,
  };
}

/** `/api/v1/{site}/…` → the site, or null (account routes under /api/v1/auth). */
function siteOfUrl(url: string): string | null {
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
}
