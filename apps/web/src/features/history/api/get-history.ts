import type { historyEntrySchema, PagedAnswer } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { pageFromParam } from "@/components/list/use-page-param";
import { siteApi } from "@/lib/api-client";
import { type PageEdge, pageEdge } from "@/lib/page-edge";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { type HistoryQuery, historyQueryOf } from "../utils/history-filters";
import { historyAdminsQueryOptions } from "./get-history-admins";

/** A page of the audit log (20 a page, newest first), like Manage Emails. */
export type HistoryPage = PagedAnswer<typeof historyEntrySchema>;

export function getHistory(
  site: SiteSettings,
  query: HistoryQuery & PageEdge,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  return siteApi(site).get<HistoryPage>("/history", { query, signal });
}

const historyKey = (site: SiteSettings, query: HistoryQuery) => ["history", site.key, "page", query] as const;

export const historyQueryOptions = (site: SiteSettings, query: HistoryQuery) =>
  queryOptions({
    queryKey: historyKey(site, query),
    // Next and Previous read from the neighbouring page's edge when it is loaded.
    queryFn: ({ signal, client }) =>
      getHistory(
        site,
        { ...query, ...pageEdge(client, (page) => historyKey(site, { ...query, page }), query.page) },
        signal,
      ),
    // The table stays while the next page or filter loads; every write adds to the log, so load fresh.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useHistory(site: SiteSettings, query: HistoryQuery) {
  return useQuery(historyQueryOptions(site, query));
}

/**
 * History opens on the URL's page of the entries its filters ask for (`?page=&resource=&admin=&from=
 * &to=&signIns=`), and the admins of its Admin filter. Its page is loaded each time the screen is
 * opened (staleTime 0): when this load has answered before the screen renders, the screen asks once more.
 */
export const historyScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    historyQueryOptions(
      site,
      historyQueryOf((key) => search.get(key) ?? "", pageFromParam(search.get("page"))),
    ),
  ),
  prefetchOf(historyAdminsQueryOptions(site)),
];
