import {
  APP_CATEGORIES,
  type App,
  type AppCategory,
  type appSchema,
  type ListAnswer,
} from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
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

/** The category filter in the URL (`?category=`); an unknown one (an old or edited link) lists every app. */
export const appsCategoryOf = (value: string | null): "all" | AppCategory =>
  (APP_CATEGORIES as readonly (string | null)[]).includes(value) ? (value as AppCategory) : "all";

/** Apps & Games opens on the catalogue of the URL's category. */
export const appsScreenData: ScreenData = ({ site, search }) => {
  const category = appsCategoryOf(search.get("category"));
  return [prefetchOf(appsQueryOptions(site, category === "all" ? null : category))];
};
