import { deletedCountAnswer, errorBody, idsBody, pagedOf, pageQuery, type Site } from "@backoffice/contracts";
import type { Database } from "@backoffice/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { pagedAnswer } from "../../lib/rows.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** What an inbox needs of its table: a page newest first, and a delete by ids. */
export interface InboxRepository<Row> {
  page(page: number, limit: number): Promise<{ rows: Row[]; total: number }>;
  remove(ids: string[]): Promise<number>;
}

/**
 * The admin side of an inbox the public sites fill (emails, contact messages): `GET /{path}?page=n`
 * paged like the spec's lists (20 a page, newest first) and `DELETE /{path} {ids}`.
 */
export function inboxRoutes<Row>(options: {
  path: string;
  row: z.ZodType<Row>;
  repository: (db: Database, site: Site) => InboxRepository<Row>;
  messages: { deleted: string; noneDeleted: string };
}): FastifyPluginAsyncZod<{ site: Site }> {
  return async (fastify, { site }) => {
    const inbox = options.repository(fastify.db, site);
    const tags = [`${site}: ${options.path.slice(1)}`];

    fastify.get(
      options.path,
      { schema: { tags, querystring: pageQuery, response: { 200: pagedOf(options.row), ...errors } } },
      async (request) => {
        const { page, limit } = request.query;
        const { rows, total } = await inbox.page(page, limit);
        return pagedAnswer(rows, total, page, limit);
      },
    );

    fastify.delete(
      options.path,
      { schema: { tags, body: idsBody, response: { 200: deletedCountAnswer, ...errors } } },
      async (request) => {
        const deleted = await inbox.remove(request.body.ids);
        const message = deleted === 0 ? options.messages.noneDeleted : options.messages.deleted;
        return { status: "success" as const, message, deleted };
      },
    );
  };
}
