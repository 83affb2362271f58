import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built dashboard at `/`; the not-found handler answers client routes with index.html.
 * Files are looked up when asked for, not listed once at start: a rebuild (`npm run build`) is
 * served by the running server, its new hashed assets included.
 *
 * The build writes a Brotli and a gzip copy next to each compressible file (apps/web/vite.config.ts,
 * `precompress`): `preCompressed` sends the one the request's Accept-Encoding prefers (br, then gzip)
 * with its Content-Encoding, the file itself otherwise, and `Vary: accept-encoding` on each; nothing
 * is compressed per request. The copies are not addressable themselves.
 */
export default fp(async function web(fastify: FastifyInstance) {
  const root = fastify.config.WEB_DIST_DIR;
  if (!existsSync(join(root, "index.html"))) {
    fastify.log.warn({ root }, "web app not built: run `npm run build` to serve the dashboard");
    return;
  }
  await fastify.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    index: false,
    allowedPath: (path: string) => !/\.(br|gz)$/.test(path),
    setHeaders(reply: FastifyReply, path: string) {
      // Vite's hashed assets never change; index.html must always be revalidated.
      reply.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  fastify.decorate("sendSpaIndex", (reply: FastifyReply) =>
    reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html"),
  );
  fastify.get("/", (_request, reply) => fastify.sendSpaIndex!(reply));
});
