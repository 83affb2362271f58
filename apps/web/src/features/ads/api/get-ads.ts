import type { Ad, adSchema, ListAnswer } from "@backoffice/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { AdPage, SiteSettings } from "@/sites";
import { currentAdPage } from "../utils/ad-pages";

/** A client may accept `{data: [...]}` or a bare list; this server answers the former. */
type AdsAnswer = ListAnswer<typeof adSchema> | Ad[];

/** The ads of a site, newest first; on movies the ads of one page. */
export async function getAds(site: SiteSettings, page: AdPage | null, signal?: AbortSignal): Promise<Ad[]> {
  const answer = await siteApi(site).get<AdsAnswer>("/ads", { query: page ? { page } : undefined, signal });
  return Array.isArray(answer) ? answer : (answer.data ?? []);
}

/** Every ads list of a site (what a write invalidates). */
export const adsKey = (site: SiteSettings) => ["ads", site.key] as const;

export const adsQueryOptions = (site: SiteSettings, page: AdPage | null) =>
  queryOptions({
    queryKey: [...adsKey(site), page ?? "all"] as const,
    queryFn: ({ signal }) => getAds(site, page, signal),
  });

export function useAds(site: SiteSettings, page: AdPage | null) {
  return useQuery(adsQueryOptions(site, page));
}

/** Manage Ads opens on the site's ads, on movies those of the page in the path (`/movies/ads/{page}`). */
export const adsScreenData: ScreenData = ({ site, params }) => [
  prefetchOf(adsQueryOptions(site, site.adPages ? currentAdPage(site.adPages, params.page) : null)),
];
