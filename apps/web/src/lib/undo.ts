import { type restoredAnswer, UNDO_SECONDS } from "@backoffice/contracts";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type ApiSite, siteApi, type Undoable } from "./api-client";
import { type ToastOffer, toastError, toastSuccess } from "./toast";

export type RestoredAnswer = z.infer<typeof restoredAnswer>;

export const undoMessages = {
  undo: "Undo",
  restored: "Restored",
  failed: "Undo failed",
  notRestored: "The deleted items were not restored.",
} as const;

/** The server's "N items restored", and what could not come back (made again since, or purged). */
export function restoredText({ message, skipped }: RestoredAnswer): string {
  return skipped > 0 ? `${message}; ${skipped} could not be restored.` : message;
}

/** `POST /trash/undo`: puts back what the delete that answered with `token` moved to the trash. */
export function undoDelete(site: ApiSite, token: string): Promise<RestoredAnswer> {
  return siteApi(site).post<RestoredAnswer>("/trash/undo", { token });
}

/**
 * The Undo a delete's success toast offers for UNDO_SECONDS, when the delete's answer carried a
 * token (every delete of a record the trash keeps). Undo reloads `lists`, the lists the delete
 * touched: restored records keep their ids, so they come back at their old places.
 * `restored` counts what the user deleted ("2 matches restored"), said when all came back: the
 * server counts trash items, which include records deleted with them (a match's servers).
 * Shared by every feature that deletes, hence here rather than in a feature's api/.
 */
export function useUndo(site: ApiSite, ...lists: QueryKey[]) {
  const queryClient = useQueryClient();
  return (answer: Undoable | undefined, restored?: string): ToastOffer | undefined => {
    const token = answer?.undoToken;
    if (!token) return undefined;
    const undo = async () => {
      try {
        const back = await undoDelete(site, token);
        toastSuccess(undoMessages.restored, restored && back.skipped === 0 ? restored : restoredText(back));
      } catch (error) {
        toastError(undoMessages.failed, error, undoMessages.notRestored);
      }
      // Reload even after a failure: some of it may have come back, or been purged meanwhile.
      await Promise.all(lists.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    };
    return {
      action: { label: undoMessages.undo, onClick: () => void undo() },
      duration: UNDO_SECONDS * 1000,
    };
  };
}

/**
 * `POST /trash/restore` with trash item ids: the records go back where they were (from the Trash,
 * or from a delete's entry in History). They return to lists of several features, which this
 * cannot name: every list of the site ([resource, site, ...]) loads again.
 */
export function useRestoreTrash(site: ApiSite) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => siteApi(site).post<RestoredAnswer>("/trash/restore", { ids }),
    onSettled: () => queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[1] === site.key }),
  });
}
