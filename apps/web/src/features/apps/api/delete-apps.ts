import type { App, deleteAppsAnswer } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { appsKey } from "./get-apps";

/** The server names the ids it deleted and the ones it did not find. */
export type DeleteAppsAnswer = z.infer<typeof deleteAppsAnswer>;

/** `DELETE /apps` with `{ids}`: one app or a selection. */
export function deleteApps(site: SiteSettings, ids: string[]): Promise<DeleteAppsAnswer> {
  return siteApi(site).delete<DeleteAppsAnswer>("/apps", { ids });
}

export function useDeleteApps(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => deleteApps(site, ids),
    onSuccess: (answer, ids) => {
      // The cards leave at once; the refetch below confirms the list.
      const gone = new Set(answer.deleted ?? ids);
      queryClient.setQueriesData<App[]>({ queryKey: appsKey(site) }, (apps) =>
        apps?.filter((app) => !gone.has(app._id)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey(site) }),
  });
}
