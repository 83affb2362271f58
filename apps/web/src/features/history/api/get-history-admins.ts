import { queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

type AdminsAnswer = { status: "success"; data: string[] };

/** The admins present in the log, for the Admin filter. */
export async function getHistoryAdmins(site: SiteSettings, signal?: AbortSignal): Promise<string[]> {
  return (await siteApi(site).get<AdminsAnswer>("/history/admins", { signal })).data;
}

export const historyAdminsQueryOptions = (site: SiteSettings) =>
  queryOptions({
    queryKey: ["history", site.key, "admins"] as const,
    queryFn: ({ signal }) => getHistoryAdmins(site, signal),
  });

export function useHistoryAdmins(site: SiteSettings) {
  return useQuery(historyAdminsQueryOptions(site));
}
