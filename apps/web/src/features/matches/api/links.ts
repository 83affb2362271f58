import type { CheckLinksAnswer } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { matchesKey } from "./matches";
import { serversKey } from "./servers";

/** `POST /matches/{id}/links/check`: probes a match's links now; both lists then show the new health. */
export function useCheckLinks(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) =>
      siteApi(site).post<CheckLinksAnswer>(`/matches/${encodeURIComponent(matchId)}/links/check`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: matchesKey(site) }),
        queryClient.invalidateQueries({ queryKey: serversKey(site) }),
      ]),
  });
}
