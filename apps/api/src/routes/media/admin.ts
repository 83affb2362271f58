import { errorBody, idParams, messageBody, pagedOf, type Site, successOf } from "@backoffice/contracts";
import {
  deleteMediaQuery,
  MEDIA_MESSAGES,
  mediaQuery,
  mediaSchema,
  updateMediaBody,
} from "@backoffice/contracts/media";
import { HttpError, notFound } from "@backoffice/server";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicUrlOf } from "../../config.ts";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { checkImage, FORMATS, formatOf, sha256 } from "../../lib/media-images.ts";
import { pagedAnswer } from "../../lib/rows.ts";
import {
  type MediaRow,
  mediaRepository,
  type NewMedia,
  replaceMedia,
  toMedia,
  usesOf,
} from "./repository.ts";
import { defineMediaJob, MEDIA_JOB, uploadedKeyOf } from "./variants.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const uploadErrors = { ...errors, 409: errorBody, 413: errorBody, 415: errorBody, 503: errorBody };

/** A refusal naming the multipart field `file`. */
const fileRefused = (status: number, message: string, code: "required" | "invalid" | "too_big" = "invalid") =>
  new HttpError(status, message, {}, [{ path: "file", message, code }]);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The uploaded file's bytes (multipart field `file`), within the byte limit: else a 4xx naming `file`. */
async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw fileRefused(400, MEDIA_MESSAGES.noFile, "required");
  const tooLarge = () =>
    fileRefused(413, `file must be at most ${megabytes(maxBytes)} (${maxBytes} bytes)`, "too_big");
  try {
    // The whole body is read: a second file (10,000 at once, say) is refused, not silently dropped.
    let upload: { name: string; bytes: Buffer } | undefined;
    const parts = request.files({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });
    for await (const part of parts) {
      if (upload) throw fileRefused(400, MEDIA_MESSAGES.oneFile);
      if (part.fieldname !== "file") throw fileRefused(400, MEDIA_MESSAGES.noFile, "required");
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      upload = { name: part.filename || "image", bytes };
    }
    if (!upload) throw fileRefused(400, MEDIA_MESSAGES.noFile, "required");
    return upload;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
      throw fileRefused(400, MEDIA_MESSAGES.oneFile);
    // A body cut mid-way or not multipart after all: nothing was stored.
    throw fileRefused(400, `file could not be read: ${(error as Error).message}`);
  }
}

