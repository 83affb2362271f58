import { MOVIE_MESSAGES, type MovieKind, tmdbItem } from "@backoffice/contracts";
import { fetchTmdbJson, type TmdbSettings } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TitleInput } from "../repositories/titles.ts";

/**
 * The fields of TMDB's `GET /movie/{id}` and `GET /tv/{id}` answers that an import reads: those of a
 * listed title (`tmdbItem`) and the details'. Other fields are dropped.
 */
const tmdbDetails = z.object({
  ...tmdbItem.shape,
  original_title: z.string().nullish(),
  original_name: z.string().nullish(),
  overview: z.string().nullish(),
  genres: z.array(z.object({ id: z.number().int().optional(), name: z.string() })).nullish(),
  status: z.string().nullish(),
});

/** A failed movie-database call, with the status and message the import answers (in the error envelope). */
export class TmdbError extends Error {
  readonly statusCode: 404 | 502;

  constructor(statusCode: 404 | 502, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
/** A real `yyyy-mm-dd` day, as the restore accepts it back (movieRestoreItem); anything else is none. */
const dayOrNull = (value: string | null | undefined) => {
  const day = blankToNull(value);
  return day && z.iso.date().safeParse(day).success ? day : null;
};

/** Fetches a title's details from the movie database and maps them to what the content service stores. */
export async function fetchTmdbTitle(
  settings: TmdbSettings,
  kind: MovieKind,
  tmdbId: number,
  log: FastifyBaseLogger,
): Promise<Omit<TitleInput, "featured">> {
  const url = new URL(`${settings.baseUrl}/${kind}/${tmdbId}`);
  url.searchParams.set("language", "en-US");
  if (settings.apiKey) url.searchParams.set("api_key", settings.apiKey);
  // The key is a query parameter: log the address without it.
  const where = `${settings.baseUrl}/${kind}/${tmdbId}`;

  let response: Response;
  try {
    response = await fetchTmdbJson(url);
  } catch (error) {
    log.warn({ err: error, url: where }, "movie database unreachable");
    throw new TmdbError(502, MOVIE_MESSAGES.tmdbUnreachable);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new TmdbError(404, MOVIE_MESSAGES.tmdbNotFound);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    log.warn({ status: response.status, url: where, body: text.slice(0, 500) }, "movie database error");
    if (response.status === 401) throw new TmdbError(502, MOVIE_MESSAGES.tmdbRejectedKey);
    throw new TmdbError(502, `${MOVIE_MESSAGES.tmdbFailed} (${response.status})`);
  }

  let parsed: z.infer<typeof tmdbDetails> | undefined;
  try {
    const result = tmdbDetails.safeParse(await response.json());
    if (result.success) parsed = result.data;
  } catch {
    parsed = undefined;
  }
  const title = parsed
    ? (blankToNull(parsed.title ?? parsed.name) ?? blankToNull(parsed.original_title ?? parsed.original_name))
    : null;
  if (!parsed || !title) {
    log.warn({ url: where }, "movie database answered an unexpected shape");
    throw new TmdbError(502, `${MOVIE_MESSAGES.tmdbFailed}: unexpected answer`);
  }
  const rating = parsed.vote_average;
  return {
    type: kind,
    tmdbId,
    title,
    overview: parsed.overview?.trim() ?? "",
    status: blankToNull(parsed.status),
    poster_path: blankToNull(parsed.poster_path),
    vote_average: typeof rating === "number" ? Math.min(10, Math.max(0, rating)) : null,
    releaseDate: dayOrNull(kind === "movie" ? parsed.release_date : parsed.first_air_date),
    genres: (parsed.genres ?? []).map((genre) => ({ id: genre.id, name: genre.name })),
  };
}
