import type { PagedAnswer, TrashResource, trashItemSchema } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { pageFromParam } from "@/components/list/use-page-param";
import { siteApi } from "@/lib/api-client";
import { type PageEdge, pageEdge } from "@/lib/page-edge";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { trashResourcesOf } from "../utils/trash-texts";

/** A page of the trash (newest first), paged like emails. */
export type TrashPage = PagedAnswer<typeof trashItemSchema>;

/** Every page and filter of a site's trash (what a restore or a purge invalidates). */
export const trashKey = (site: SiteSettings) => ["trash", site.key] as const;

export function getTrash(
  site: SiteSettings,
  page: number,
  resource: TrashResource | undefined,
  edge: PageEdge,
  signal?: AbortSignal,
): Promise<TrashPage> {
  return siteApi(site).get<TrashPage>("/trash", { query: { page, resource, ...edge }, signal });
}

const pageKey = (site: SiteSettings, resource: TrashResource | undefined, page: number) =>
  [...trashKey(site), resource ?? "all", page] as const;

export const trashQueryOptions = (site: SiteSettings, page: number, resource: TrashResource | undefined) =>
  queryOptions({
    queryKey: pageKey(site, resource, page),
    // Next and Previous read from the neighbouring page's edge when it is loaded.
    queryFn: ({ signal, client }) =>
      getTrash(
        site,
        page,
        resource,
        pageEdge(client, (other) => pageKey(site, resource, other), page),
        signal,
      ),
    // Deletes on other screens fill the trash without telling it: load it each time it is opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useTrash(site: SiteSettings, page: number, resource: TrashResource | undefined) {
  return useQuery(trashQueryOptions(site, page, resource));
}

/** The kind filter in the URL (`?resource=`); one the site does not have (an old link) shows everything. */
export const trashResourceOf = (site: SiteSettings, value: string | null): TrashResource | undefined =>
  trashResourcesOf(site.key).find((resource) => resource === value);

/**
 * The Trash opens on the URL's page of its kind filter (`?page=&resource=`). Its list is loaded each
 * time the screen is opened (staleTime 0): when this load has answered before the screen renders,
 * the screen asks once more.
 */
export const trashScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    trashQueryOptions(site, pageFromParam(search.get("page")), trashResourceOf(site, search.get("resource"))),
  ),
];
