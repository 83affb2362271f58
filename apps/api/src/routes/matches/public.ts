import { publicMatchSchema, type Site, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUrlOf } from "../../config.ts";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { previewAt, publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { activeNow, nextChange } from "../../lib/windows.ts";
import { publicImagesOf } from "../media/repository.ts";
import { otherServersRepository } from "../other-servers/repository.ts";
import { matchesRepository } from "./repository.ts";

/** Healthy servers first, then the ones not checked yet, then failing or blocked ones (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */
const HEALTH_ORDER = { ok: 0, unchecked: 1, failing: 2, blocked: 2 } as const;

/**
 * `GET /api/v1/public/{site}/matches`: the working set's matches (live, upcoming and finished in the
 * last MATCHES_PUBLIC_FINISHED_DAYS days) with their stream servers, anonymous. Its rebuild reads
 * those matches and only their servers and links' health, whatever else the site keeps.
 */
const matchesPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const matches = matchesRepository(
    fastify.db,
    site,
    fastify.config.FEED_TIMEZONE,
    fastify.config.MATCHES_PUBLIC_FINISHED_DAYS,
  );
  const servers = otherServersRepository(fastify.db, site);
  fastify.get(
    "/matches",
    publicReadOptions({ response: { 200: successOf(z.array(publicMatchSchema)) } }),
    async (request, reply) => {
      // The answer lasts until the next kick-off, end or ageing out among its matches, or the next
      // opening or closing of a server's window (docs/PRODUCT-RULES.md#matches-and-the-sports-feed,
      // #windows): statuses and windows move with the clock, no write needed.
      const answer = await fastify.publicCache.get(
        cacheKeys.entry(site, "matches"),
        async (until, now) => {
          const { matches: all, until: next } = await matches.listPublic();
          until(next);
          // The servers of these matches only, with their links' health, in one read.
          const attached = await servers.publicOf(all.map((match) => match._id));
          // Only the servers whose window is open now; the next opening or closing ends the answer.
          until(nextChange("servers", attached, now));
          const byMatch = new Map<string, typeof attached>();
          for (const server of activeNow("servers", attached, now))
            byMatch.set(server.match_id, [...(byMatch.get(server.match_id) ?? []), server]);
          const hideAfter = fastify.config.LINK_HIDE_FAILING_AFTER_MINUTES;
          // Left out when failing for longer than the setting (unset: every server stays). A server
          // shown now that reaches it later ends this answer then: no link-health round has to drop it.
          const hidden = (failingSince: string | null) => {
            if (hideAfter === undefined || failingSince === null) return false;
            const hideAt = Date.parse(failingSince) + hideAfter * 60_000;
            if (now > hideAt) return true;
            until(hideAt + 1);
            return false;
          };
          // The logos' sizes when they are media images (docs/MEDIA.md, "Public reads").
          const images = await publicImagesOf(
            fastify.db,
            site,
            publicUrlOf(fastify.config),
            all.map((match) => ({
              league_logo: match.league.logo,
              home_logo: match.homeTeam.logo,
              away_logo: match.awayTeam.logo,
            })),
          );
          return {
            status: "success",
            data: all.map((match, index) => ({
              ...match,
              images: images[index] ?? {},
              servers: (byMatch.get(match._id) ?? [])
                .filter((server) => !hidden(server.failing_since?.toISOString() ?? null))
                .sort((a, b) => HEALTH_ORDER[a.state ?? "unchecked"] - HEALTH_ORDER[b.state ?? "unchecked"])
                .map(({ id, name, url }) => ({ _id: id, name, url })),
            })),
          };
        },
        previewAt(request),
      );
      return sendCached(reply, answer);
    },
  );
};

export default matchesPublicRoutes;
