import type { Ad, MessageAnswer } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { adsKey } from "./get-ads";

export function deleteAd(site: SiteSettings, id: string): Promise<MessageAnswer> {
  return siteApi(site).delete<MessageAnswer>(`/ads/${encodeURIComponent(id)}`);
}

export function useDeleteAd(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAd(site, id),
    onSuccess: (_answer, id) => {
      // The ad leaves the list at once (spec §7); the refetch below confirms it.
      queryClient.setQueriesData<Ad[]>({ queryKey: adsKey(site) }, (ads) =>
        ads?.filter((ad) => ad._id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adsKey(site) }),
  });
}
