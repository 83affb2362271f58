import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The public-cache prefix (lib/cache-keys.ts) an admin write changes. Once the write succeeded,
     * every entry under it is dropped before the answer leaves, so the next public read sees it.
     */
    invalidates?: string;
  }
}

/**
 * Hook of a scope of admin routes: a route whose config declares `invalidates` clears that part of
 * the public cache (on every instance, through Redis) after a successful answer and before it is
 * sent; a failed write changes nothing and keeps the cache.
 */
export function invalidateDeclaredReads(fastify: FastifyInstance): void {
  fastify.addHook("onSend", async (request, reply, payload) => {
    const prefix = request.routeOptions.config.invalidates;
    if (prefix !== undefined && reply.statusCode < 300) await fastify.publicCache.invalidate(prefix);
    return payload;
  });
}
