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
import { cacheKeys } from "../../lib/cache-keys.ts";
import { countFeedCall, feedQuota, lastFeedSync, runFeedSync } from "../../lib/feed-sync.ts";
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

const feedStatusAnswer = z.object({
  status: z.literal("success"),
  quota: z.object({ used: z.number(), limit: z.number(), remaining: z.number() }),
  lastSync: z.string().nullable(),
});

/** Every N minutes from the hour (60: on the hour). */
const everyMinutes = (minutes: number) => (minutes >= 60 ? "0 * * * *" : `*/${minutes} * * * *`);

/**
 * `GET /connect/{sport}`: today's fixtures from API-Sports, cached, with the quota left; `GET
 * /feed/status`: the calls left today and the last sync; the `feed-sync` job that follows accepted
 * fixtures (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
 */
const feedRoutes: FastifyPluginAsyncZod<{ site: Site; now?: () => Date }> = async (fastify, options) => {
  const sources = feedSources(fastify.config);
  const timeZone = fastify.config.FEED_TIMEZONE;
  const now = options.now ?? (() => new Date());
  const cache = createCache({ maxEntries: 64 });
  const { metrics } = fastify;
  const dailyQuota = fastify.config.APISPORTS_DAILY_QUOTA;

  const name = options.site === "sportbn" ? "feed-sync" : `${options.site}-feed-sync`;
  fastify.jobs.define({
    name,
    title: "Update accepted fixtures' status and scores from the sports feed",
    site: options.site,
    schedule: everyMinutes(fastify.config.FEED_SYNC_MINUTES),
    async run() {
      const sync = await runFeedSync(fastify.db, options.site, { sources, timeZone, dailyQuota });
      if (sync.updated > 0) {
        await fastify.publicCache.invalidate(cacheKeys.of(options.site, "matches"));
        fastify.live.publish({
          type: "matches",
          site: options.site,
          change: "status",
          actor: { id: null, email: null, job: name },
        });
      }
      return sync.summary;
    },
  });

  fastify.get(
    "/feed/status",
    {
      schema: {
        tags: [`${options.site}: sports feed`],
        response: { 200: feedStatusAnswer, 401: errorBody, 403: errorBody },
      },
    },
    async () => ({
      status: "success" as const,
      quota: await feedQuota(fastify.db, dailyQuota),
      lastSync: await lastFeedSync(fastify.db, options.site),
    }),
  );

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
        async () => {
          await countFeedCall(fastify.db);
          return fetchFeedDay(sport, sources[sport], timeZone, day, (outcome, quota) => {
            metrics.providerCall(provider, outcome);
            if (quota) metrics.providerQuota(provider, quota.remaining, quota.limit);
          });
        },
        { ttlMs: FEED_CACHE_MS },
      );
      return { status: "success" as const, ...feed };
    },
  );
};

export default feedRoutes;
