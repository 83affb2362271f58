import {
  errorBody,
  IMPORT_KINDS,
  importFactsOf,
  kindsOn,
  RECORD_KINDS,
  type Site,
  UNDO_HEADER,
} from "@backoffice/contracts";
import {
  guessMapping,
  IMPORT_MESSAGES,
  type ImportMapping,
  importAnswer,
  importQueryOf,
  importSettingsAnswer,
  importTargetsOf,
} from "@backoffice/contracts/import";
import { fieldRefused } from "@backoffice/server";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { rowsRefused, runImport } from "./importer.ts";
import { openImportFile } from "./read-file.ts";
import { importRepository } from "./repository.ts";
import { importWriter } from "./writers.ts";

const IMPORT_IDLE_MS = 10 * 60_000;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const uploadErrors = { ...errors, 413: errorBody, 415: errorBody };

/**
 * Imports from CSV or JSON files (docs/INTEGRATIONS.md#import), for every kind of the site whose
 * descriptor says `import`: `GET /{site}/{path}/import` (fields, keys, remembered mapping) and
 * `POST /{site}/{path}/import` (multipart `file`; `dryRun=true` previews, else one transaction and
 * one History batch that `POST /trash/undo` reverts).
 */
const importRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const maxBytes = fastify.config.IMPORT_MAX_BYTES;
  await fastify.register(multipart, { limits: { fileSize: maxBytes, files: 1 } });
  const store = importRepository(fastify.db, site);

  for (const kind of kindsOn(site, IMPORT_KINDS)) {
    const facts = importFactsOf(kind);
    const { resource } = RECORD_KINDS[kind];
    const tags = [`${site}: ${facts.path}`];
    const targets = importTargetsOf(kind);
    const writerOptions = {
      timeZone: fastify.config.FEED_TIMEZONE,
      finishedDays: fastify.config.MATCHES_PUBLIC_FINISHED_DAYS,
    };

    // An import is about its kind's resource: a token limited to it may import (plugins/api-token.ts).
    fastify.get(
      `/${facts.path}/import`,
      { config: { resource }, schema: { tags, response: { 200: importSettingsAnswer, ...errors } } },
      async () => {
        const remembered = await store.remembered(kind);
        return {
          status: "success" as const,
          data: {
            fields: targets,
            keys: [...facts.keys],
            mapping: remembered?.mapping ?? null,
            key: remembered?.key ?? null,
          },
        };
      },
    );

    fastify.post(
      `/${facts.path}/import`,
      {
        config: { resource, invalidates: cacheKeys.of(site, resource) },
        schema: {
          tags,
          consumes: ["multipart/form-data"],
          querystring: importQueryOf(kind),
          response: { 200: importAnswer, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const dryRun = request.query.dryRun === true;
        // A long import sends no byte until it is done: its connection may stay quiet up to 10 minutes
        // (the server's idle limit is 60 s, docs/INTEGRATIONS.md#import).
        const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
        if (typeof socket?.setTimeout === "function") socket.setTimeout(IMPORT_IDLE_MS);
        // Mapping and key are checked before the rows are read: a wrong one reads no further.
        const sent = request.query.mapping;
        if (sent) {
          const unknown = Object.values(sent).find((field) => field !== "" && !targets.includes(field));
          if (unknown !== undefined) throw fieldRefused("mapping", IMPORT_MESSAGES.unknownField(unknown));
        }
        const file = await openImportFile(request, maxBytes);
        try {
          const remembered = await store.remembered(kind);
          let mapping: ImportMapping;
          if (sent) {
            const missing = Object.keys(sent).find((column) => !file.columns.includes(column));
            if (missing !== undefined) throw fieldRefused("mapping", IMPORT_MESSAGES.unknownColumn(missing));
            mapping = Object.fromEntries(Object.entries(sent).filter(([, field]) => field !== ""));
          } else {
            mapping = guessMapping(kind, file.columns, remembered?.mapping);
          }
          const key = request.query.key ?? remembered?.key ?? facts.keys[0]!;
          if (!Object.values(mapping).includes(key))
            throw fieldRefused("key", IMPORT_MESSAGES.keyNotMapped(key));
          const writer = importWriter(kind, site, writerOptions);
          const run = (db: typeof fastify.db | Parameters<Parameters<typeof fastify.db.transaction>[0]>[0]) =>
            runImport({ kind, site, db, writer, rows: file.rows, mapping, key, write: !dryRun });

          const common = { key, mapping, columns: file.columns };
          if (dryRun) {
            const counts = await run(fastify.db);
            await store.remember(kind, mapping, key);
            return {
              status: "success" as const,
              message: IMPORT_MESSAGES.preview(counts.created, counts.updated),
              data: { dryRun: true, ...common, ...counts, undoToken: null },
            };
          }
          // One transaction: every row, the import's record and the remembered mapping, or nothing.
          const counts = await fastify.db.transaction(async (tx) => {
            const done = await run(tx);
            if (done.errorCount > 0) throw rowsRefused(done.errors, done.errorCount);
            await importRepository(tx, site).applied({
              batch: request.id,
              kind,
              table: writer.table,
              fileName: file.name.slice(0, 255),
              created: done.created,
              updated: done.updated,
              by: request.session?.email ?? null,
            });
            await importRepository(tx, site).remember(kind, mapping, key);
            return done;
          });
          reply.header(UNDO_HEADER, request.id);
          return {
            status: "success" as const,
            message: IMPORT_MESSAGES.applied(counts.created, counts.updated),
            data: { dryRun: false, ...common, ...counts, undoToken: request.id },
          };
        } finally {
          // The temporary copy of the upload goes once its rows are read.
          await file.dispose();
        }
      },
    );
  }
};

export default importRoutes;
