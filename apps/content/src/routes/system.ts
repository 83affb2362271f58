import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const health = z.object({ status: z.string() });

/** Liveness and readiness (the database answers). */
const systemRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get("/healthz", { schema: { response: { 200: health } } }, async () => ({ status: "ok" }));

  fastify.get("/readyz", { schema: { response: { 200: health, 503: health } } }, async (request, reply) => {
    try {
      await fastify.db.ping();
      return { status: "ok" };
    } catch (error) {
      request.log.warn({ err: error }, "database not reachable");
      return reply.code(503).send({ status: "database unavailable" });
    }
  });
};

export default systemRoutes;
