import type { SuccessAnswer } from "@backoffice/contracts";
import type { Overview, OverviewDays, overviewSchema } from "@backoffice/contracts/overview";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";

/** A site at a glance (docs/PRODUCT-RULES.md#overview) over the last 30 or 90 days. */
export async function getOverview(
  site: SiteSettings,
  days: OverviewDays,
  signal?: AbortSignal,
): Promise<Overview> {
  const answer = await siteApi(site).get<SuccessAnswer<typeof overviewSchema>>("/overview", {
    query: { days },
    signal,
  });
  return answer.data;
}

export const overviewQueryOptions = (site: SiteSettings, days: OverviewDays) =>
  queryOptions({
    queryKey: ["overview", site.key, days] as const,
    queryFn: ({ signal }) => getOverview(site, days, signal),
    // Switching 30/90 days keeps the figures on screen until the other period arrives.
    placeholderData: keepPreviousData,
  });

export function useOverview(site: SiteSettings, days: OverviewDays) {
  return useQuery(overviewQueryOptions(site, days));
}

/** The period in the URL (`?days=90`; 30 days otherwise). */
export const overviewDaysOf = (value: string | null): OverviewDays => (value === "90" ? 90 : 30);

/** The Dashboard item opens on the site's figures over the URL's period. */
export const overviewScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(overviewQueryOptions(site, overviewDaysOf(search.get("days")))),
];
