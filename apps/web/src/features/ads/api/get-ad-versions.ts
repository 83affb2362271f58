import type { AdVersion, adVersionSchema, ListAnswer } from "@backoffice/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

/** An ad's saved versions, newest first (version numbers count up from 1). */
export async function getAdVersions(
  site: SiteSettings,
  id: string,
  signal?: AbortSignal,
): Promise<AdVersion[]> {
  const path = `/ads/${encodeURIComponent(id)}/versions`;
  return (await siteApi(site).get<ListAnswer<typeof adVersionSchema>>(path, { signal })).data;
}

/** Not under `adsKey`: the ads lists' optimistic updates must not touch it. */
export const adVersionsKey = (site: SiteSettings, id: string) => ["ad-versions", site.key, id] as const;

export const adVersionsQueryOptions = (site: SiteSettings, id: string) =>
  queryOptions({
    queryKey: adVersionsKey(site, id),
    queryFn: ({ signal }) => getAdVersions(site, id, signal),
    // Every save of the ad adds a version: load them fresh each time the dialog opens.
    staleTime: 0,
  });

export function useAdVersions(site: SiteSettings, id: string, enabled: boolean) {
  return useQuery({ ...adVersionsQueryOptions(site, id), enabled });
}
