import {
  MEDIA_FILE_PATTERN,
  MEDIA_MESSAGES,
  MEDIA_WIDTHS,
  VARIANT_FORMATS,
} from "@backoffice/contracts/media";
import type { Queryable } from "@backoffice/db";
import { HttpError, notFound } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { MediaStorage } from "../../lib/media-storage.ts";
import { API_SECURITY_HEADERS } from "../../plugins/security-headers.ts";
import type { OnPurged } from "../trash/repository.ts";

const params = z.strictObject({
  file: z.string().regex(MEDIA_FILE_PATTERN, "file must be a media file name"),
});

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** An image is never a document: no script, no style, no frame may run from its address. */
const MEDIA_HEADERS = {
  ...API_SECURITY_HEADERS,
  "content-security-policy":
    "default-src 'none'; img-src 'self'; style-src 'none'; script-src 'none'; sandbox",
  "cross-origin-resource-policy": "cross-origin",
  "x-content-type-options": "nosniff",
  "cache-control": "public, max-age=31536000, immutable",
};

/**
 * The media files under /media/ (public: the sites show them). Their names are content hashes, so
 * an address never changes meaning and is cached for a year; only stored files exist (no size is
 * made from the URL).
 */
const mediaFilesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get("/media/:file", { schema: { tags: ["media"], params } }, async (request, reply) => {
    const { file } = request.params;
    // The store away (S3 down): 503 with when to try again, as for an upload.
    const stored = await fastify.mediaStorage.get(file).catch((error: unknown) => {
      request.log.error({ err: error }, "media store unavailable");
      throw new HttpError(503, MEDIA_MESSAGES.storageDown, { "retry-after": "30" });
    });
    if (!stored) throw notFound("Media file not found");
    // Over the api's headers set as the request arrived (plugins/security-headers.ts).
    return reply
      .headers(MEDIA_HEADERS)
      .type(CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream")
      .header("content-length", stored.size)
      .send(stored.body);
  });
};

export default mediaFilesRoutes;

/**
 * What purging images from the trash does to their files (docs/MEDIA.md): the original and every
 * size are deleted from the store, unless an image still listed or in the trash has the same file
 * (the same picture uploaded on another site). A file the store could not delete is logged, not
 * retried: the purge itself is done.
 */
export const purgedFilesOf =
  (db: Queryable, storage: MediaStorage, log: FastifyBaseLogger): OnPurged =>
  async (rows) => {
    for (const { resource, row } of rows) {
      if (resource !== "media" || typeof row.file !== "string") continue;
      const [kept] = await db.query(
        `select 1 from media where file = $1
         union all select 1 from trash where resource = 'media' and row->>'file' = $1 limit 1`,
        [row.file],
      );
      if (kept) continue;
      // Every size its name could have (a row trashed before the job finished lists none of them).
      const stem = row.file.replace(/\.\w+$/, "");
      const widths = new Set<number>([...MEDIA_WIDTHS, Number(row.width) || 0]);
      const files = [row.file, `upload-${row.file}`];
      for (const width of widths)
        for (const format of VARIANT_FORMATS) files.push(`${stem}-${width}.${format}`);
      for (const file of files)
        await storage
          .remove(file)
          .catch((error) => log.error({ err: error, file }, "media file not deleted"));
    }
  };
