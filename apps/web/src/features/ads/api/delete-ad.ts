import type { Ad, MessageAnswer } from "@backoffice/contracts";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { adsKey } from "./get-ads";

export function deleteAd(site: SiteSettings, id: string) {
  return siteApi(site).delete<MessageAnswer>(`/ads/${encodeURIComponent(id)}`);
}

export function useDeleteAd(site: SiteSettings) {
  return useListWrite(
    adsKey(site),
    (id: string) => deleteAd(site, id),
    (_answer, id, queryClient) => {
      // The ad leaves the list at once; the refetch below confirms it.
      queryClient.setQueriesData<Ad[]>({ queryKey: adsKey(site) }, (ads) =>
        ads?.filter((ad) => ad._id !== id),
      );
    },
  );
}
