import { siteApi, versionHeaders } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import type { AdPayload } from "../utils/ad-form";
import { AD_WRITE_HEADERS, type AdAnswer } from "./create-ad";
import { adsKey } from "./get-ads";

/**
 * A full edit sends the five fields and the `updatedAt` it loaded (409 if the ad changed since);
 * a toggle sends only `isActive`; a scheduled edit the fields it changes.
 */
export type UpdateAdInput = {
  id: string;
  changes: Partial<AdPayload>;
  version?: string;
  /** When the change is to be applied instead of now (202: it waits on the Schedule). */
  applyAt?: string | undefined;
};

export function updateAd(
  site: SiteSettings,
  { id, changes, version, applyAt }: UpdateAdInput,
): Promise<AdAnswer> {
  return siteApi(site).put<AdAnswer>(`/ads/${encodeURIComponent(id)}`, changes, {
    headers: { ...AD_WRITE_HEADERS, ...versionHeaders(version) },
    query: { applyAt },
  });
}

export function useUpdateAd(site: SiteSettings) {
  return useListWrite(adsKey(site), (input: UpdateAdInput) => updateAd(site, input));
}
