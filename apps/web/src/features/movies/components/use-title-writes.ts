import type { MovieItem } from "@backoffice/contracts";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { useConfirmedDelete } from "@/components/list/use-confirmed-delete";
import { toast, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import type { SiteSettings } from "@/sites";
import { catalogKey, setTitleLocker, useDeleteTitles, useTitleLocker, useUpdateTitle } from "../api/catalog";
import { failureText, movieMessages, titleNames } from "../utils/movie-texts";

/** Per-item locker calls run this many at a time (one call per item, in parallel). */
const LOCKER_CONCURRENCY = 6;

/** A title's own Locker and Featured switches, each told in a toast; the locker also to screen readers. */
export function useTitleSwitches(site: SiteSettings) {
  const updateTitle = useUpdateTitle(site);
  const titleLocker = useTitleLocker(site);
  const [announcement, setAnnouncement] = useState("");

  const toggleLocker = async (item: MovieItem) => {
    try {
      await titleLocker.mutateAsync({ id: item._id, on: !item.lockerSelected });
      setAnnouncement(`Locker ${item.lockerSelected ? "off" : "on"} for ${item.title}`);
    } catch (error) {
      toast({
        title: movieMessages.lockerFailed(failureText(error)),
        description: `${item.title} was not changed.`,
        variant: "destructive",
      });
    }
  };

  const toggleFeatured = async (item: MovieItem) => {
    try {
      await updateTitle.mutateAsync({ id: item._id, changes: { featured: !item.featured } });
      toastSuccess(
        item.featured ? movieMessages.unfeatured : movieMessages.featured,
        undefined,
        item.featured ? `${item.title} no longer shows first.` : `${item.title} now shows first.`,
        { key: `feature:${item._id}` },
      );
    } catch (error) {
      toast({
        title: movieMessages.featureFailed(failureText(error)),
        description: `${item.title} was not changed.`,
        variant: "destructive",
        key: `feature:${item._id}`,
      });
    }
  };

  return { toggleLocker, toggleFeatured, announcement };
}

/** Tells the user to select titles first, for an action on the selection with none selected. */
const selectFirst = () =>
  toast({ title: movieMessages.selectFirst, description: movieMessages.selectFirstDescription });

/**
 * Deletes titles after a confirmation, with Undo in the success toast: a row's own Delete asks about
 * "this item", Delete Selected counts, even for one. `pending` while a delete runs.
 */
export function useTitleDelete(site: SiteSettings, selection: { forget: (ids: string[]) => void }) {
  const remove = useDeleteTitles(site);
  const deleteTitles = useConfirmedDelete({
    remove,
    selection,
    undo: useUndo(site, catalogKey(site)),
    ask: (targets: MovieItem[]) => ({
      title: movieMessages.confirmDeleteMany(targets.length),
      description: `${titleNames(targets)} will be removed from the catalogue.`,
    }),
    done: (answer, targets, undo) =>
      toastSuccess(
        targets.length === 1 ? "Item deleted" : "Items deleted",
        answer?.message,
        `${titleNames(targets)} removed.`,
        { ...undo, key: "movie-delete" },
      ),
    failed: (error) =>
      toast({
        title: movieMessages.deleteFailed(failureText(error)),
        description: "Nothing was deleted.",
        variant: "destructive",
        key: "movie-delete",
      }),
  });
  const run = (targets: MovieItem[], single: boolean) =>
    targets.length === 0
      ? selectFirst()
      : deleteTitles(targets, single ? { title: movieMessages.confirmDeleteOne } : undefined);
  return { run, pending: remove.isPending };
}

export type LockerProgress = { on: boolean; done: number; total: number };

/**
 * Sets or clears the locker of every selected title after a confirmation: one call per title, a few
 * at a time, with progress; then the list reloads and one toast says how it went.
 */
export function useBulkLocker(site: SiteSettings, refresh: () => Promise<unknown>) {
  const confirm = useConfirm();
  const [progress, setProgress] = useState<LockerProgress | null>(null);

  const run = async (on: boolean, targets: MovieItem[]) => {
    if (targets.length === 0) return selectFirst();
    const ok = await confirm({
      title: movieMessages.confirmLocker(on, targets.length),
      description: titleNames(targets),
      confirmText: on ? "Set Locker" : "Clear Locker",
      destructive: false,
    });
    if (!ok) return;
    const failures: { item: MovieItem; error: unknown }[] = [];
    let done = 0;
    setProgress({ on, done, total: targets.length });
    const queue = [...targets];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        try {
          await setTitleLocker(site, item._id, on);
        } catch (error) {
          failures.push({ item, error });
        }
        done += 1;
        setProgress({ on, done, total: targets.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOCKER_CONCURRENCY, targets.length) }, worker));
    setProgress(null);
    await refresh();
    if (failures.length > 0) {
      toast({
        title: movieMessages.bulkLockerFailed(failureText(failures[0]!.error)),
        description: `${failures.length} of ${targets.length} ${targets.length === 1 ? "item was" : "items were"} not updated: ${titleNames(failures.map((f) => f.item))}.`,
        variant: "destructive",
      });
    } else {
      toastSuccess(
        on ? "Locker set" : "Locker cleared",
        undefined,
        `${targets.length} ${targets.length === 1 ? "item" : "items"} updated.`,
      );
    }
  };

  return { progress, run };
}
