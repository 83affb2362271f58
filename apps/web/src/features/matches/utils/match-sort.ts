import type { Match } from "@backoffice/contracts";
import type { SortOption } from "@/components/list/url-sort";

/**
 * The orders of Manage Matches and Other Servers, by kick-off (docs/PRODUCT-RULES.md#matches-and-the-sports-feed),
 * applied by the server, which pages the list (`?sort=`): the cards come in its order.
 */
export const MATCH_SORTS: readonly [SortOption<Match>, ...SortOption<Match>[]] = [
  // The matches shown first on the site, then the latest kick-off.
  { value: "latest", label: "Latest first", compare: () => 0 },
  { value: "earliest", label: "Earliest first", compare: () => 0 },
];
