import { errorBody, idParams, messageBody, pagedOf, type Site, successOf } from "@backoffice/contracts";
import { MEDIA_MESSAGES, mediaQuery, mediaSchema, updateMediaBody } from "@backoffice/contracts/media";
import { HttpError, notFound } from "@backoffice/server";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicUrlOf } from "../../config.ts";
import { cleanOriginal, FORMATS, formatOf, sha256 } from "../../lib/media-images.ts";
import { pagedAnswer } from "../../lib/rows.ts";
import { mediaRepository, toMedia } from "./repository.ts";
import { defineMediaJob, MEDIA_JOB } from "./variants.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const uploadErrors = { ...errors, 413: errorBody, 415: errorBody, 503: errorBody };

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
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });
    if (part?.fieldname !== "file") throw fileRefused(400, MEDIA_MESSAGES.noFile, "required");
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return { name: part.filename || "image", bytes };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
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
  defineMediaJob(fastify.jobs, fastify.db, storage, fastify.log);
  // Multipart bodies are read by this scope's upload only; the byte limit is checked per file.
  await fastify.register(multipart, { limits: { fileSize: config.MEDIA_MAX_BYTES, files: 1 } });

  fastify.get(
    "/media",
    { schema: { tags, querystring: mediaQuery, response: { 200: pagedOf(mediaSchema), ...errors } } },
    async (request) => {
      const { rows, total } = await media.list(request.query);
      return pagedAnswer(
        rows.map((row) => toMedia(row, base)),
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
      return { status: "success" as const, data: toMedia(row, base) };
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
        return { status: "success" as const, data: toMedia(same, base), message: MEDIA_MESSAGES.duplicate };
      const format = await formatOf(upload.bytes);
      const clean = await cleanOriginal(upload.bytes, format, config.MEDIA_MAX_PIXELS);
      const file = `${sha256(clean.bytes)}.${FORMATS[format].ext}`;
      try {
        await storage.put(file, clean.bytes, FORMATS[format].mime);
      } catch (error) {
        request.log.error({ err: error }, "media store unavailable");
        throw new HttpError(503, MEDIA_MESSAGES.storageDown, { "retry-after": "30" });
      }
      const row = await media.create({
        file_name: upload.name.slice(0, 255),
        file,
        format,
        bytes: clean.bytes.length,
        width: clean.width,
        height: clean.height,
        hash,
      });
      // The same bytes uploaded at the same moment: the one stored first.
      if (!row) {
        const first = await media.byHash(hash);
        if (!first) throw notFound(MEDIA_MESSAGES.notFound);
        return { status: "success" as const, data: toMedia(first, base), message: MEDIA_MESSAGES.duplicate };
      }
      // The sizes are made by the job; its schedule catches up if this queueing fails.
      fastify.jobs
        .runNow(MEDIA_JOB)
        .catch((error) => request.log.warn({ err: error }, "media job not queued"));
      return reply
        .code(201)
        .send({ status: "success" as const, data: toMedia(row, base), message: MEDIA_MESSAGES.uploaded });
    },
  );

  fastify.patch(
    "/media/:id",
    {
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
      return { status: "success" as const, data: toMedia(row, base), message: MEDIA_MESSAGES.updated };
    },
  );

  fastify.delete(
    "/media/:id",
    { schema: { tags, params: idParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      if (!(await media.remove(request.params.id))) throw notFound(MEDIA_MESSAGES.notFound);
      return { status: "success" as const, message: MEDIA_MESSAGES.deleted };
    },
  );
};

export default mediaRoutes;
