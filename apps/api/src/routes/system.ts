import { configAnswer } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const health = z.object({ status: z.string() });

/** Liveness, readiness (the database answers) and the run-time settings the web app reads. */
const systemRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get("/healthz", { schema: { tags: ["system"], response: { 200: health } } }, async () => ({
    status: "ok",
  }));

  fastify.get(
    "/readyz",
    { schema: { tags: ["system"], response: { 200: health, 503: health } } },
    async (request, reply) => {
      const reachable = await fastify.db.ping().catch((error) => {
        request.log.warn({ err: error }, "database not reachable");
        return false;
      });
      return reachable ? { status: "ok" } : reply.code(503).send({ status: "database unavailable" });
    },
  );

  fastify.get(
    "/api/v1/config",
    { schema: { tags: ["system"], response: { 200: configAnswer } } },
    async () => {
      const { config } = fastify;
      return {
        status: "success" as const,
        data: {
          sites: {
            apkw: { name: "APKW", url: config.SITE_APKW_URL },
            sportbn: { name: "SportBN", url: config.SITE_SPORTBN_URL },
            movies: { name: "Movies", url: config.SITE_MOVIES_URL },
          },
        },
      };
    },
  );
};

export default systemRoutes;
