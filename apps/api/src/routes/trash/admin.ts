import {
  cursorPagedOf,
  deletedCountAnswer,
  errorBody,
  HISTORY_MESSAGES,
  movieRestoreAnswer,
  restoredAnswer,
  type Site,
  siteHas,
  trashIdsBody,
  trashItemSchema,
  trashQuery,
  undoBody,
} from "@backoffice/contracts";
import { IMPORT_MESSAGES } from "@backoffice/contracts/import";
import { auditContext, withAudit } from "@backoffice/db";
import { notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { cursorAnswer } from "../../lib/rows.ts";
import { CONTENT_PATH, contentClient, parseJson } from "../catalog/content-client.ts";
import { importRepository } from "../import/repository.ts";
import { purgedFilesOf } from "../media/files.ts";
import { type OutsideRestore, trashRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A site's trash: deleted records kept 30 days, restored by Undo or from the Trash screen. */
const trashRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const content = siteHas(site, "catalog") ? contentClient(fastify) : undefined;
  /** Trashed titles go back through the content service's signed restore. */
  const titlesBack = (request: FastifyRequest): OutsideRestore | undefined =>
    content &&
    (async (titles) => {
      const answer = await content.call(request, "POST", `${CONTENT_PATH}/restore`, { body: { titles } });
      return movieRestoreAnswer.safeParse(parseJson(answer.payload)).data?.restored ?? [];
    });
  const trash = trashRepository(
    fastify.db,
    site,
    purgedFilesOf(fastify.db, fastify.mediaStorage, fastify.log),
  );
  const imports = importRepository(fastify.db, site);
  const tags = [`${site}: trash`];

  // A restore may bring back any of the site's records: every public read of the site is cleared
  // before its answer leaves (plugins/invalidation.ts).
  const restores = { invalidates: cacheKeys.siteOf(site) };

  /** Restored rows are logged as restores. */
  async function restoring(work: () => Promise<{ restored: number; skipped: number }>) {
    const context = auditContext();
    const result = await (context ? withAudit({ ...context, action: "restore" }, work) : work());
    return { status: "success" as const, message: HISTORY_MESSAGES.restored(result.restored), ...result };
  }

  fastify.get(
    "/trash",
    {
      schema: { tags, querystring: trashQuery, response: { 200: cursorPagedOf(trashItemSchema), ...errors } },
    },
    async (request) => {
      const { limit, resource, after, before, page } = request.query;
      const found = await trash.page(resource, limit, { after, before, page });
      return cursorAnswer(found.items, { ...found, capped: false }, limit, request.query);
    },
  );

  fastify.post(
    "/trash/restore",
    { config: restores, schema: { tags, body: trashIdsBody, response: { 200: restoredAnswer, ...errors } } },
    async (request) => restoring(() => trash.restore(request.body.ids, titlesBack(request))),
  );

  fastify.post(
    "/trash/undo",
    { config: restores, schema: { tags, body: undoBody, response: { 200: restoredAnswer, ...errors } } },
    async (request) => {
      // An import's token reverts the import: its updates back, its new records deleted.
      const reverted = await imports.undo(request.body.token);
      if (reverted !== undefined) {
        if (reverted === 0) throw notFound(HISTORY_MESSAGES.nothingToUndo);
        return {
          status: "success" as const,
          message: IMPORT_MESSAGES.undone(reverted),
          restored: reverted,
          skipped: 0,
        };
      }
      const answer = await restoring(() => trash.undo(request.body.token, titlesBack(request)));
      if (answer.restored + answer.skipped === 0) throw notFound(HISTORY_MESSAGES.nothingToUndo);
      return answer;
    },
  );

  fastify.post(
    "/trash/purge",
    { schema: { tags, body: trashIdsBody, response: { 200: deletedCountAnswer, ...errors } } },
    async (request) => {
      const deleted = await trash.purge(request.body.ids);
      return { status: "success" as const, message: HISTORY_MESSAGES.purged(deleted), deleted };
    },
  );
};

export default trashRoutes;
