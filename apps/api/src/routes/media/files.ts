import { MEDIA_FILE_PATTERN, MEDIA_MESSAGES } from "@backoffice/contracts/media";
import { HttpError, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_SECURITY_HEADERS } from "../../plugins/security-headers.ts";

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
