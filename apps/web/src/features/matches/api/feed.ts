import {
  type ConnectAnswer,
  FEED_PATHS,
  FEED_SPORTS,
  type FeedSport,
  type MatchInput,
} from "@backoffice/contracts";
import { useQueries } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { matchesKey } from "./matches";

/** Today's fixtures of the four feed sports, loaded in parallel; each fails alone. */
export function useFeed(site: SiteSettings) {
  return useQueries({
    queries: FEED_SPORTS.map((sport) => ({
      queryKey: ["feed", site.key, sport] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        siteApi(site).get<ConnectAnswer>(`/connect/${FEED_PATHS[sport]}`, { signal }),
      staleTime: 60_000,
    })),
  });
}

export const feedSportOf = (index: number): FeedSport => FEED_SPORTS[index]!;

/** Accept: the built payload goes to `POST /matches`. */
export function useAcceptMatch(site: SiteSettings) {
  return useListWrite(matchesKey(site), (payload: MatchInput) =>
    siteApi(site).post<{ message?: string }>("/matches", payload),
  );
}
