import type { PagedAnswer, TrashResource, trashItemSchema } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

/** A page of the trash (newest first), paged like emails. */
export type TrashPage = PagedAnswer<typeof trashItemSchema>;

/** Every page and filter of a site's trash (what a restore or a purge invalidates). */
export const trashKey = (site: SiteSettings) => ["trash", site.key] as const;

export function getTrash(
  site: SiteSettings,
  page: number,
  resource: TrashResource | undefined,
  signal?: AbortSignal,
): Promise<TrashPage> {
  return siteApi(site).get<TrashPage>("/trash", { query: { page, resource }, signal });
}

export const trashQueryOptions = (site: SiteSettings, page: number, resource: TrashResource | undefined) =>
  queryOptions({
    queryKey: [...trashKey(site), resource ?? "all", page] as const,
    queryFn: ({ signal }) => getTrash(site, page, resource, signal),
    // Deletes on other screens fill the trash without telling it: load it each time it is opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useTrash(site: SiteSettings, page: number, resource: TrashResource | undefined) {
  return useQuery(trashQueryOptions(site, page, resource));
}
