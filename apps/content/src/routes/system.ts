import { installHealthRoutes } from "@backoffice/server";
import type { FastifyPluginAsync } from "fastify";

/** Liveness and readiness (the database answers). */
const systemRoutes: FastifyPluginAsync = async (fastify) => {
  installHealthRoutes(fastify, async () => {
    if (!(await fastify.db.ping())) throw new Error("database not reachable");
  });
};

export default systemRoutes;
