import { adPagesOf, errorBody, movieListAnswer, type Site, siteHas, successOf } from "@backoffice/contracts";
import {
  OVERVIEW_HISTORY_LIMIT,
  OVERVIEW_UNREAD_CAP,
  type Overview,
  overviewQuery,
  overviewSchema,
} from "@backoffice/contracts/overview";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { feedQuota, lastFeedSync } from "../../lib/feed-sync.ts";
import { CATALOG_MESSAGES, CONTENT_PATH, contentClient, parseJson } from "../catalog/content-client.ts";
import { contactsRepository } from "../contacts/repository.ts";
import { historyRepository } from "../history/repository.ts";
import { lockersRepository } from "../locker/repository.ts";
import { overviewRepository } from "./repository.ts";

/** The overview waits this long for the content service, then says its titles are unavailable. */
const CONTENT_WAIT_MS = 2_000;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * `GET /{site}/overview` (docs/PRODUCT-RULES.md#overview): each section when the site has its
 * resource. The content service being away leaves its titles unavailable, not the whole answer.
 */
const overviewRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const counts = overviewRepository(fastify.db, site);
  const history = historyRepository(fastify.db, site);
  const lockers = lockersRepository(fastify.db, site);
  const inbox = contactsRepository(fastify.db, site);
  const { FEED_TIMEZONE, APISPORTS_DAILY_QUOTA } = fastify.config;
  const content = contentClient(fastify);
  const has = (resource: Parameters<typeof siteHas>[1]) => siteHas(site, resource);

  async function titles(request: Parameters<typeof content.call>[0]): Promise<Overview["titles"]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(CATALOG_MESSAGES.timedOut)), CONTENT_WAIT_MS);
    });
    try {
      // The public list: `featured` as the movies site shows it now, within its window.
      const answer = await Promise.race([content.call(request, "GET", CONTENT_PATH), late]);
      const items =
        answer.status === 200 ? movieListAnswer.safeParse(parseJson(answer.payload)).data : undefined;
      if (!items) throw new Error(CATALOG_MESSAGES.unavailable);
      return {
        available: true,
        movies: items.filter((item) => item.type === "movie").length,
        tv: items.filter((item) => item.type === "tv").length,
        featured: items.filter((item) => item.featured).length,
        inLocker: items.filter((item) => item.lockerSelected).length,
      };
    } catch (error) {
      request.log.warn({ err: error }, "overview: titles unavailable");
      const message = (error as Error).message;
      const known = Object.values(CATALOG_MESSAGES).find((text) => text === message);
      return { available: false, message: known ?? CATALOG_MESSAGES.unavailable };
    } finally {
      clearTimeout(timer);
    }
  }

  fastify.get(
    "/overview",
    {
      schema: {
        tags: [`${site}: overview`],
        querystring: overviewQuery,
        response: { 200: successOf(overviewSchema), ...errors },
      },
    },
    async (request) => {
      const { days } = request.query;
      const [apps, matches, feed, titlesPart, subscriptions, contacts, fresh, ads, locker, entries] =
        await Promise.all([
          has("apps") ? counts.apps() : undefined,
          has("matches")
            ? counts.matches(FEED_TIMEZONE, fastify.config.MATCHES_PUBLIC_FINISHED_DAYS)
            : undefined,
          has("matches")
            ? Promise.all([feedQuota(fastify.db, APISPORTS_DAILY_QUOTA), lastFeedSync(fastify.db, site)])
            : undefined,
          has("catalog") ? titles(request) : undefined,
          has("emails") ? counts.perDay("email_subscriptions", days) : undefined,
          has("contacts") ? counts.perDay("contact_messages", days) : undefined,
          has("contacts") ? inbox.newSince(request.session!.userId, OVERVIEW_UNREAD_CAP) : undefined,
          counts.ads(adPagesOf(site)),
          has("locker") ? lockers.find().then((found) => found ?? null) : undefined,
          history.latest(request.session!, OVERVIEW_HISTORY_LIMIT),
        ]);
      const data: Overview = {
        site,
        days,
        apps,
        matches: matches?.matches,
        links: matches?.links,
        feed: feed && { quota: feed[0], lastSync: feed[1] },
        titles: titlesPart,
        subscriptions,
        contacts: contacts &&
          fresh && {
            ...contacts,
            unread: Math.min(fresh.count, OVERVIEW_UNREAD_CAP),
            unreadCapped: fresh.count > OVERVIEW_UNREAD_CAP,
            seenAt: fresh.seenAt,
          },
        ads,
        locker,
        history: entries,
      };
      return { status: "success" as const, data };
    },
  );
};

export default overviewRoutes;
