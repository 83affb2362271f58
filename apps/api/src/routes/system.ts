import { configAnswer } from "@backoffice/contracts";
import { installHealthRoutes } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Liveness, readiness (the database answers) and the run-time settings the web app reads. */
const systemRoutes: FastifyPluginAsyncZod = async (fastify) => {
  installHealthRoutes(fastify, async () => {
    if (!(await fastify.db.ping())) throw new Error("database not reachable");
  });

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
