import type { adSchema, SuccessAnswer } from "@backoffice/contracts";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import type { AdPayload } from "../utils/ad-form";
import { adsKey } from "./get-ads";

export type AdAnswer = SuccessAnswer<typeof adSchema>;

/** The header the older client sent with ad writes (scripts in the body are expected). */
export const AD_WRITE_HEADERS = { "xss-jfsg": "true" } as const;

export function createAd(site: SiteSettings, payload: AdPayload): Promise<AdAnswer> {
  return siteApi(site).post<AdAnswer>("/ads", payload, { headers: AD_WRITE_HEADERS });
}

export function useCreateAd(site: SiteSettings) {
  return useListWrite(adsKey(site), (payload: AdPayload) => createAd(site, payload));
}
