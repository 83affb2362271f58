import {
  type AcceptedMatchPayload,
  type ConnectAnswer,
  FEED_PATHS,
  FEED_SPORTS,
  type FeedSport,
  type Match,
  type MatchInput,
} from "@backoffice/contracts";
import { queryOptions, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, serverMessageOf, siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { currentMatchesQueryOptions, matchesKey, useCurrentMatches } from "./matches";

const feedKey = (site: SiteSettings, sport: FeedSport) => ["feed", site.key, sport] as const;

/**
 * Today's fixtures of the four feed sports as the api kept them (the feed sync's and Refresh's
 * answers), loaded in parallel; each fails alone. Reading them costs none of the feed's quota.
 */
const feedQueryOptions = (site: SiteSettings, sport: FeedSport) =>
  queryOptions({
    queryKey: feedKey(site, sport),
    queryFn: ({ signal }) => siteApi(site).get<ConnectAnswer>(`/connect/${FEED_PATHS[sport]}`, { signal }),
    // A sync in the background may keep newer fixtures: the screen follows it while open.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function useFeed(site: SiteSettings) {
  return useQueries({ queries: FEED_SPORTS.map((sport) => feedQueryOptions(site, sport)) });
}

/**
 * Refresh: asks the sports feed for today's fixtures of the given sports now, one call each from the
 * daily quota (`POST /connect/{sport}/refresh`); each answer replaces what the screen shows, and a
 * sport that fails keeps its error (and what was kept before) until it is refreshed again.
 */
export function useRefreshFeed(site: SiteSettings) {
  const client = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<FeedSport>>(() => new Set());
  const [failed, setFailed] = useState<Partial<Record<FeedSport, unknown>>>({});
  const settle = (sport: FeedSport, error?: unknown) => {
    setPending((current) => new Set([...current].filter((s) => s !== sport)));
    setFailed((current) => {
      const { [sport]: _, ...others } = current;
      return error === undefined ? others : { ...others, [sport]: error };
    });
  };
  const refresh = async (sports: readonly FeedSport[]) => {
    setPending((current) => new Set([...current, ...sports]));
    await Promise.all(
      sports.map(async (sport) => {
        try {
          const answer = await siteApi(site).post<ConnectAnswer>(`/connect/${FEED_PATHS[sport]}/refresh`);
          client.setQueryData(feedKey(site, sport), answer);
          settle(sport);
        } catch (error) {
          settle(sport, error);
        }
      }),
    );
    // The calls were counted: the quota line follows.
    await client.invalidateQueries({ queryKey: feedStatusKey(site) });
  };
  return { refresh, pending, failed };
}

/** `GET /feed/status`: the provider's calls used and left today, and when the feed sync last ran. */
type FeedSyncStatus = {
  quota: { used: number; limit: number; remaining: number };
  lastSync: string | null;
};
const feedStatusKey = (site: SiteSettings) => ["feed-status", site.key] as const;

const feedStatusQueryOptions = (site: SiteSettings) =>
  queryOptions({
    queryKey: feedStatusKey(site),
    queryFn: ({ signal }) => siteApi(site).get<FeedSyncStatus>("/feed/status", { signal }),
    // A sync runs in the background: the line follows it while the screen is open.
    refetchInterval: 15_000,
  });

export function useFeedStatus(site: SiteSettings) {
  return useQuery(feedStatusQueryOptions(site));
}

/** Fetch Matches' loads: the four sports' fixtures, the quota line and the matches they are compared with. */
export const fetchMatchesScreenData: ScreenData = ({ site }) => [
  ...FEED_SPORTS.map((sport) => prefetchOf(feedQueryOptions(site, sport))),
  prefetchOf(feedStatusQueryOptions(site)),
  prefetchOf(currentMatchesQueryOptions(site)),
];

/**
 * The feed's calls left today, one figure: our count's remainder, or the provider's own from the
 * answers on the screen (`providerRemaining`) when that is lower (another client of the same key
 * used some), docs/PRODUCT-RULES.md#matches-and-the-sports-feed. Undefined while unknown.
 */
export function useFeedCallsLeft(
  site: SiteSettings,
  providerRemaining?: number,
): { remaining: number; limit: number } | undefined {
  const { data } = useFeedStatus(site);
  if (!data) return undefined;
  return {
    remaining: Math.min(data.quota.remaining, providerRemaining ?? data.quota.remaining),
    limit: data.quota.limit,
  };
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

/**
 * The keys of the matches Manage Matches holds, so fixtures accepted before show as Accepted: today's
 * fixtures are live, upcoming or just finished, so the working set (unpaged) holds every one of them.
 */
export function useAcceptedKeys(site: SiteSettings): ReadonlySet<string> {
  const matches = useCurrentMatches(site);
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
