import { configAnswer } from "@backoffice/contracts";
import { installHealthRoutes, READINESS_TIMEOUT_MS } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listProviders } from "./auth/oidc-providers.ts";

/**
 * Liveness, readiness and the run-time settings the web app reads. Readiness: without the database
 * nothing works (503); without Redis or the content service the instance still serves, with
 * fallbacks or a clear error on the catalogue (200, degraded). docs/DEPLOYMENT.md, Health and readiness.
 */
const systemRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { redis, publicCache, config } = fastify;
  installHealthRoutes(fastify, {
    database: { required: true, check: async () => ((await fastify.db.ping()) ? "ok" : "down") },
    redis: {
      required: false,
      check: async () => {
        if (!redis) return "off";
        // Both connections: the counters' and the subscription to other instances' invalidations.
        if (redis.status !== "ready" || !publicCache.listening()) return "down";
        await redis.ping();
        return "ok";
      },
    },
    content: {
      required: false,
      check: async () => {
        const answer = await fetch(`${config.CONTENT_URL.replace(/\/+$/, "")}/readyz`, {
          signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
        });
        await answer.body?.cancel();
        return answer.ok ? "ok" : "down";
      },
    },
  });

  /** The sign-in screen's SSO buttons; without the database, the environment's provider only. */
  const ssoButtons = async () => {
    const providers = await listProviders(fastify).catch((error) => {
      fastify.log.warn({ err: error }, "SSO providers could not be read");
      return listProviders(fastify, { storedToo: false });
    });
    return providers.map(({ id, label }) => ({ id, label }));
  };

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
          mail: { smtp: fastify.mailer.smtp, from: fastify.mailer.from },
          timeZone: config.FEED_TIMEZONE,
          sso: await ssoButtons(),
        },
      };
    },
  );
};

export default systemRoutes;
