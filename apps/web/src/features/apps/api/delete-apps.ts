import type { App, deleteAppsAnswer } from "@backoffice/contracts";
import type { z } from "zod";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { appsKey } from "./get-apps";

/** The server names the ids it deleted and the ones it did not find. */
export type DeleteAppsAnswer = z.infer<typeof deleteAppsAnswer>;

/** `DELETE /apps` with `{ids}`: one app or a selection. */
export function deleteApps(site: SiteSettings, ids: string[]) {
  return siteApi(site).delete<DeleteAppsAnswer>("/apps", { ids });
}

export function useDeleteApps(site: SiteSettings) {
  return useListWrite(
    appsKey(site),
    (ids: string[]) => deleteApps(site, ids),
    (answer, ids, queryClient) => {
      // The cards leave at once; the refetch below confirms the list.
      const gone = new Set(answer.deleted ?? ids);
      queryClient.setQueriesData<App[]>({ queryKey: appsKey(site) }, (apps) =>
        apps?.filter((app) => !gone.has(app._id)),
      );
    },
  );
}
