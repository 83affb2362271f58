import type { FastifyPluginAsync } from "fastify";
/** Liveness and readiness (the database answers). */
declare const systemRoutes: FastifyPluginAsync;
export default systemRoutes;
