import {
  cursorPagedOf,
  errorBody,
  historyEntrySchema,
  historyQuery,
  recordHistoryParams,
  type Site,
  successOf,
} from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cursorAnswer } from "../../lib/rows.ts";
import { historyRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** A site's History: every admin change, newest first, and one record's own history. */
const historyRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const history = historyRepository(fastify.db, site);
  const tags = [`${site}: history`];

  fastify.get(
    "/history",
    {
      schema: {
        tags,
        querystring: historyQuery,
        response: { 200: cursorPagedOf(historyEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { limit, after, before, page: number, ...filter } = request.query;
      const page = await history.page(request.session!, filter, limit, { after, before, page: number });
      return cursorAnswer(page.entries, page, limit, request.query);
    },
  );

  fastify.get(
    "/history/admins",
    { schema: { tags, response: { 200: successOf(z.array(z.string())), ...errors } } },
    async () => ({ status: "success" as const, data: await history.admins() }),
  );

  fastify.get(
    "/history/:resource/:id",
    {
      schema: {
        tags,
        params: recordHistoryParams,
        response: { 200: successOf(z.array(historyEntrySchema)), ...errors },
      },
    },
    async (request) => ({
      status: "success" as const,
      data: await history.ofRecord(request.session!, request.params.resource, request.params.id),
    }),
  );
};

export default historyRoutes;
