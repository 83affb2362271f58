import { errorBody, meAnswer } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * GET /api/v1/auth/me: the signed-in member with their level and sites, which the dashboard uses to
 * show only their sites and writes (docs/PRODUCT-RULES.md#team-and-access), and their second factor
 * (docs/PRODUCT-RULES.md#second-factor), both from the session lookup. Every level may call it.
 * Registered in a scope that already requires a session (routes/sites).
 */
const meRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    "/auth/me",
    { schema: { tags: ["auth"], response: { 200: meAnswer, 401: errorBody, 403: errorBody } } },
    async (request) => {
      const { email, role, level, sites, secondFactor } = request.session!;
      return { status: "success" as const, data: { user: { email, role, level, sites }, secondFactor } };
    },
  );
};

export default meRoutes;
