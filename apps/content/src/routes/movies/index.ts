import type { MovieItem } from "@backoffice/contracts";
import {
  contentListQuery,
  type ExpectedVersion,
  errorBody,
  flagsAt,
  idParams,
  MOVIE_MESSAGES,
  movieDeleteAnswer,
  movieDeleteBody,
  movieImportBody,
  movieItemAnswer,
  movieListAnswer,
  movieRestoreAnswer,
  movieRestoreBody,
  nextFlagsChange,
  RECORD_KINDS,
  SIGNED_LIST_PARAMS,
  titleLockerBody,
  titlePatchBody,
  WINDOW_MESSAGES,
  windowFieldsOf,
} from "@backoffice/contracts";
import { LIVE_MESSAGES } from "@backoffice/contracts/live";
import {
  conflict,
  etagOf,
  fieldRefused,
  HttpError,
  keepAnswers,
  keepAs,
  notFound,
  notModified,
} from "@backoffice/server";
import cors from "@fastify/cors";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fetchTmdbTitle, TmdbError } from "../../lib/tmdb.ts";
import { requireSignature, requireSignedRead } from "../../plugins/signature.ts";
import { usedSignaturesRepository } from "../../repositories/signatures.ts";
import { titlesRepository, toMovieItem } from "../../repositories/titles.ts";

export interface MoviesRoutesOptions {
  secret: string;
  /** Clock of the signature check (tests move it). */
  now?: () => number;
}

const writeErrors = { 400: errorBody, 401: errorBody, 404: errorBody };

// Titles' flags with a window of their own (the descriptor's `flagWindows`: Featured), docs/PRODUCT-RULES.md#windows.
const WINDOWED_FLAGS = RECORD_KINDS.titles.flagWindows ?? [];

/** Whether a list query asks for a view only the api may read (the flags as set, a preview). */
const signedView = (query: unknown) =>
  SIGNED_LIST_PARAMS.some((name) => (query as Record<string, unknown>)[name] !== undefined);

/**
 * The list's answer as JSON text, and until when it is true: with `flags=set` (the dashboard, through
 * the api) each flag as set; else as the public site shows it now, true only while set and within its
 * window, and true until the next such change.
 */
function listAnswer(items: MovieItem[], flagsAsSet: boolean, now: number) {
  if (flagsAsSet) return { text: JSON.stringify(items), expires: Number.POSITIVE_INFINITY };
  return {
    text: JSON.stringify(items.map((item) => flagsAt(WINDOWED_FLAGS, item, now))),
    expires: nextFlagsChange(WINDOWED_FLAGS, items, now) ?? Number.POSITIVE_INFINITY,
  };
}

/** A write the database refused for a window whose end is not after its start: a 400 naming that end. */
async function windowChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    const flag = WINDOWED_FLAGS.find((name) => constraint === `titles_${name}_window_check`);
    if (code === "23514" && flag)
      throw fieldRefused(windowFieldsOf(flag).endsAt, WINDOW_MESSAGES.endBeforeStart);
    throw error;
  }
}
const plainText = z.string();
const TEXT = "text/plain; charset=utf-8";

