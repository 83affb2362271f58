import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { RestoredAnswer } from "@/lib/undo";
import type { SiteSettings } from "@/sites";
import { trashKey } from "./get-trash";

/** `POST /trash/restore` with trash item ids: the records go back where they were. */
export function restoreTrash(site: SiteSettings, ids: string[]) {
  return siteApi(site).post<RestoredAnswer>("/trash/restore", { ids });
}

export function useRestoreTrash(site: SiteSettings) {
  return useListWrite(
    trashKey(site),
    (ids: string[]) => restoreTrash(site, ids),
    // Restored records return to the lists of other features, which this one cannot name: every
    // list of the site ([resource, site, ...]) loads again when next shown.
    (_answer, _ids, queryClient) =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[1] === site.key && queryKey[0] !== trashKey(site)[0],
      }),
  );
}
