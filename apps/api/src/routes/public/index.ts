import { isSite, SITE_RESOURCES } from "@backoffice/contracts";
import { keepAnswers } from "@backoffice/server";
import cors from "@fastify/cors";
import type { FastifyPluginAsync } from "fastify";
import { isCachedRead } from "../../lib/public-reply.ts";
import { MODULES } from "../modules.ts";

/** What the three public sites read and send (docs/PRODUCT-RULES.md#public-endpoints). */
const publicRoutes: FastifyPluginAsync<{ origins: string[] }> = async (fastify, { origins }) => {
  // Cross-origin calls are allowed here only, and only from the public sites' own origins.
  await fastify.register(cors, { origin: origins, methods: ["GET", "POST"], maxAge: 600 });
  // A cached read's whole answer is kept for the server's front door (packages/server kept-answers.ts).
  keepAnswers(fastify, fastify.publicCache.kept, isCachedRead);
  // The one place the intake becomes live events (docs/PRODUCT-RULES.md#live-updates): a stored
  // subscription or contact message (201) is counted for its site's dashboards.
  fastify.addHook("onResponse", async (request, reply) => {
    if (request.method !== "POST" || reply.statusCode !== 201) return;
    const [, , , , site, resource] = (request.routeOptions.url ?? "").split("/");
    if (isSite(site) && (resource === "emails" || resource === "contacts"))
      fastify.live.intake(site, resource);
  });
  // Visitors' traffic is far above the admins': no access-log line per request here (a proxy or CDN
  // in front keeps those); warnings and errors, rate-limit hits included, are still logged.
  for (const { resource, public: routes } of MODULES) {
    if (!routes) continue;
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(routes, { prefix: `/${site}`, site, logLevel: "warn" });
    }
  }
};

export default publicRoutes;
