import { installHealthRoutes } from "@backoffice/server";
import type { FastifyPluginAsync } from "fastify";

/** Liveness and readiness: its own database is its only dependency (docs/DEPLOYMENT.md). */
const systemRoutes: FastifyPluginAsync = async (fastify) => {
  installHealthRoutes(fastify, {
    database: { required: true, check: async () => ((await fastify.db.ping()) ? "ok" : "down") },
  });
};

export default systemRoutes;
