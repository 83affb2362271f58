import type {
  MovieImportBody,
  MovieItem,
  MovieKind,
  movieDeleteAnswer,
  movieItemAnswer,
} from "@backoffice/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { z } from "zod";
import { siteApi, versionHeaders } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { typeFilterOf } from "../utils/movie-texts";

/** The content service's titles, through the main API (`/catalog` stands for `/api/movies`). */
type ItemAnswer = z.infer<typeof movieItemAnswer>;
type DeleteAnswer = z.infer<typeof movieDeleteAnswer>;
export type CatalogFilter = { type?: MovieKind | undefined; search?: string | undefined };

/** Every list of the site's catalogue (what a write invalidates). */
export const catalogKey = (site: SiteSettings) => ["catalog", site.key] as const;

export const catalogQueryOptions = (site: SiteSettings, filter: CatalogFilter = {}) =>
  queryOptions({
    queryKey: [...catalogKey(site), filter.type ?? "all", filter.search ?? ""] as const,
    queryFn: ({ signal }) =>
      siteApi(site).get<MovieItem[]>("/catalog", {
        query: { type: filter.type, search: filter.search || undefined },
        signal,
      }),
    // Comparing 5,000 titles deeply with the previous answer on every answer and placeholder costs
    // more than the dozen rows it could spare from re-rendering (reactions must stay within 100 ms).
    structuralSharing: false,
  });

/** `GET /api/movies` with the type filter and search sent on. */
export function useCatalog(site: SiteSettings, filter: CatalogFilter = {}) {
  const queryClient = useQueryClient();
  const { type, search } = filter;
  // While the service answers a new filter, the whole catalogue already loaded is filtered here,
  // so the list reacts at once (within 100 ms); the service's answer then replaces it. One
  // function per filter: TanStack Query computes a placeholder once for the same function.
  const placeholderData = useCallback(
    (previous: MovieItem[] | undefined) => {
      const everything = queryClient.getQueryData(catalogQueryOptions(site).queryKey);
      return everything ? filterTitles(everything, { type, search }) : previous;
    },
    [queryClient, site, type, search],
  );
  return useQuery({ ...catalogQueryOptions(site, filter), placeholderData });
}

/**
 * Movies & TV List opens on the list of the URL's type and search (`?type=&q=`; the screen waits for
 * typing to pause only when the search changes), and the whole catalogue its totals count.
 */
export const moviesListScreenData: ScreenData = ({ site, search }) => {
  const type = typeFilterOf(search.get("type") ?? "");
  const text = search.get("q")?.trim();
  return [
    prefetchOf(
      catalogQueryOptions(site, { type: type === "all" ? undefined : type, search: text || undefined }),
    ),
    prefetchOf(catalogQueryOptions(site)),
  ];
};

// Each title's searchable text in lower case, made once per loaded title rather than per keystroke.
const searchText = new WeakMap<MovieItem, readonly [title: string, overview: string]>();
const matches = (item: MovieItem, search: string) => {
  let text = searchText.get(item);
  if (!text) {
    text = [item.title.toLowerCase(), item.overview.toLowerCase()];
    searchText.set(item, text);
  }
  return text[0].includes(search) || text[1].includes(search);
};

/** The service's filter (type, and search in title or overview, ignoring case), on loaded titles. */
export function filterTitles(items: readonly MovieItem[], filter: CatalogFilter): MovieItem[] {
  const search = filter.search?.trim().toLowerCase();
  return items.filter(
    (item) => (!filter.type || item.type === filter.type) && (!search || matches(item, search)),
  );
}

/**
 * Puts an answered item into every cached list at once, then reloads them. A change that waits for its
 * time (`applyAt`, 202) answers the pending change, not the title: the lists keep the title as it is.
 */
function useItemMutation<V extends object>(site: SiteSettings, call: (variables: V) => Promise<ItemAnswer>) {
  return useListWrite(catalogKey(site), call, (answer, variables, queryClient) => {
    if ("applyAt" in variables && variables.applyAt) return;
    queryClient.setQueriesData<MovieItem[]>({ queryKey: catalogKey(site) }, (items) =>
      items?.map((item) => (item._id === answer.data._id ? answer.data : item)),
    );
  });
}

/**
 * `version`: the `updatedAt` the Edit dialog loaded (409 if the title changed since,
 * docs/PRODUCT-RULES.md#live-updates); `applyAt`: when the change is to be applied instead of now.
 */
type UpdateTitleInput = {
  id: string;
  changes: Record<string, unknown>;
  version?: string;
  applyAt?: string | undefined;
};

/** `PATCH /api/movies/{id}`: the Edit dialog's fields, or only `featured` for the feature toggle. */
export function useUpdateTitle(site: SiteSettings) {
  return useItemMutation(site, ({ id, changes, version, applyAt }: UpdateTitleInput) =>
    siteApi(site).patch<ItemAnswer>(`/catalog/${encodeURIComponent(id)}`, changes, {
      headers: versionHeaders(version),
      query: { applyAt },
    }),
  );
}

/** `PATCH /api/movies/{id}/locker`. */
export const setTitleLocker = (site: SiteSettings, id: string, lockerSelected: boolean) =>
  siteApi(site).patch<ItemAnswer>(`/catalog/${encodeURIComponent(id)}/locker`, { lockerSelected });

export function useTitleLocker(site: SiteSettings) {
  return useItemMutation(site, ({ id, on }: { id: string; on: boolean }) => setTitleLocker(site, id, on));
}

export function useDeleteTitles(site: SiteSettings) {
  return useListWrite(
    catalogKey(site),
    (ids: string[]) => siteApi(site).delete<DeleteAnswer>("/catalog", { ids }),
    (_answer, ids, queryClient) =>
      queryClient.setQueriesData<MovieItem[]>({ queryKey: catalogKey(site) }, (items) =>
        items?.filter((item) => !ids.includes(item._id)),
      ),
  );
}

/** `POST /api/movies/import/tmdb`; the answer is plain text ("Imported: {title}"). */
export function useImportTitle(site: SiteSettings) {
  return useListWrite(catalogKey(site), (body: MovieImportBody) =>
    siteApi(site).post<string>("/catalog/import/tmdb", body),
  );
}
