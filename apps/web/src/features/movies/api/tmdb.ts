import type { MovieKind, TmdbItem, TmdbPage } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import { catalogQueryOptions } from "./catalog";

const LANGUAGE = "en-US";
const tmdb = <T>(path: string, query: Record<string, string>, signal: AbortSignal) =>
  api.get<T>(`/tmdb/${path}`, { query, signal, variant: "movies" });

/**
 * What the Import screen lists: trending of the day sorted by rating when the search
 * is empty, the one title of a numeric id, otherwise the text search's results.
 */
export async function findTitles(kind: MovieKind, text: string, signal: AbortSignal): Promise<TmdbItem[]> {
  if (text === "") {
    const page = await tmdb<TmdbPage>(`trending/${kind}/day`, { language: LANGUAGE }, signal);
    return [...page.results].sort((a, b) => (b.vote_average ?? 0) - (a.vote_average ?? 0));
  }
  if (/^\d+$/.test(text)) {
    try {
      return [await tmdb<TmdbItem>(`${kind}/${text}`, { language: LANGUAGE }, signal)];
    } catch (error) {
      // No title with that id: an empty result, not a failure.
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  }
  return (await tmdb<TmdbPage>(`search/${kind}`, { language: LANGUAGE, query: text }, signal)).results;
}

const tmdbTitlesQueryOptions = (kind: MovieKind, text: string) =>
  queryOptions({
    queryKey: ["tmdb", kind, text] as const,
    queryFn: ({ signal }) => findTitles(kind, text, signal),
    staleTime: 60_000,
    // The cards stay while the next search loads, so the grid does not flash.
    placeholderData: keepPreviousData,
  });

export function useTmdbTitles(kind: MovieKind, text: string) {
  return useQuery(tmdbTitlesQueryOptions(kind, text));
}

/** The Import screen's kind in the URL (`?kind=tv`; movies otherwise). */
export const importKindOf = (value: string | null): MovieKind => (value === "tv" ? "tv" : "movie");

/**
 * Import Movies & TV opens on the movie database's titles of the URL's kind and search (trending
 * without one), and the catalogue's titles of that kind, which mark those already imported.
 */
export const moviesImportScreenData: ScreenData = ({ site, search }) => {
  const kind = importKindOf(search.get("kind"));
  return [
    prefetchOf(tmdbTitlesQueryOptions(kind, search.get("q")?.trim() ?? "")),
    prefetchOf(catalogQueryOptions(site, { type: kind })),
  ];
};
