import type { CursorPage, historyEntrySchema } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { cursorFromParams } from "@/components/list/use-cursor-param";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { type HistoryQuery, historyQueryOf } from "../utils/history-filters";
import { historyAdminsQueryOptions } from "./get-history-admins";

/**
 * A keyset page of the audit log (20 a page, newest first), with the cursors of the pages beside it
 * and the total (docs/ARCHITECTURE.md#paging-long-lists).
 */
export type HistoryPage = CursorPage<typeof historyEntrySchema>;

export function getHistory(
  site: SiteSettings,
  query: HistoryQuery,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  return siteApi(site).get<HistoryPage>("/history", { query, signal });
}

const historyKey = (site: SiteSettings, query: HistoryQuery) => ["history", site.key, "page", query] as const;

export const historyQueryOptions = (site: SiteSettings, query: HistoryQuery) =>
  queryOptions({
    queryKey: historyKey(site, query),
    queryFn: ({ signal }) => getHistory(site, query, signal),
    // The table stays while the next page or filter loads; every write adds to the log, so load fresh.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useHistory(site: SiteSettings, query: HistoryQuery) {
  return useQuery(historyQueryOptions(site, query));
}

/**
 * History opens on the URL's page of the entries its filters ask for (`?after=&resource=&admin=&from=
 * &to=&signIns=`), and the admins of its Admin filter. Its page is loaded each time the screen is
 * opened (staleTime 0): when this load has answered before the screen renders, the screen asks once more.
 */
export const historyScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    historyQueryOptions(
      site,
      historyQueryOf((key) => search.get(key) ?? "", cursorFromParams(search)),
    ),
  ),
  prefetchOf(historyAdminsQueryOptions(site)),
];
