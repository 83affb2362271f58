import {
  checkLinksAnswer,
  deleteMatchesAnswer,
  errorBody,
  feedStatus,
  feedStatusWord,
  idParams,
  idsBody,
  MATCH_MESSAGES,
  matchBody,
  matchesPageAnswer,
  matchesQuery,
  matchSchema,
  type Site,
  successOf,
  updateMatchBody,
} from "@backoffice/contracts";
import { conflict, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { checkLinks, healthOf, linksOfMatches, runLinkHealthRound } from "../../lib/link-health.ts";
import { pagedAnswer } from "../../lib/rows.ts";
import { refusedEdit, sentVersion } from "../../lib/versions.ts";
import { matchesRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Manage Matches: the flattened payload in, the nested match out. */
const matchesRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const matches = matchesRepository(
    fastify.db,
    site,
    fastify.config.FEED_TIMEZONE,
    fastify.config.MATCHES_PUBLIC_FINISHED_DAYS,
  );
  // What its writes change in the public reads: cleared before a write's answer leaves (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.of(site, "matches") };
  const tags = [`${site}: matches`];
  const probe = { allowedHosts: fastify.config.LINK_PROBE_ALLOWED_HOSTS };
  const dropPublic = () => fastify.publicCache.invalidate(cacheKeys.of(site, "matches"));

  // Stream-link health (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): every 10 minutes.
  const name = site === "sportbn" ? "link-health" : `${site}-link-health`;
  fastify.jobs.define({
    name,
    title: "Check stream links of live and upcoming matches",
    site,
    schedule: "*/10 * * * *",
    async run() {
      const round = await runLinkHealthRound(fastify.db, site, {
        ...probe,
        timeZone: fastify.config.FEED_TIMEZONE,
        finishedDays: fastify.config.MATCHES_PUBLIC_FINISHED_DAYS,
        perSecond: fastify.config.LINK_PROBE_PER_SECOND,
      });
      // The public read orders servers by health; the dashboard's lists refetch. A round that changed
      // no link's state changes neither: the public reads stay kept (before, every round dropped them).
      if (round.changed > 0) {
        await dropPublic();
        fastify.live.publish({
          type: "matches",
          site,
          change: "health",
          actor: { id: null, email: null, job: name },
        });
      }
      // Links failing or blocked: the run succeeded, its outcome needs a look (the Jobs screen says so).
      return { summary: `${round.ok} of ${round.checked} links OK.`, warning: round.ok < round.checked };
    },
  });

  // Manage Matches (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): the working set, or the
  // matches finished earlier (`status=older`), filtered and in order; paged when `page` or `limit` is
  // given, else the spec's `{status, data}` of every match the filters give.
  fastify.get(
    "/matches",
    {
      schema: {
        tags,
        querystring: matchesQuery,
        response: { 200: z.union([matchesPageAnswer, successOf(z.array(matchSchema))]), ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const paged = page !== undefined || limit !== undefined;
      const shown = paged ? { page: page ?? 1, limit: limit ?? 20 } : undefined;
      const list = await matches.list(filter, shown);
      // The health of the links of the matches answered only.
      const health = await healthOf(
        fastify.db,
        site,
        list.matches.map((match) => match._id),
      );
      const data = list.matches.map((match) => ({ ...match, health: health(match._id, match.matchUrl) }));
      if (!shown) return { status: "success" as const, data };
      return {
        ...pagedAnswer(data, list.total, shown.page, shown.limit),
        capped: list.capped,
        summary: list.summary,
        leagues: list.leagues,
      };
    },
  );

  fastify.post(
    "/matches/:id/links/check",
    { schema: { tags, params: idParams, response: { 200: checkLinksAnswer, ...errors } } },
    async (request) => {
      if (!(await matches.find(request.params.id))) throw notFound(MATCH_MESSAGES.notFound);
      const links = await linksOfMatches(fastify.db, site, [request.params.id]);
      const results = await checkLinks(fastify.db, links, probe);
      await dropPublic();
      return {
        status: "success" as const,
        message: MATCH_MESSAGES.linksChecked,
        data: results.map((result, index) => ({ url: links[index]!.url, ...result })),
      };
    },
  );

  fastify.post(
    "/matches",
    {
      config: writes,
      schema: { tags, body: matchBody, response: { 201: successOf(matchSchema), ...errors } },
    },
    async (request, reply) => {
      // Accepting a fixture the feed has finished (or called off) would store a match no one can watch.
      const code = request.body.feed_fixture_id ? request.body.feed_status : undefined;
      if (code && feedStatus(code) === "finished")
        throw conflict(
          `${MATCH_MESSAGES.acceptFinished}: this one is ${feedStatusWord(code).toLowerCase()} (${code.toUpperCase()}).`,
        );
      const match = await matches.create(request.body);
      return reply
        .code(201)
        .send({ status: "success" as const, data: match, message: MATCH_MESSAGES.created });
    },
  );

  fastify.put(
    "/matches/:id",
    {
      config: { ...writes, schedules: "matches" },
      schema: {
        tags,
        params: idParams,
        body: updateMatchBody,
        response: { 200: successOf(matchSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const version = sentVersion(request);
      const match = await matches.update(id, request.body, version);
      if (!match) throw await refusedEdit(version, () => matches.find(id), MATCH_MESSAGES.notFound);
      return { status: "success" as const, data: match, message: MATCH_MESSAGES.updated };
    },
  );

  fastify.delete(
    "/matches",
    {
      config: writes,
      schema: {
        tags,
        body: idsBody,
        response: { 200: deleteMatchesAnswer, ...errors },
      },
    },
    async (request) => {
      const deleted = await matches.remove(request.body.ids);
      if (deleted.length === 0) throw notFound(MATCH_MESSAGES.notFound);
      const message = deleted.length === 1 ? MATCH_MESSAGES.deleted : MATCH_MESSAGES.deletedMany;
      return { status: "success" as const, message, deleted };
    },
  );
};

export default matchesRoutes;
