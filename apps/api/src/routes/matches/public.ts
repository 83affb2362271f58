import { publicMatchSchema, type Site, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { healthOf } from "../../lib/link-health.ts";
import { publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { otherServersRepository } from "../other-servers/repository.ts";
import { matchesRepository } from "./repository.ts";

/** Healthy servers first, then the ones not checked yet, then failing or blocked ones (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */
const HEALTH_ORDER = { ok: 0, unchecked: 1, failing: 2, blocked: 2 } as const;

/** `GET /api/v1/public/{site}/matches`: every match with its stream servers, anonymous. */
const matchesPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const matches = matchesRepository(fastify.db, site, fastify.config.FEED_TIMEZONE);
  const servers = otherServersRepository(fastify.db, site);
  // When the cached answer stops being true: the next kick-off, end or ageing out among its matches
  // (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). Statuses move with the clock, no write needed.
  let until = Number.POSITIVE_INFINITY;
  fastify.get(
    "/matches",
    publicReadOptions({ response: { 200: successOf(z.array(publicMatchSchema)) } }),
    async (_request, reply) => {
      if (Date.now() >= until) {
        until = Number.POSITIVE_INFINITY;
        await fastify.publicCache.invalidate(cacheKeys.of(site, "matches"));
      }
      const answer = await fastify.publicCache.get(cacheKeys.entry(site, "matches"), async () => {
        const [{ matches: all, until: next }, attached, health] = await Promise.all([
          matches.listPublic(fastify.config.MATCHES_PUBLIC_FINISHED_DAYS),
          servers.list(),
          healthOf(fastify.db, site),
        ]);
        const hideAfter = fastify.config.LINK_HIDE_FAILING_AFTER_MINUTES;
        // Left out when failing for longer than the setting (unset: every server stays).
        const hidden = (failingSince: string | null) =>
          hideAfter !== undefined &&
          failingSince !== null &&
          Date.now() - Date.parse(failingSince) > hideAfter * 60_000;
        until = next ?? Number.POSITIVE_INFINITY;
        return {
          status: "success",
          data: all.map((match) => ({
            ...match,
            servers: attached
              .filter((server) => server.match_id === match._id)
              .map((server) => ({ server, health: health(match._id, server.url) }))
              .filter(({ health }) => !hidden(health.failingSince))
              .sort((a, b) => HEALTH_ORDER[a.health.state] - HEALTH_ORDER[b.health.state])
              .map(({ server: { _id, name, url } }) => ({ _id, name, url })),
          })),
        };
      });
      // The front door keeps this answer until then too (packages/server kept-answers.ts).
      if (Number.isFinite(until)) reply.header("expires", new Date(until).toUTCString());
      return sendCached(reply, answer);
    },
  );
};

export default matchesPublicRoutes;
