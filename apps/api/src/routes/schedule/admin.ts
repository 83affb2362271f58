import {
  errorBody,
  messageBody,
  rescheduleBody,
  SCHEDULE_DAYS,
  SCHEDULE_MESSAGES,
  type Site,
  scheduleAnswer,
  scheduledChangeSchema,
  scheduledIdParams,
  siteHas,
  successOf,
} from "@backoffice/contracts";
import { conflict, notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { flagMomentsOf, windowMomentsBetween, windowOverlaps } from "../../lib/windows.ts";
import { contentClient } from "../catalog/content-client.ts";
import { changeAnswer, scheduleRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const DAY_MS = 86_400_000;

/** A site's Schedule (docs/PRODUCT-RULES.md#scheduled-changes): what waits, what could not be applied, the windows ahead. */
const scheduleRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const changes = scheduleRepository(fastify.db);
  const tags = [`${site}: schedule`];
  const content = siteHas(site, "catalog") ? contentClient(fastify) : undefined;

  /** The titles' Featured windows between `from` and `to`, asked of the content service; none while it is away. */
  async function titleMoments(request: FastifyRequest, from: Date, to: Date) {
    if (!content) return [];
    try {
      const titles = await content.titlesNow(request, (item) =>
        Boolean(item.featuredStartsAt || item.featuredEndsAt),
      );
      return flagMomentsOf("titles", titles, from, to);
    } catch (error) {
      request.log.warn({ err: error }, "schedule: the titles' windows were left out");
      return [];
    }
  }

  /** A change that is no longer pending: 404 when there is none, 409 when it was applied or refused. */
  async function notPending(id: string) {
    return (await changes.get(site, id))
      ? conflict(SCHEDULE_MESSAGES.notPending)
      : notFound(SCHEDULE_MESSAGES.notFound);
  }

  fastify.get(
    "/schedule",
    { schema: { tags, response: { 200: scheduleAnswer, ...errors } } },
    async (request) => {
      const now = new Date();
      const until = new Date(now.getTime() + SCHEDULE_DAYS * DAY_MS);
      const { pending, conflicts } = await changes.list(site);
      const windows = [
        ...(await windowMomentsBetween(fastify.db, site, now, until)),
        ...(await titleMoments(request, now, until)),
      ].sort((a, b) => a.at.localeCompare(b.at));
      const overlaps = await windowOverlaps(fastify.db, site, now, fastify.config.FEED_TIMEZONE);
      return {
        status: "success" as const,
        data: {
          pending: pending.map(changeAnswer),
          conflicts: conflicts.map(changeAnswer),
          windows,
          overlaps,
        },
      };
    },
  );

  fastify.post(
    "/schedule/:id/apply",
    {
      schema: {
        tags,
        params: scheduledIdParams,
        response: { 200: successOf(scheduledChangeSchema), ...errors },
      },
    },
    async (request) => {
      const change = await fastify.scheduler.applyNow(site, request.params.id);
      if (!change) throw await notPending(request.params.id);
      return { status: "success" as const, data: changeAnswer(change), message: SCHEDULE_MESSAGES.applied };
    },
  );

  fastify.patch(
    "/schedule/:id",
    {
      schema: {
        tags,
        params: scheduledIdParams,
        body: rescheduleBody,
        response: { 200: successOf(scheduledChangeSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await changes.reschedule(site, id, request.body.applyAt))) throw await notPending(id);
      fastify.scheduler.rearm();
      const change = (await changes.get(site, id))!;
      return {
        status: "success" as const,
        data: changeAnswer(change),
        message: SCHEDULE_MESSAGES.rescheduled,
      };
    },
  );

  fastify.delete(
    "/schedule/:id",
    { schema: { tags, params: scheduledIdParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      if (!(await changes.remove(site, request.params.id))) throw await notPending(request.params.id);
      fastify.scheduler.rearm();
      return { status: "success" as const, message: SCHEDULE_MESSAGES.cancelled };
    },
  );
};

export default scheduleRoutes;
