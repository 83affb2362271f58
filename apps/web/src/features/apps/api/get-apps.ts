import type { App, AppCategory, appSchema, ListAnswer } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

type AppsAnswer = ListAnswer<typeof appSchema>;

/** The catalogue of a site, optionally one category (`GET /apps?category=`). */
export async function getApps(
  site: SiteSettings,
  category: AppCategory | null,
  signal?: AbortSignal,
): Promise<App[]> {
  const answer = await siteApi(site).get<AppsAnswer>("/apps", {
    query: category ? { category } : undefined,
    signal,
  });
  return answer.data ?? [];
}

/** Every apps list of a site (what a write invalidates). */
export const appsKey = (site: SiteSettings) => ["apps", site.key] as const;

export const appsQueryOptions = (site: SiteSettings, category: AppCategory | null) =>
  queryOptions({
    queryKey: [...appsKey(site), category ?? "all"] as const,
    queryFn: ({ signal }) => getApps(site, category, signal),
    // Switching category keeps the previous cards on screen until the new list arrives.
    placeholderData: keepPreviousData,
  });

export function useApps(site: SiteSettings, category: AppCategory | null) {
  return useQuery(appsQueryOptions(site, category));
}
