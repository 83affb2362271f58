import type { Ad } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { adsKey } from "./get-ads";

type DeleteAnswer = { status: "success"; message?: string };

export async function deleteAd(site: SiteSettings, id: string): Promise<DeleteAnswer> {
  return unwrap(
    await api.delete<DeleteAnswer>(`/${site.key}/ads/${encodeURIComponent(id)}`, undefined, {
      variant: site.apiVariant,
    }),
  );
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
