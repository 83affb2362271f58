import { type ConfirmOptions, useConfirm } from "@/components/confirm-dialog";
import type { ToastOffer } from "@/lib/toast";

/**
 * Deletes items of a list after the user confirms: one item or a selection, through one call.
 * Deleted ids leave the selection; `done` and `failed` say what happened (one toast each). With
 * `undo` (`useUndo`), `done` also gets the Undo its success toast offers, when the answer has one.
 * Returns false when nothing was deleted (nothing chosen, cancelled or failed).
 */
export function useConfirmedDelete<T extends { _id: string }, Answer>({
  remove,
  selection,
  ask,
  done,
  failed,
  undo,
}: {
  remove: { mutateAsync: (ids: string[]) => Promise<Answer> };
  selection: { forget: (ids: string[]) => void };
  /** The confirmation, naming what is deleted (singular for one). */
  ask: (targets: T[]) => ConfirmOptions;
  done: (answer: Answer, targets: T[], undo: ToastOffer | undefined) => void;
  failed: (error: unknown, targets: T[]) => void;
  undo?: (answer: Answer) => ToastOffer | undefined;
}) {
  const confirm = useConfirm();
  /** `wording` changes the confirmation of one call (a row's own Delete asking about "this item"). */
  return async (targets: T[], wording?: Partial<ConfirmOptions>): Promise<boolean> => {
    // An empty selection does nothing.
    if (targets.length === 0) return false;
    if (!(await confirm({ confirmText: "Delete", ...ask(targets), ...wording }))) return false;
    const ids = targets.map((item) => item._id);
    try {
      const answer = await remove.mutateAsync(ids);
      selection.forget(ids);
      done(answer, targets, undo?.(answer));
      return true;
    } catch (error) {
      failed(error, targets);
      return false;
    }
  };
}
