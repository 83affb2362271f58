import type { Match } from "@backoffice/contracts";
import type { SortOption } from "@/components/list/url-sort";

// yyyy-MM-dd and HH:mm compare as text in date order.
const kickOff = (match: Match) => `${match.date} ${match.time}`;

/** The orders of Manage Matches, by kick-off (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */
export const MATCH_SORTS: readonly [SortOption<Match>, ...SortOption<Match>[]] = [
  // The server's order: the matches shown first on the site, then the latest kick-off.
  { value: "latest", label: "Latest first", compare: () => 0 },
  { value: "earliest", label: "Earliest first", compare: (a, b) => kickOff(a).localeCompare(kickOff(b)) },
];
