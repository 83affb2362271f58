import type { Ad } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import type { AdPayload } from "../utils/ad-form";
import { adsKey } from "./get-ads";

export type AdAnswer = { status: "success"; data: Ad; message?: string };

/** The header the spec's client sends with ad writes (scripts in the body are expected). */
export const AD_WRITE_HEADERS = { "xss-jfsg": "true" } as const;

export async function createAd(site: SiteSettings, payload: AdPayload): Promise<AdAnswer> {
  return unwrap(
    await api.post<AdAnswer>(`/${site.key}/ads`, payload, {
      variant: site.apiVariant,
      headers: AD_WRITE_HEADERS,
    }),
  );
}

export function useCreateAd(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AdPayload) => createAd(site, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adsKey(site) }),
  });
}
