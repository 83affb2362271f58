import {
  type AcceptedMatchPayload,
  type ConnectAnswer,
  FEED_PATHS,
  FEED_SPORTS,
  type FeedSport,
  type Match,
  type MatchInput,
} from "@backoffice/contracts";
import { useQueries, useQuery } from "@tanstack/react-query";
import { ApiError, serverMessageOf, siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { matchesKey, useMatches } from "./matches";

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

/** `GET /feed/status`: the provider's calls used and left today, and when the feed sync last ran. */
type FeedSyncStatus = {
  quota: { used: number; limit: number; remaining: number };
  lastSync: string | null;
};
const feedStatusKey = (site: SiteSettings) => ["feed-status", site.key] as const;

export function useFeedStatus(site: SiteSettings) {
  return useQuery({
    queryKey: feedStatusKey(site),
    queryFn: ({ signal }) => siteApi(site).get<FeedSyncStatus>("/feed/status", { signal }),
    // A sync runs in the background: the line follows it while the screen is open.
    refetchInterval: 15_000,
  });
}

export const feedSportOf = (index: number): FeedSport => FEED_SPORTS[index]!;

/**
 * What makes two matches the same for the server (docs/PRODUCT-RULES.md, a second match with the
 * same sport, teams and day is refused): a fixture with this key is already in Manage Matches.
 */
const sameMatchKey = (type: string, home: string, away: string, day: string) =>
  [type, home.toLowerCase(), away.toLowerCase(), day].join("\n");
const keyOfMatch = (m: Match) => sameMatchKey(m.type, m.homeTeam.name, m.awayTeam.name, m.date);
export const keyOfPayload = (p: AcceptedMatchPayload) =>
  sameMatchKey(p.type, p.homeTeam_name, p.awayTeam_name, p.date);

/** The keys of the matches Manage Matches holds, so fixtures accepted before show as Accepted. */
export function useAcceptedKeys(site: SiteSettings): ReadonlySet<string> {
  const matches = useMatches(site);
  return new Set((matches.data ?? []).map(keyOfMatch));
}

/** Accept: the built payload goes to `POST /matches`. */
export function useAcceptMatch(site: SiteSettings) {
  return useListWrite(matchesKey(site), (payload: MatchInput) =>
    siteApi(site).post<{ message?: string }>("/matches", payload),
  );
}

/** How a bulk accept went: accepted, already in Manage Matches (409), and the other failures. */
export type AcceptSummary = { accepted: number; already: number; failed: string[] };

/** Accept selected: one `POST /matches` after the other, then one reload of the list. */
export function useAcceptMatches(site: SiteSettings) {
  return useListWrite(matchesKey(site), async (payloads: MatchInput[]): Promise<AcceptSummary> => {
    const summary: AcceptSummary = { accepted: 0, already: 0, failed: [] };
    for (const payload of payloads) {
      try {
        await siteApi(site).post("/matches", payload);
        summary.accepted++;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) summary.already++;
        else summary.failed.push(serverMessageOf(error, "Failed to accept match"));
      }
    }
    return summary;
  });
}
