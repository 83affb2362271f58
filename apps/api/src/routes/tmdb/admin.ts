import {
  errorBody,
  TMDB_MESSAGES,
  tmdbDetailsParams,
  tmdbDetailsQuery,
  tmdbImageParams,
  tmdbItem,
  tmdbKindParams,
  tmdbPage,
  tmdbSearchQuery,
  tmdbTrendingQuery,
} from "@backoffice/contracts";
import { createCache, fetchTmdbJson, HttpError, TMDB_TIMEOUT_MS, tmdbSettings } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireAdmin, requireSite } from "../../plugins/auth.ts";

/** Trending moves daily and details rarely: a minute keeps typing and paging cheap yet fresh. */
export const TMDB_CACHE_MS = 60_000;
/** Posters never change under the same file name. */
const IMAGE_MAX_AGE_S = 7 * 24 * 3600;

type Messages = { failed: string; unreachable: string };
const TRENDING: Messages = {
  failed: TMDB_MESSAGES.trendingError,
  unreachable: TMDB_MESSAGES.trendingFetchFailed,
};
const OTHER: Messages = { failed: TMDB_MESSAGES.error, unreachable: TMDB_MESSAGES.fetchFailed };

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody };

/**
 * `/api/v1/tmdb/...`: the movie database's trending, details and search paths for the
 * dashboard, with the key added here and answers cached briefly; TMDB's error envelope becomes the
 * dashboard's fixed texts (404 stays 404, any other refusal or a timeout is a 502). Posters come through
 * `/api/v1/tmdb/images/{size}/{file}`, so the dashboard loads them from its own origin.
 */
const tmdbRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const settings = tmdbSettings(fastify.config);
  const cache = createCache({ maxEntries: 500 });
  const { metrics } = fastify;

  async function call<T>(
    schema: z.ZodType<T>,
    path: string,
    query: Record<string, string | undefined>,
    messages: Messages,
    log: FastifyBaseLogger,
  ): Promise<T> {
    const url = new URL(`${settings.baseUrl}/${path}`);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, value);
    url.searchParams.sort();
    // The key is not part of the cache key, nor of anything logged.
    const key = `${path}?${url.searchParams}`;
    if (settings.apiKey) url.searchParams.set("api_key", settings.apiKey);
    return cache.get(
      key,
      async () => {
        let answer: Response;
        try {
          answer = await fetchTmdbJson(url);
        } catch (error) {
          metrics.providerCall("tmdb", "unreachable");
          log.warn({ err: error, path: key }, "movie database unreachable");
          throw new HttpError(502, messages.unreachable);
        }
        const body = await answer.json().catch(() => undefined);
        const parsed = answer.ok ? schema.safeParse(body) : undefined;
        metrics.providerCall("tmdb", parsed?.success ? "ok" : answer.status === 404 ? "not_found" : "error");
        if (!answer.ok) {
          // TMDB's envelope: {success: false, status_code, status_message}.
          log.warn({ status: answer.status, path: key, tmdb: body }, "movie database refused");
          throw new HttpError(answer.status === 404 ? 404 : 502, messages.failed);
        }
        if (!parsed?.success) {
          log.warn({ path: key }, "movie database answered an unexpected shape");
          throw new HttpError(502, messages.failed);
        }
        return parsed.data;
      },
      { ttlMs: TMDB_CACHE_MS },
    );
  }

  await fastify.register(async (scope) => {
    scope.addHook("onRequest", requireAdmin);
    // The movie database is the movies site's pass-through (docs/PRODUCT-RULES.md#team-and-access), for
    // the titles' import: a resource-limited token needs the catalog.
    scope.addHook("onRequest", requireSite("movies", "catalog"));
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["movies: movie database"];

    admin.get(
      "/trending/:kind/day",
      {
        schema: {
          tags,
          params: tmdbKindParams,
          querystring: tmdbTrendingQuery,
          response: { 200: tmdbPage, ...errors },
        },
      },
      async (request) =>
        call(tmdbPage, `trending/${request.params.kind}/day`, request.query, TRENDING, request.log),
    );

    admin.get(
      "/search/:kind",
      {
        schema: {
          tags,
          params: tmdbKindParams,
          querystring: tmdbSearchQuery,
          response: { 200: tmdbPage, ...errors },
        },
      },
      async (request) => call(tmdbPage, `search/${request.params.kind}`, request.query, OTHER, request.log),
    );

    admin.get(
      "/:kind/:id",
      {
        schema: {
          tags,
          params: tmdbDetailsParams,
          querystring: tmdbDetailsQuery,
          response: { 200: tmdbItem, ...errors },
        },
      },
      async (request) =>
        call(
          tmdbItem,
          `${request.params.kind}/${Number(request.params.id)}`,
          request.query,
          OTHER,
          request.log,
        ),
    );
  });

  // Public on purpose (docs/PRODUCT-RULES.md#secrets-stay-on-the-servers): an <img> sends no bearer token.
  fastify.get(
    "/images/:size/:file",
    { schema: { tags: ["movies: movie database"], params: tmdbImageParams } },
    async (request, reply) => {
      const { size, file } = request.params;
      let answer: Response;
      try {
        answer = await fetch(`${settings.imageBaseUrl}/${size}/${file}`, {
          signal: AbortSignal.timeout(TMDB_TIMEOUT_MS),
        });
      } catch (error) {
        metrics.providerCall("tmdb/images", "unreachable");
        request.log.warn({ err: error, file }, "movie database images unreachable");
        throw new HttpError(502, TMDB_MESSAGES.fetchFailed);
      }
      const type = answer.headers.get("content-type") ?? "";
      const usable = answer.ok && type.startsWith("image/");
      metrics.providerCall("tmdb/images", usable ? "ok" : answer.status === 404 ? "not_found" : "error");
      if (!usable) {
        await answer.body?.cancel();
        throw new HttpError(
          answer.status === 404 ? 404 : 502,
          answer.status === 404 ? "Image not found" : TMDB_MESSAGES.error,
        );
      }
      return reply
        .type(type)
        .header("cache-control", `public, max-age=${IMAGE_MAX_AGE_S}, immutable`)
        .send(Buffer.from(await answer.arrayBuffer()));
    },
  );
};

export default tmdbRoutes;
