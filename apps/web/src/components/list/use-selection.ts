import { useCallback, useEffect, useMemo, useState } from "react";

function readStored(key: string | undefined): ReadonlySet<string> {
  if (!key) return new Set();
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * The selection of a list, kept by id. It survives paging and filtering; what a
 * view can act on is `inView(ids)`: the selected ids among the rows on screen, so a filter never
 * leaves hidden rows to be deleted. `prune(ids)` keeps only ids that still exist after a reload
 * or a delete. With a `storageKey` it survives a reload (kept in local storage, so signing out
 * clears it); the caller prunes it to the rows still listed.
 */
export function useSelection(storageKey?: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => readStored(storageKey));
  useEffect(() => {
    if (!storageKey) return;
    if (selected.size === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify([...selected]));
  }, [storageKey, selected]);

  const set = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      if (current.has(id) === on) return current;
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  /** Select or clear every row of this view (the header checkbox, "Select All"). */
  const setMany = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const forget = useCallback((ids: readonly string[]) => setMany(ids, false), [setMany]);
  const clear = useCallback(() => setSelected(new Set()), []);

  /** Keeps only the ids that are still listed (after a reload). */
  const prune = useCallback((existing: readonly string[]) => {
    const keep = new Set(existing);
    setSelected((current) => {
      const next = new Set([...current].filter((id) => keep.has(id)));
      return next.size === current.size ? current : next;
    });
  }, []);

  return useMemo(
    () => ({
      selected,
      count: selected.size,
      has: (id: string) => selected.has(id),
      set,
      setMany,
      forget,
      clear,
      prune,
      /** The selected ids among `ids`, and whether all or some of them are selected. */
      inView(ids: readonly string[]) {
        const chosen = ids.filter((id) => selected.has(id));
        return {
          ids: chosen,
          all: ids.length > 0 && chosen.length === ids.length,
          some: chosen.length > 0 && chosen.length < ids.length,
        };
      },
    }),
    [selected, set, setMany, forget, clear, prune],
  );
}
