import {
  kindsOn,
  RECORD_KINDS,
  type Site,
  TRASH_DAYS,
  TRASH_RESOURCES,
  type TrashItem,
  type TrashResource,
  trashFactsOf,
} from "@backoffice/contracts";

/** The kinds of record a site can have in its trash, in the filter's order. */
export function trashResourcesOf(site: Site): TrashResource[] {
  return kindsOn(site, TRASH_RESOURCES);
}

/** The filter's options: the kinds as their screens name them. */
export const resourceLabel = (resource: TrashResource): string => RECORD_KINDS[resource].label;

/** The Kind column: what one record is. */
export const kindLabel = (resource: TrashResource): string => trashFactsOf(resource).kind;

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

export const trashMessages = {
  subtitle: `Deleted items are kept for ${TRASH_DAYS} days, then deleted forever.`,
  empty: {
    title: "The trash is empty",
    description: `What you delete stays here for ${TRASH_DAYS} days, ready to be restored.`,
  },
  emptyFiltered: {
    title: "Nothing of this kind in the trash",
    description: "Show all items to see the rest of the trash.",
  },
  loadError: {
    title: "Failed to fetch the trash",
    description: "The trash could not be loaded. Check the connection and try again.",
  },
  count: items,
  restored: "Restored",
  restoreFailed: "Restore failed",
  notRestored: "Nothing was restored.",
  purged: "Deleted forever",
  purgeFailed: "Delete failed",
  notPurged: "Nothing was deleted.",
  /** The confirmation names what it deletes: the item itself when there is one. */
  confirmPurge: (targets: readonly Pick<TrashItem, "label">[]) =>
    targets.length === 1
      ? `Delete "${targets[0]!.label}" forever?`
      : `Delete ${items(targets.length)} forever?`,
  purgeWarning: (n: number) => `${n === 1 ? "It" : "They"} cannot be restored afterwards.`,
} as const;
