import {
  connectAnswer,
  dayAndTime,
  errorBody,
  FEED_PATHS,
  FEED_SPORTS,
  type FeedSport,
  type Site,
} from "@backoffice/contracts";
import { createCache } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { feedSources, fetchFeedDay } from "./api-sports.ts";

/** The provider's daily quota is small: a sport's fixtures of the day are asked again after 5 minutes at most. */
export const FEED_CACHE_MS = 5 * 60_000;

const sportOfPath = Object.fromEntries(FEED_SPORTS.map((sport) => [FEED_PATHS[sport], sport])) as Record<
  string,
  FeedSport
>;
const params = z.strictObject({
  sport: z.enum(Object.values(FEED_PATHS) as [string, ...string[]], {
    error: `sport must be one of ${Object.values(FEED_PATHS).join(", ")}`,
  }),
});

/** `GET /connect/{sport}`: today's fixtures from API-Sports, cached, with the quota left. */
const feedRoutes: FastifyPluginAsyncZod<{ site: Site; now?: () => Date }> = async (fastify, options) => {
  const sources = feedSources(fastify.config);
  const timeZone = fastify.config.FEED_TIMEZONE;
  const now = options.now ?? (() => new Date());
  const cache = createCache({ maxEntries: 64 });
  const { metrics } = fastify;

  fastify.get(
    "/connect/:sport",
    {
      schema: {
        tags: [`${options.site}: sports feed`],
        params,
        response: { 200: connectAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const sport = sportOfPath[request.params.sport]!;
      const at = now();
      const day = dayAndTime(at.toISOString(), timeZone).date;
      // Concurrent refreshes share one provider call; a failure is not kept, so Refresh retries it.
      // Each sport is its own API-Sports product with its own daily quota.
      const provider = `api-sports/${sport}`;
      const feed = await cache.get(
        `${sport}:${day}`,
        () =>
          fetchFeedDay(sport, sources[sport], timeZone, at, (outcome, quota) => {
            metrics.providerCall(provider, outcome);
            if (quota) metrics.providerQuota(provider, quota.remaining, quota.limit);
          }),
        { ttlMs: FEED_CACHE_MS },
      );
      return { status: "success" as const, ...feed };
    },
  );
};

export default feedRoutes;
