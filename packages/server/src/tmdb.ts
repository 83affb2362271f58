/** The movie database's hosts. */
export const TMDB_PRODUCTION_URL = "https://api.themoviedb.org/3";
export const TMDB_PRODUCTION_IMAGE_URL = "https://image.tmdb.org/t/p";

/** How long a call to the movie database may take before the server answers 502. */
export const TMDB_TIMEOUT_MS = 10_000;

/** A JSON read from the movie database, given up after `TMDB_TIMEOUT_MS`; rejects when unreachable. */
export const fetchTmdbJson = (url: URL) =>
  fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TMDB_TIMEOUT_MS) });

export interface TmdbSettings {
  baseUrl: string;
  /** Sent as `api_key`; absent when a base URL is set explicitly without a key. */
  apiKey: string | undefined;
  /** Where `{size}/{file}` poster images are read, e.g. `https://image.tmdb.org/t/p`. */
  imageBaseUrl: string;
}

interface TmdbConfig {
  TMDB_API_KEY?: string | undefined;
  TMDB_BASE_URL?: string | undefined;
  TMDB_IMAGE_BASE_URL?: string | undefined;
  SANDBOX_URL: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * Where the movie database is, for every server that calls it: an explicit base URL as
 * given; otherwise TMDB itself when a key is set, else the sandbox, which takes any key.
 */
export function tmdbSettings(config: TmdbConfig): TmdbSettings {
  const sandbox = trimSlash(config.SANDBOX_URL);
  const useSandbox = !config.TMDB_API_KEY;
  const imageBaseUrl = trimSlash(
    config.TMDB_IMAGE_BASE_URL ?? (useSandbox ? `${sandbox}/tmdb-images/t/p` : TMDB_PRODUCTION_IMAGE_URL),
  );
  if (config.TMDB_BASE_URL) {
    const baseUrl = trimSlash(config.TMDB_BASE_URL);
    const apiKey = config.TMDB_API_KEY ?? (baseUrl.startsWith(sandbox) ? "sandbox" : undefined);
    return { baseUrl, apiKey, imageBaseUrl };
  }
  if (!useSandbox) return { baseUrl: TMDB_PRODUCTION_URL, apiKey: config.TMDB_API_KEY, imageBaseUrl };
  return { baseUrl: `${sandbox}/tmdb/3`, apiKey: "sandbox", imageBaseUrl };
}
