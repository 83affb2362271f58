import type { App } from "@backoffice/contracts";
import type { SortOption } from "@/components/list/url-sort";

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * The number a download text stands for ("500M+", "1,000,000+", "1.2B", "10 K"), for sorting;
 * a text without a number counts as 0.
 */
export function downloadCount(text: string): number {
  const match = /(\d[\d,.\s]*)\s*([kmb])?/i.exec(text);
  if (!match) return 0;
  const number = Number.parseFloat(match[1]!.replace(/[,\s]/g, ""));
  return Number.isFinite(number) ? number * (SCALE[match[2]?.toLowerCase() ?? ""] ?? 1) : 0;
}

const byTitle = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The orders of the apps list (docs/PRODUCT-RULES.md#apps-and-games). */
export const APP_SORTS: readonly [SortOption<App>, ...SortOption<App>[]] = [
  // The server's order: the apps shown first on the site, then the newest.
  { value: "newest", label: "Newest", compare: () => 0 },
  { value: "title", label: "Title (A–Z)", compare: (a, b) => byTitle.compare(a.title, b.title) },
  { value: "rating", label: "Rating", compare: (a, b) => b.rating - a.rating },
  {
    value: "downloads",
    label: "Downloads",
    compare: (a, b) => downloadCount(b.download) - downloadCount(a.download),
  },
];
