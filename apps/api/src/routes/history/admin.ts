import { Readable } from "node:stream";
import {
  cursorPagedOf,
  errorBody,
  HISTORY_CSV_HEADER,
  HISTORY_EXPORT_FORMATS,
  type HistoryEntry,
  historyEntrySchema,
  historyExportQuery,
  historyQuery,
  recordHistoryParams,
  type Site,
  successOf,
} from "@backoffice/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvRecord } from "../../lib/csv.ts";
import { cursorAnswer } from "../../lib/rows.ts";
import { historyRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** One entry as a CSV line: HISTORY_CSV_HEADER's columns, before and after as JSON text. */
const csvLine = (entry: HistoryEntry) =>
  csvRecord([
    entry._id,
    entry.at,
    entry.admin,
    entry.address,
    entry.site,
    entry.resource,
    entry.recordId,
    entry.action,
    json(entry.before),
    json(entry.after),
    entry.trashId ?? null,
    entry.restored ? "true" : "false",
  ]);

/** The export's file types: CSV (a header line, then an entry a record) and JSON Lines (an entry a line). */
const FORMATS = {
  csv: { type: "text/csv; charset=utf-8", header: csvRecord(HISTORY_CSV_HEADER), line: csvLine },
  jsonl: {
    type: "application/x-ndjson; charset=utf-8",
    header: "",
    line: (entry: HistoryEntry) => `${JSON.stringify(entry)}\n`,
  },
} as const;

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

  // The whole History the screen's filters select, streamed with backpressure as the inboxes' exports
  // are (routes/inbox/admin.ts): a batch of 1,000 entries is read only once the socket took the one
  // before, and each entry is the list's (the reader's client-detail rule applies).
  for (const format of HISTORY_EXPORT_FORMATS) {
    const { type, header, line } = FORMATS[format];
    fastify.get(
      `/history/export.${format}`,
      { schema: { tags, querystring: historyExportQuery, response: errors } },
      async (request, reply) => {
        const filter = request.query;
        const reader = request.session!;
        const total = await history.exactTotal(filter);
        async function* lines() {
          if (header) yield header;
          for await (const batch of history.batches(reader, filter)) yield batch.map(line).join("");
        }
        const day = new Date().toISOString().slice(0, 10);
        const answer = (reply as FastifyReply)
          .type(type)
          .header("content-disposition", `attachment; filename="${site}-history-${day}.${format}"`)
          .header("cache-control", "no-store");
        // The entries that follow (the screen's progress counts against it), when counted exactly.
        if (total !== null) answer.header("x-export-rows", String(total));
        return answer.send(Readable.from(lines(), { highWaterMark: 1 }));
      },
    );
  }

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
