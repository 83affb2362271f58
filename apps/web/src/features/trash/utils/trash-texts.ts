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

/** "A", "A" and "B", "A", "B" and "C", or the first three and "N more": a toast stays short. */
function quotedNames(targets: readonly Pick<TrashItem, "label">[]): string {
  const names = targets.map((target) => `"${target.label}"`);
  if (names.length <= 3)
    return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}

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
  /** The restore toast names what came back, and how many could not (made again since, or purged). */
  restoredItems: (targets: readonly Pick<TrashItem, "label">[], skipped: number) =>
    skipped === 0
      ? `${quotedNames(targets)} ${targets.length === 1 ? "is" : "are"} back where ${targets.length === 1 ? "it was" : "they were"}.`
      : `Of ${quotedNames(targets)}, ${items(targets.length - skipped)} came back; ${skipped} could not be restored.`,
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
