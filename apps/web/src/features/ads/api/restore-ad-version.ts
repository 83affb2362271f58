import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import type { AdAnswer } from "./create-ad";
import { adVersionsKey } from "./get-ad-versions";
import { adsKey } from "./get-ads";

/** Puts an earlier version back; the server saves it as a new version (audited like any edit). */
export function restoreAdVersion(site: SiteSettings, id: string, version: number): Promise<AdAnswer> {
  return siteApi(site).post<AdAnswer>(`/ads/${encodeURIComponent(id)}/versions/${version}/restore`);
}

export function useRestoreAdVersion(site: SiteSettings, id: string) {
  return useListWrite(
    adsKey(site),
    (version: number) => restoreAdVersion(site, id, version),
    (_answer, _version, queryClient) => queryClient.invalidateQueries({ queryKey: adVersionsKey(site, id) }),
  );
}