/** The media library of a site (docs/MEDIA.md): upload, list, alt text, delete to the Trash. */
const mediaRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const media = mediaRepository(fastify.db, site);
  const { config, mediaStorage: storage } = fastify;
  const base = publicUrlOf(config);
  const tags = [`${site}: media`];
  /** The item with where it is used. */
  const answer = async (row: MediaRow) =>
    toMedia(row, base, (await usesOf(fastify.db, site, [row.file])).get(row.file));

  /**
   * An uploaded file stored as it came, checked by content, pixels and a shrunken decode, under a
   * name never served (`upload-…`): the job cleans it (EXIF removed) to its address, the uploaded
   * bytes' hash, then makes its sizes (503 when the store is away).
   */
  async function stored(
    request: FastifyRequest,
    upload: { name: string; bytes: Buffer },
    hash: string,
  ): Promise<NewMedia> {
    const format = await formatOf(upload.bytes);
    const checked = await checkImage(upload.bytes, format, config.MEDIA_MAX_PIXELS);
    const file = `${hash}.${FORMATS[format].ext}`;
    try {
      await storage.put(uploadedKeyOf(file), upload.bytes, FORMATS[format].mime);
    } catch (error) {
      request.log.error({ err: error }, "media store unavailable");
      throw new HttpError(503, MEDIA_MESSAGES.storageDown, { "retry-after": "30" });
    }
    return {
      file_name: upload.name.slice(0, 255),
      file,
      format,
      bytes: upload.bytes.length,
      width: checked.width,
      height: checked.height,
      hash,
    };
  }

  /** Queues the sizes; the job's schedule catches up if this queueing fails. */
  const queueSizes = (request: FastifyRequest) =>
    fastify.jobs.runNow(MEDIA_JOB).catch((error) => request.log.warn({ err: error }, "media job not queued"));

  // Sizes made change what the site's public reads give (their images): those are cleared then.
  defineMediaJob(fastify.jobs, fastify.db, storage, fastify.log, (done) =>
    fastify.publicCache.invalidate(cacheKeys.siteOf(done)),
  );
  // Multipart bodies are read by this scope's upload only; the byte limit is checked per file.
  await fastify.register(multipart, { limits: { fileSize: config.MEDIA_MAX_BYTES, files: 1 } });

  fastify.get(
    "/media",
    { schema: { tags, querystring: mediaQuery, response: { 200: pagedOf(mediaSchema), ...errors } } },
    async (request) => {
      const { rows, total } = await media.list(request.query);
      const uses = await usesOf(
        fastify.db,
        site,
        rows.map((row) => row.file),
      );
      return pagedAnswer(
        rows.map((row) => toMedia(row, base, uses.get(row.file))),
        total,
        request.query.page,
        request.query.limit,
      );
    },
  );

  fastify.get(
    "/media/:id",
    { schema: { tags, params: idParams, response: { 200: successOf(mediaSchema), ...errors } } },
    async (request) => {
      const row = await media.get(request.params.id);
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      return { status: "success" as const, data: await answer(row) };
    },
  );

  // Upload: checked by content, EXIF removed, stored under its content hash; sizes are made by the job.
  fastify.post(
    "/media",
    {
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        response: { 200: successOf(mediaSchema), 201: successOf(mediaSchema), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await uploadedFile(request, config.MEDIA_MAX_BYTES);
      const hash = sha256(upload.bytes);
      const same = await media.byHash(hash);
      if (same)
        return { status: "success" as const, data: await answer(same), message: MEDIA_MESSAGES.duplicate };
      const row = await media.create(await stored(request, upload, hash));
      // The same bytes uploaded at the same moment: the one stored first.
      if (!row) {
        const first = await media.byHash(hash);
        if (!first) throw notFound(MEDIA_MESSAGES.notFound);
        return { status: "success" as const, data: await answer(first), message: MEDIA_MESSAGES.duplicate };
      }
      queueSizes(request);
      return reply
        .code(201)
        .send({ status: "success" as const, data: toMedia(row, base), message: MEDIA_MESSAGES.uploaded });
    },
  );

  // Replace: a new file for an image; every record using it follows (one transaction, in History).
  fastify.put(
    "/media/:id/file",
    {
      config: { invalidates: cacheKeys.siteOf(site) },
      schema: {
        tags,
        params: idParams,
        consumes: ["multipart/form-data"],
        response: { 200: successOf(mediaSchema), ...uploadErrors },
      },
    },
    async (request) => {
      const current = await media.get(request.params.id);
      if (!current) throw notFound(MEDIA_MESSAGES.notFound);
      const upload = await uploadedFile(request, config.MEDIA_MAX_BYTES);
      const hash = sha256(upload.bytes);
      const same = await media.byHash(hash);
      // The same file again changes nothing; another image's file would make two items of one.
      if (same?.id === current.id)
        return { status: "success" as const, data: await answer(same), message: MEDIA_MESSAGES.replaced };
      if (same)
        throw new HttpError(409, MEDIA_MESSAGES.duplicate, {}, [
          { path: "file", message: MEDIA_MESSAGES.duplicate, code: "invalid" },
        ]);
      const row = await replaceMedia(fastify.db, site, current.id, await stored(request, upload, hash));
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      queueSizes(request);
      return { status: "success" as const, data: await answer(row), message: MEDIA_MESSAGES.replaced };
    },
  );

  // The public reads give images' alt text and sizes: a change clears the site's (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.siteOf(site) };

  fastify.patch(
    "/media/:id",
    {
      config: writes,
      schema: {
        tags,
        params: idParams,
        body: updateMediaBody,
        response: { 200: successOf(mediaSchema), ...errors },
      },
    },
    async (request) => {
      const row = await media.setAlt(request.params.id, request.body.alt);
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      return { status: "success" as const, data: await answer(row), message: MEDIA_MESSAGES.updated };
    },
  );

  fastify.delete(
    "/media/:id",
    {
      config: writes,
      schema: {
        tags,
        params: idParams,
        querystring: deleteMediaQuery,
        response: { 200: messageBody, ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const row = await media.get(request.params.id);
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      // An image in use is deleted only once the admin, told its uses, confirmed (`inUse=delete`).
      const uses = (await usesOf(fastify.db, site, [row.file])).get(row.file) ?? [];
      if (uses.length > 0 && request.query.inUse !== "delete")
        throw new HttpError(409, MEDIA_MESSAGES.inUse(uses));
      if (!(await media.remove(request.params.id))) throw notFound(MEDIA_MESSAGES.notFound);
      return { status: "success" as const, message: MEDIA_MESSAGES.deleted };
    },
  );
};

export default mediaRoutes;
