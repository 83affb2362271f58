import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";

/** The `page` search parameter as a page number (1 when missing or not a positive whole number). */
export function pageFromParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The current page of a paged list, kept in the URL (`?page=`; Back, reload and links keep it).
 * The page shown is derived: never past the last page the server reported, so a list that shrank
 * shows its new last page without an effect rewriting the URL. Call
 * `reportPages(n)` with the number of pages of each answer.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const requested = pageFromParam(params.get("page"));
  const [lastPage, setLastPage] = useState<number | null>(null);
  const page = Math.max(1, Math.min(requested, lastPage ?? requested));

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete("page");
        else updated.set("page", String(next));
        return updated;
      }),
    [setParams],
  );

  /** Records the number of pages of the latest answer (React re-renders at once with the derived page). */
  const reportPages = (numberOfPages: number | undefined) => {
    if (numberOfPages !== undefined && numberOfPages !== lastPage) setLastPage(Math.max(1, numberOfPages));
  };

  return { page, setPage, reportPages };
}
