import type { HistoryEntry, HistoryResource, historyEntrySchema, ListAnswer } from "@backoffice/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiSite, siteApi } from "@/lib/api-client";

/** One record's own history, newest first (at most 100 entries). */
export async function getRecordHistory(
  site: ApiSite,
  resource: HistoryResource,
  id: string,
  signal?: AbortSignal,
): Promise<HistoryEntry[]> {
  const path = `/history/${resource}/${encodeURIComponent(id)}`;
  return (await siteApi(site).get<ListAnswer<typeof historyEntrySchema>>(path, { signal })).data;
}

export const recordHistoryQueryOptions = (site: ApiSite, resource: HistoryResource, id: string) =>
  queryOptions({
    queryKey: ["history", site.key, "record", resource, id] as const,
    queryFn: ({ signal }) => getRecordHistory(site, resource, id, signal),
    // Every write anywhere adds to the log: load it fresh each time it is opened.
    staleTime: 0,
  });

/** Loads only once `enabled` (the disclosure opened), so closed dialogs cost no request. */
export function useRecordHistory(site: ApiSite, resource: HistoryResource, id: string, enabled: boolean) {
  return useQuery({ ...recordHistoryQueryOptions(site, resource, id), enabled });
}
