import { useSearchParams } from "react-router";

/**
 * Where a keyset page starts (History, Trash: docs/ARCHITECTURE.md#paging-long-lists): `after` an
 * id, the entries older than it; `before` an id, those newer (`before=0`: the oldest page); neither,
 * the newest page.
 */
export type Cursor = { after: string } | { before: string } | Record<string, never>;

const ID = /^(0|[1-9]\d{0,17})$/;

/** The cursor of the URL (`?after=` or `?before=`); one that is not an id is the newest page. */
export function cursorFromParams(params: URLSearchParams): Cursor {
  const after = params.get("after");
  if (after && ID.test(after)) return { after };
  const before = params.get("before");
  if (before && ID.test(before)) return { before };
  return {};
}

/**
 * The cursor of a keyset list, kept in the URL: Back, reload and links keep the page, and entries
 * written meanwhile never shift it. A change of filter drops it (`useUrlFilters`).
 */
export function useCursorParam() {
  const [params, setParams] = useSearchParams();
  const cursor = cursorFromParams(params);
  const setCursor = (next: Cursor) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete("after");
      updated.delete("before");
      updated.delete("page");
      for (const [key, value] of Object.entries(next)) updated.set(key, value);
      return updated;
    });
  return { cursor, setCursor };
}
