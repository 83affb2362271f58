import type { CursorPage, TrashResource, trashItemSchema } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type Cursor, cursorFromParams } from "@/components/list/use-cursor-param";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { trashResourcesOf } from "../utils/trash-texts";

/** A keyset page of the trash (newest first), paged like History. */
export type TrashPage = CursorPage<typeof trashItemSchema>;

/** Every page and filter of a site's trash (what a restore or a purge invalidates). */
export const trashKey = (site: SiteSettings) => ["trash", site.key] as const;

export function getTrash(
  site: SiteSettings,
  cursor: Cursor,
  resource: TrashResource | undefined,
  signal?: AbortSignal,
): Promise<TrashPage> {
  return siteApi(site).get<TrashPage>("/trash", { query: { resource, ...cursor }, signal });
}

export const trashQueryOptions = (site: SiteSettings, cursor: Cursor, resource: TrashResource | undefined) =>
  queryOptions({
    queryKey: [...trashKey(site), resource ?? "all", cursor] as const,
    queryFn: ({ signal }) => getTrash(site, cursor, resource, signal),
    // Deletes on other screens fill the trash without telling it: load it each time it is opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useTrash(site: SiteSettings, cursor: Cursor, resource: TrashResource | undefined) {
  return useQuery(trashQueryOptions(site, cursor, resource));
}

/** The kind filter in the URL (`?resource=`); one the site does not have (an old link) shows everything. */
export const trashResourceOf = (site: SiteSettings, value: string | null): TrashResource | undefined =>
  trashResourcesOf(site.key).find((resource) => resource === value);

/**
 * The Trash opens on the URL's page of its kind filter (`?after=&resource=`). Its list is loaded each
 * time the screen is opened (staleTime 0): when this load has answered before the screen renders,
 * the screen asks once more.
 */
export const trashScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    trashQueryOptions(site, cursorFromParams(search), trashResourceOf(site, search.get("resource"))),
  ),
];
