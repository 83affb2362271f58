import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * An `onSend` hook letting the public sites' pages read the list from the browser (DESIGN §4):
 * only the configured origins, and only simple GETs (no credentials, no custom headers).
 */
export function allowOrigins(urls: string[]) {
  const origins = new Set(urls.map((url) => new URL(url).origin));
  return async function corsHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    reply.header("vary", "Origin");
    const origin = request.headers.origin;
    if (typeof origin === "string" && origins.has(origin))
      reply.header("access-control-allow-origin", origin);
    return payload;
  };
}
