import { Readable } from "node:stream";
import { deletedCountAnswer, errorBody, idsBody, pagedOf, type Site } from "@backoffice/contracts";
import { type InboxFilter, inboxExportQuery, inboxQuery } from "@backoffice/contracts/inbox";
import type { Database } from "@backoffice/db";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvRecord } from "../../lib/csv.ts";
import { pagedAnswer } from "../../lib/rows.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * What an inbox needs of its table: a page in the filter's order with its total (`capped` when a
 * filtered count stopped at `INBOX_COUNT_CAP`), its rows in batches, and a delete by ids.
 */
export interface InboxRepository<Row> {
  page(
    page: number,
    limit: number,
    filter?: InboxFilter,
  ): Promise<{ rows: Row[]; total: number; capped: boolean }>;
  total(filter?: InboxFilter): Promise<number>;
  /** Every row the filter selects, or the given ids among them, in its order, a batch at a time. */
  batches(ids?: readonly string[], filter?: InboxFilter): AsyncIterable<Row[]>;
  remove(ids: string[]): Promise<number>;
}

/**
 * The admin side of an inbox the public sites fill (emails, contact messages): `GET /{path}?page=n`
 * paged like every list (20 a page, newest first; `q`, `sort`, `from`, `to` narrow and order it,
 * docs/PRODUCT-RULES.md#emails-and-contacts), its CSV export and `DELETE /{path} {ids}`.
 */
export function inboxRoutes<Row>(options: {
  path: string;
  row: z.ZodType<Row>;
  repository: (db: Database, site: Site) => InboxRepository<Row>;
  messages: { deleted: string; noneDeleted: string };
  /** The export's header line and each row's fields, in that order. */
  csv: { header: string[]; fields: (row: Row) => (string | null)[] };
}): FastifyPluginAsyncZod<{ site: Site }> {
  return async (fastify, { site }) => {
    const inbox = options.repository(fastify.db, site);
    const tags = [`${site}: ${options.path.slice(1)}`];

    fastify.get(
      options.path,
      {
        schema: {
          tags,
          querystring: inboxQuery,
          response: { 200: pagedOf(options.row).extend({ capped: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const { page, limit, ...filter } = request.query;
        const { rows, total, capped } = await inbox.page(page, limit, filter);
        return { ...pagedAnswer(rows, total, page, limit), capped };
      },
    );

    // Streamed with backpressure: the next batch is read only once the socket took the previous one
    // (one batch waits in the stream at most), whatever the list's size; a client that goes away
    // destroys the stream, which ends the batches after the query in flight (docs/PERFORMANCE.md).
    fastify.get(
      `${options.path}/export.csv`,
      { schema: { tags, querystring: inboxExportQuery, response: errors } },
      async (request, reply) => {
        // The selection (ids), else the filtered list, in the list's order.
        const { ids, ...filter } = request.query;
        const rows = ids ? ids.length : await inbox.total(filter);
        async function* records() {
          yield csvRecord(options.csv.header);
          for await (const batch of inbox.batches(ids, filter))
            yield batch.map((row) => csvRecord(options.csv.fields(row))).join("");
        }
        const day = new Date().toISOString().slice(0, 10);
        return (
          (reply as FastifyReply)
            .type("text/csv; charset=utf-8")
            .header(
              "content-disposition",
              `attachment; filename="${site}-${options.path.slice(1)}-${day}.csv"`,
            )
            .header("cache-control", "no-store")
            // At most this many rows follow the header line: the screen's progress counts against it.
            .header("x-export-rows", String(rows))
            .send(Readable.from(records(), { highWaterMark: 1 }))
        );
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
