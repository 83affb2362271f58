import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import type { Params } from "react-router";
import type { SiteSettings } from "@/sites";

/** The address a screen is opened at: its site, its search parameters (the filters) and its path parameters. */
export type ScreenUrl = { site: SiteSettings; search: URLSearchParams; params: Params };

/** One load of a screen, started into the query cache. */
export type ScreenPrefetch = (client: QueryClient) => Promise<void>;

/**
 * What a screen loads first, read from the URL it is opened at: its route's loader (app/router.tsx)
 * starts these while the screen's code downloads, so the screen renders from the cache instead of
 * asking only once it has rendered. Each is the query options its hook uses (same key, same
 * function), and the URL is read as the screen reads it.
 */
export type ScreenData = (url: ScreenUrl) => ScreenPrefetch[];

/** A screen's load from the query options its hook uses. */
export function prefetchOf<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): ScreenPrefetch {
  return (client) => client.prefetchQuery(options);
}
