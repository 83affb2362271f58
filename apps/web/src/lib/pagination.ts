export type PaginationMode = "fixed" | "window";

/**
 * The page numbers whose buttons are shown. "fixed": 1..5 whatever the current page (emails
 * and contacts); "window": up to 5 pages around the current one (movies list).
 */
export function pageNumbers(
  page: number,
  totalPages: number,
  mode: PaginationMode,
  maxButtons = 5,
): number[] {
  const count = Math.max(0, Math.min(maxButtons, totalPages));
  let first = 1;
  if (mode === "window") {
    first = Math.max(1, Math.min(page - Math.floor(maxButtons / 2), totalPages - count + 1));
  }
  return Array.from({ length: count }, (_, i) => first + i);
}
