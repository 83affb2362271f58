import { useCallback } from "react";
import { type TruncateLimits, truncateFor } from "@/lib/format";
import { useBreakpoint } from "./use-breakpoint";

export type { TruncateLimits };

/**
 * Returns a function that shortens texts for the current window width, e.g.
 * `shorten(team, { narrow: site.truncation.matchTeamName.narrow })`.
 */
export function useTruncate() {
  const { narrow, mobile } = useBreakpoint();
  return useCallback(
    (text: string | null | undefined, limits: TruncateLimits) =>
      truncateFor(text, limits, { narrow, mobile }),
    [narrow, mobile],
  );
}
