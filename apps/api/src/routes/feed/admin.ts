import {
  connectAnswer,
  dayAndTime,
  errorBody,
  FEED_PATHS,
  FEED_SPORTS,
  type FeedSport,
  type Site,
} from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import {
  countFeedCall,
  feedQuota,
  type KeptFeedDay,
  keepFeedDay,
  keptFeedDay,
  lastFeedSync,
  runFeedSync,
} from "../../lib/feed-sync.ts";
import { feedSources, fetchFeedDay } from "./api-sports.ts";

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
 * `GET /connect/{sport}`: today's fixtures as the feed sync or a Refresh kept them, with when they
 * were fetched (no provider call: a visit of Fetch Matches spends none of the daily quota);
 * `POST /connect/{sport}/refresh`: asks API-Sports now (one call, counted) and keeps the answer;
 * `GET /feed/status`: the calls left today and the last sync; the `feed-sync` job that follows
 * accepted fixtures (docs/PRODUCT-RULES.md#matches-and-the-sports-feed).
 */
const feedRoutes: FastifyPluginAsyncZod<{ site: Site; now?: () => Date }> = async (fastify, options) => {
  const sources = feedSources(fastify.config);
  const timeZone = fastify.config.FEED_TIMEZONE;
  const now = options.now ?? (() => new Date());
  // Refreshes of one sport and day that arrive together share one provider call.
  const refreshing = new Map<string, Promise<KeptFeedDay>>();
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

  const today = () => dayAndTime(now().toISOString(), timeZone).date;
  const connectSchema = {
    tags: [`${options.site}: sports feed`],
    params,
    response: { 200: connectAnswer, 400: errorBody, 401: errorBody, 403: errorBody, 502: errorBody },
  };

  fastify.get("/connect/:sport", { schema: connectSchema }, async (request) => {
    const sport = sportOfPath[request.params.sport]!;
    const kept = await keptFeedDay(fastify.db, options.site, sport, today());
    return {
      status: "success" as const,
      ...(kept ?? { response: [], quota: { remaining: null, limit: null }, fetchedAt: null }),
    };
  });

  fastify.post("/connect/:sport/refresh", { schema: connectSchema }, async (request) => {
    const sport = sportOfPath[request.params.sport]!;
    const day = today();
    const key = `${sport}:${day}`;
    // Each sport is its own API-Sports product with its own daily quota; a failure is not kept.
    const provider = `api-sports/${sport}`;
    let pending = refreshing.get(key);
    if (!pending) {
      pending = (async () => {
        await countFeedCall(fastify.db);
        const answer = await fetchFeedDay(sport, sources[sport], timeZone, day, (outcome, quota) => {
          metrics.providerCall(provider, outcome);
          if (quota) metrics.providerQuota(provider, quota.remaining, quota.limit);
        });
        return keepFeedDay(fastify.db, options.site, sport, day, answer, now());
      })().finally(() => refreshing.delete(key));
      refreshing.set(key, pending);
    }
    return { status: "success" as const, ...(await pending) };
  });
};

export default feedRoutes;