/** The titles: the public list, and the signed writes (docs/PRODUCT-RULES.md#secrets-stay-on-the-servers). */
const moviesRoutes: FastifyPluginAsyncZod<MoviesRoutesOptions> = async (fastify, options) => {
  const titles = titlesRepository(fastify.db);
  const { config } = fastify;

  // The public list is read on every page view of the movies site: its answers are kept serialized
  // until the next successful signed write (this service alone writes its database).
  const { listCache } = fastify;
  const itemsOf = async (query: Parameters<typeof titles.list>[0]) =>
    movieListAnswer.parse((await titles.list(query)).map(toMovieItem));

  // The public list, readable from the public sites' pages: only the configured
  // origins, only GET; @fastify/cors in this scope alone, so the signed writes never answer CORS.
  await fastify.register(async (publicScope) => {
    await publicScope.register(cors, {
      origin: [config.SITE_MOVIES_URL, ...config.PUBLIC_ORIGINS].map((url) => new URL(url).origin),
      methods: ["GET"],
      maxAge: 600,
    });
    // The list's whole answers are kept for the front door (packages/server kept-answers.ts).
    // Only the public view: a kept signed view (flags as set, a preview) would be answered to anyone.
    keepAnswers(publicScope, fastify.keptAnswers, (reply) => !signedView(reply.request.query));
    // The flags as set and `?at=` are the api's views (its dashboard, a member's preview): signed reads.
    const checkRead = requireSignedRead({ secret: options.secret, now: options.now });
    publicScope.withTypeProvider<ZodTypeProvider>().get(
      "/api/movies",
      {
        schema: {
          querystring: contentListQuery,
          response: { 200: movieListAnswer, 400: errorBody, 401: errorBody },
        },
        preValidation: async (request) => {
          if (signedView(request.query)) await checkRead(request);
        },
      },
      async (request, reply) => {
        const { at, ...query } = request.query;
        reply.type("application/json; charset=utf-8");
        // A member's preview (docs/PRODUCT-RULES.md#scheduled-changes): the list with that clock, kept nowhere.
        if (at !== undefined) {
          const { text } = listAnswer(await itemsOf(query), query.flags === "set", Date.parse(at));
          return (reply as FastifyReply).header("cache-control", "private, no-store").send(text);
        }
        // Writes must show up on the next read, so caches have to ask every time.
        reply.header("cache-control", "no-cache");
        // Kept until the next write, or until the next window boundary among its titles.
        const { text, expires } = await listCache.get(
          JSON.stringify(query),
          async () => listAnswer(await itemsOf(query), query.flags === "set", Date.now()),
          { expiresOf: (answer) => answer.expires },
        );
        // Caches ask every time, and get 304 with no body while the list is unchanged; the front
        // door keeps the list from a first 304 too.
        const etag = etagOf(text);
        keepAs(reply as FastifyReply, {
          body: text,
          contentType: "application/json; charset=utf-8",
          keepUntil: expires,
        });
        reply.header("etag", etag);
        if (notModified(request.headers["if-none-match"], etag))
          return (reply as FastifyReply).code(304).send();
        // Already serialized (through the schema on a miss): sent as is, past the route's serializer.
        return (reply as FastifyReply).send(text);
      },
    );
  });

  // Writes: only signed requests get past this point.
  await fastify.register(async (signed) => {
    signed.addHook(
      "preValidation",
      requireSignature({
        secret: options.secret,
        signatures: usedSignaturesRepository(fastify.db),
        now: options.now,
      }),
    );
    signed.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode < 400) fastify.listChanged();
      return payload;
    });
    const route = signed.withTypeProvider<ZodTypeProvider>();
    // Both PATCH routes answer the changed item, 404 when the id names none, or 409 when the body's
    // `expectedUpdatedAt` is no longer the title's version (docs/PRODUCT-RULES.md#live-updates).
    const updateAnswer = async (
      id: string,
      { expectedUpdatedAt, ...changes }: Parameters<typeof titles.update>[1] & ExpectedVersion,
    ) => {
      const row = await windowChecked(titles.update(id, changes, expectedUpdatedAt));
      if (row) return { status: "success" as const, data: toMovieItem(row) };
      if (expectedUpdatedAt !== undefined && (await titles.findById(id)))
        throw conflict(LIVE_MESSAGES.conflict);
      throw notFound(MOVIE_MESSAGES.notFound);
    };

    route.delete(
      "/api/movies",
      { schema: { body: movieDeleteBody, response: { 200: movieDeleteAnswer, ...writeErrors } } },
      async (request) => {
        const deleted = await titles.deleteMany([...new Set(request.body.ids)]);
        request.log.info({ deleted }, "titles deleted");
        return { status: "success" as const, message: MOVIE_MESSAGES.deleted(deleted), deleted };
      },
    );

    route.post(
      "/api/movies/restore",
      { schema: { body: movieRestoreBody, response: { 200: movieRestoreAnswer, ...writeErrors } } },
      async (request) => {
        const restored = await titles.restore(request.body.titles);
        request.log.info({ restored: restored.length }, "titles restored");
        return { status: "success" as const, restored };
      },
    );

    route.patch(
      "/api/movies/:id",
      {
        schema: {
          params: idParams,
          body: titlePatchBody,
          response: { 200: movieItemAnswer, ...writeErrors, 409: errorBody },
        },
      },
      async (request) => updateAnswer(request.params.id, request.body),
    );

    route.patch(
      "/api/movies/:id/locker",
      {
        schema: {
          params: idParams,
          body: titleLockerBody,
          response: { 200: movieItemAnswer, ...writeErrors, 409: errorBody },
        },
      },
      async (request) => updateAnswer(request.params.id, request.body),
    );

    // The dashboard reads this answer as text: "Imported: {title}". Its refusals (404, 409, 502) are
    // in the error envelope, as JSON, like every other error.
    route.post(
      "/api/movies/import/tmdb",
      {
        schema: {
          body: movieImportBody,
          response: {
            201: plainText,
            400: errorBody,
            401: errorBody,
            404: errorBody,
            409: errorBody,
            502: errorBody,
          },
        },
      },
      async (request, reply) => {
        const { tmdbId, kind, featured } = request.body;
        // A title is imported once; asking first spares the movie database a call.
        const existing = await titles.findByTmdbId(kind, tmdbId);
        if (existing) throw conflict(MOVIE_MESSAGES.alreadyImported(existing.title));
        try {
          const details = await fetchTmdbTitle(fastify.tmdb, kind, tmdbId, request.log);
          const row = await titles.insert({ ...details, featured });
          // Two imports of the same title racing: the second finds the first one's row.
          if (!row) throw conflict(MOVIE_MESSAGES.alreadyImported(details.title));
          request.log.info({ id: row.id, tmdbId, kind }, "title imported");
          return reply.code(201).type(TEXT).send(MOVIE_MESSAGES.imported(row.title));
        } catch (error) {
          if (!(error instanceof TmdbError)) throw error;
          throw new HttpError(error.statusCode, error.message);
        }
      },
    );
  });
};

export default moviesRoutes;
