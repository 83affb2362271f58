import { errorBody } from "@backoffice/contracts";
import { notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { safeEqual } from "../lib/crypto.ts";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who may read the metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it, a
 * scraper on this host only. The socket's address decides, never X-Forwarded-For, and a request a
 * proxy on this host forwarded (it says so in its headers) is not a local one.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) return safeEqual(request.headers.authorization ?? "", `Bearer ${token}`);
  const forwarded =
    request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? "");
}

/** `GET /metrics`: Prometheus text (see docs/DEPLOYMENT.md for what to scrape). */
const metricsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { metrics } = fastify;
  fastify.get(
    "/metrics",
    {
      schema: {
        tags: ["system"],
        querystring: z.strictObject({}),
        response: { 200: z.string(), 400: errorBody, 404: errorBody },
      },
      // Refused before anything else runs, with the same answer as a path that does not exist,
      // so the world cannot tell the endpoint is there.
      onRequest: async (request) => {
        if (!mayReadMetrics(request, fastify.config.METRICS_TOKEN))
          throw notFound(`Route ${request.method} /metrics not found`);
      },
    },
    async (_request, reply) =>
      reply
        .type(metrics.contentType)
        .header("cache-control", "no-store")
        .send(await metrics.render()),
  );
};

export default metricsRoutes;
