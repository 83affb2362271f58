import { errorBody } from "@backoffice/contracts";
import { BACKUP_MESSAGES } from "@backoffice/contracts/backups";
import {
  countRows,
  KEEP_ON_RESTORE,
  restoreDatabase,
  snapshotDatabase,
  unknownMigrations,
} from "@backoffice/db";
import { conflict } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSignature } from "../../plugins/signature.ts";
import { usedSignaturesRepository } from "../../repositories/signatures.ts";

/** A snapshot of this service's database: migration level, rows per table, each row's JSON text. */
const snapshot = z.object({
  migrations: z.array(z.string().max(200)).max(10_000),
  tables: z.record(z.string().max(200), z.array(z.string())),
});
const snapshotAnswer = z.object({
  status: z.literal("success"),
  data: snapshot.extend({ counts: z.record(z.string(), z.number().int()) }),
});
const countsAnswer = z.object({ status: z.literal("success"), data: z.record(z.string(), z.number().int()) });
const errors = { 400: errorBody, 401: errorBody, 409: errorBody };

/** A restore's body: the whole content database (thousands of titles), far above the other writes' limit. */
const RESTORE_BODY_LIMIT = 512 * 1024 * 1024;

/**
 * The api's backups of this service's database (docs/BACKUPS.md), signed like every write: a snapshot
 * in one transaction, the rows now (a restore's preview), and a restore replacing every row at once.
 */
const backupRoutes: FastifyPluginAsyncZod<{ secret: string; now?: (() => number) | undefined }> = async (
  fastify,
  options,
) => {
  fastify.addHook(
    "preValidation",
    requireSignature({
      secret: options.secret,
      signatures: usedSignaturesRepository(fastify.db),
      now: options.now,
    }),
  );
  const { db } = fastify;

  fastify.post(
    "/api/backup/snapshot",
    { schema: { response: { 200: snapshotAnswer, ...errors } } },
    async () => {
      const tables: Record<string, string[]> = {};
      const { migrations, counts } = await snapshotDatabase(db, (table, rows) => {
        tables[table] = [...(tables[table] ?? []), ...rows];
      });
      return { status: "success" as const, data: { migrations, counts, tables } };
    },
  );

  fastify.post(
    "/api/backup/counts",
    { schema: { response: { 200: countsAnswer, ...errors } } },
    async () => ({
      status: "success" as const,
      data: await countRows(db),
    }),
  );

  fastify.post(
    "/api/backup/restore",
    { bodyLimit: RESTORE_BODY_LIMIT, schema: { body: snapshot, response: { 200: countsAnswer, ...errors } } },
    async (request) => {
      const [newer] = unknownMigrations("content", request.body.migrations);
      if (newer) throw conflict(BACKUP_MESSAGES.newer(newer));
      async function* batches() {
        for (const [table, rows] of Object.entries(request.body.tables)) yield { table, rows };
      }
      // The used signatures stay: emptied, a request signed before the restore could be replayed.
      const counts = await restoreDatabase(db, batches(), KEEP_ON_RESTORE);
      fastify.listChanged();
      return { status: "success" as const, data: counts };
    },
  );
};

export default backupRoutes;
