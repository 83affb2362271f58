import type {
  deleteMatchesAnswer,
  ListAnswer,
  MatchesPage,
  MatchInput,
  matchSchema,
  SuccessAnswer,
} from "@backoffice/contracts";
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { pageFromParam } from "@/components/list/use-page-param";
import { siteApi, versionHeaders } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { type MatchesPageQuery, matchesQueryOf } from "../utils/match-form";

type MatchAnswer = SuccessAnswer<typeof matchSchema>;
type DeleteAnswer = z.infer<typeof deleteMatchesAnswer>;

/** Every list of the site's matches (what a write invalidates): pages, and the working set. */
export const matchesKey = (site: SiteSettings) => ["matches", site.key] as const;

/** Matches a page: a grid of two or three columns. */
export const MATCHES_PAGE_SIZE = 24;

export const matchesPageQueryOptions = (site: SiteSettings, query: MatchesPageQuery) =>
  queryOptions({
    queryKey: [...matchesKey(site), "page", query],
    queryFn: ({ signal }) =>
      siteApi(site).get<MatchesPage>("/matches", { query: { ...query, limit: MATCHES_PAGE_SIZE }, signal }),
    // The cards stay while the next page or filter loads.
    placeholderData: keepPreviousData,
    // Statuses follow the clock on the server (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): an
    // open screen asks again every minute, so its cards, Match Summary and filters keep up unsaved.
    refetchInterval: 60_000,
  });

export function useMatchesPage(site: SiteSettings, query: MatchesPageQuery) {
  return useQuery(matchesPageQueryOptions(site, query));
}

/** Manage Matches' page of the URL it is opened at, as the screen reads it (its route's loader). */
export const matchesScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    matchesPageQueryOptions(
      site,
      matchesQueryOf(
        (key) => search.get(key) ?? "",
        pageFromParam(search.get("page")),
        search.get("sort") ?? "",
      ),
    ),
  ),
];

/** Other Servers' page of matches: the URL's filters but the league, newest first, as the screen reads it. */
export const otherServersScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    matchesPageQueryOptions(
      site,
      matchesQueryOf(
        (key) => (key === "league" ? "" : (search.get(key) ?? "")),
        pageFromParam(search.get("page")),
        "latest",
      ),
    ),
  ),
];

/** The working set (live, upcoming and recently finished matches), unpaged: what Fetch Matches compares with. */
export const currentMatchesQueryOptions = (site: SiteSettings) =>
  queryOptions({
    queryKey: [...matchesKey(site), "current"],
    queryFn: async ({ signal }) =>
      (await siteApi(site).get<ListAnswer<typeof matchSchema>>("/matches", { signal })).data,
  });

export function useCurrentMatches(site: SiteSettings) {
  return useQuery(currentMatchesQueryOptions(site));
}

/**
 * `applyAt`: when an edit is to be applied instead of now (202: it waits on the Schedule); such an
 * edit's payload holds only the fields it changes.
 */
type SaveMatchInput = {
  id: string | null;
  payload: MatchInput | Partial<MatchInput>;
  version?: string;
  applyAt?: string | undefined;
};

/**
 * `POST /matches` or `PUT /matches/{id}` with the flattened payload; an edit sends the `updatedAt` it
 * loaded as `version` (409 if the match changed since, docs/PRODUCT-RULES.md#live-updates).
 */
export function useSaveMatch(site: SiteSettings) {
  return useListWrite(matchesKey(site), ({ id, payload, version, applyAt }: SaveMatchInput) =>
    id
      ? siteApi(site).put<MatchAnswer>(`/matches/${encodeURIComponent(id)}`, payload, {
          headers: versionHeaders(version),
          query: { applyAt },
        })
      : siteApi(site).post<MatchAnswer>("/matches", payload),
  );
}

/** Takes deleted matches off every cached list at once (the reload after the delete confirms it). */
function forget(queryClient: QueryClient, site: SiteSettings, ids: readonly string[]) {
  queryClient.setQueriesData<MatchesPage | MatchAnswer["data"][]>(
    { queryKey: matchesKey(site) },
    (cached) => {
      if (!cached) return cached;
      if (Array.isArray(cached)) return cached.filter((m) => !ids.includes(m._id));
      return { ...cached, data: cached.data.filter((m) => !ids.includes(m._id)) };
    },
  );
}

export function useDeleteMatches(site: SiteSettings) {
  return useListWrite(
    matchesKey(site),
    (ids: string[]) => siteApi(site).delete<DeleteAnswer>("/matches", { ids }),
    (_answer, ids, queryClient) => forget(queryClient, site, ids),
  );
}
