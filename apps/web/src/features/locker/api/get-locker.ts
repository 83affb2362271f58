import type { ListAnswer, Locker, lockerSchema, SuccessAnswer } from "@backoffice/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";

/** A client may accept `data` as an object or a list (first item used); this server answers a list. */
type LockerAnswer = ListAnswer<typeof lockerSchema> | SuccessAnswer<typeof lockerSchema>;

/** The site's locker, or null when it has none yet (movies reads `?site=movies`). */
export async function getLocker(site: SiteSettings, signal?: AbortSignal): Promise<Locker | null> {
  const answer = await siteApi(site).get<LockerAnswer>("/locker", {
    query: site.lockerVariant === "movies" ? { site: site.key } : undefined,
    signal,
  });
  const data = answer.data;
  return Array.isArray(data) ? (data[0] ?? null) : (data ?? null);
}

export const lockerKey = (site: SiteSettings) => ["locker", site.key] as const;

export const lockerQueryOptions = (site: SiteSettings) =>
  queryOptions({
    queryKey: lockerKey(site),
    queryFn: ({ signal }) => getLocker(site, signal),
  });

export function useLocker(site: SiteSettings) {
  return useQuery(lockerQueryOptions(site));
}

/** Manage Locker opens on the site's locker. */
export const lockerScreenData: ScreenData = ({ site }) => [prefetchOf(lockerQueryOptions(site))];
