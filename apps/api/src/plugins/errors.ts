import { installErrorHandlers, loggedUrl } from "@backoffice/server";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The shared error envelope; unmatched client routes of the dashboard get its index.html. */
export default fp(async function errors(fastify: FastifyInstance) {
  // Every refusal by a rate limit is an event in the log, with the route and the address.
  fastify.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode === 429) {
      request.log.warn(
        {
          event: "rate limited",
          route: request.routeOptions.url ?? loggedUrl(request).split("?")[0],
          address: request.ip,
        },
        "rate limited",
      );
    }
  });
  installErrorHandlers(fastify, {
    fallback(request, reply) {
      const path = request.url.split("?")[0]!;
      const isApi = /^\/(api|healthz|readyz)(\/|$)/.test(path);
      const isPage = (request.method === "GET" || request.method === "HEAD") && !/\.\w+$/.test(path);
      if (!fastify.sendSpaIndex || isApi || !isPage) return false;
      fastify.sendSpaIndex(reply);
      return true;
    },
  });
});
