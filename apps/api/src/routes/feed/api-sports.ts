import { FEED_SPORTS, type FeedSport } from "@backoffice/contracts";
import { HttpError } from "@backoffice/server";
import type { Config } from "../../config.ts";
import type { ProviderOutcome } from "../../lib/metrics.ts";

/** The provider's hosts; with no key and no URL the sandbox stands in. */
const PRODUCTION_URLS: Record<FeedSport, string> = {
  football: "https://v3.football.api-sports.io",
  basketball: "https://v1.basketball.api-sports.io",
  hockey: "https://v1.hockey.api-sports.io",
  nfl: "https://v1.american-football.api-sports.io",
};
const SANDBOX_PATHS: Record<FeedSport, string> = {
  football: "football",
  basketball: "basketball",
  hockey: "hockey",
  nfl: "american-football",
};
const SPORT_NAMES: Record<FeedSport, string> = {
  football: "Football",
  basketball: "Basketball",
  hockey: "Hockey",
  nfl: "American football",
};
const TIMEOUT_MS = 10_000;

export interface FeedSource {
  baseUrl: string;
  /** Sent as `x-apisports-key`; absent when a base URL is set explicitly without a key. */
  key: string | undefined;
}

/** Where each sport's fixtures come from: an explicit base URL is used as given, even without a key. */
export function feedSources(config: Config): Record<FeedSport, FeedSource> {
  const explicit: Record<FeedSport, string | undefined> = {
    football: config.APISPORTS_FOOTBALL_URL,
    basketball: config.APISPORTS_BASKETBALL_URL,
    hockey: config.APISPORTS_HOCKEY_URL,
    nfl: config.APISPORTS_AMFOOTBALL_URL,
  };
  const sandbox = config.SANDBOX_URL.replace(/\/+$/, "");
  return Object.fromEntries(
    FEED_SPORTS.map((sport) => {
      const url = explicit[sport]?.replace(/\/+$/, "");
      if (url)
        return [
          sport,
          { baseUrl: url, key: config.APISPORTS_KEY ?? (url.startsWith(sandbox) ? "sandbox" : undefined) },
        ];
      if (config.APISPORTS_KEY)
        return [sport, { baseUrl: PRODUCTION_URLS[sport], key: config.APISPORTS_KEY }];
      return [sport, { baseUrl: `${sandbox}/apisports/${SANDBOX_PATHS[sport]}`, key: "sandbox" }];
    }),
  ) as Record<FeedSport, FeedSource>;
}

export interface FeedDay {
  response: unknown[];
  quota: { remaining: number | null; limit: number | null };
}

const headerNumber = (headers: Headers, name: string) => {
  const value = headers.get(name);
  return value === null || value.trim() === "" || Number.isNaN(Number(value)) ? null : Number(value);
};

/** The provider reports refusals in an `errors` object (or list) with HTTP 200. */
function providerErrors(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map(String);
  if (typeof errors === "object") return Object.values(errors as Record<string, unknown>).map(String);
  return [String(errors)];
}

/**
 * One day's fixtures (`yyyy-MM-dd`) of one sport in `timeZone` (football v3 `fixtures`, the others v1 `games`).
 * Any failure of the provider becomes a 502 naming the sport, so the other sports still load.
 * `report` hears how the call ended and the quota the provider's headers gave (for /metrics),
 * refusals included: a refusal for the day's limit carries the headers that explain it.
 */
export async function fetchFeedDay(
  sport: FeedSport,
  source: FeedSource,
  timeZone: string,
  day: string,
  report: (outcome: ProviderOutcome, quota: FeedDay["quota"] | null) => void = () => {},
): Promise<FeedDay> {
  const name = SPORT_NAMES[sport];
  const url = new URL(`${source.baseUrl}/${sport === "football" ? "fixtures" : "games"}`);
  url.searchParams.set("date", day);
  url.searchParams.set("timezone", timeZone);
  let answer: Response;
  try {
    answer = await fetch(url, {
      headers: { accept: "application/json", ...(source.key ? { "x-apisports-key": source.key } : {}) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    report("unreachable", null);
    const timedOut = (error as Error).name === "TimeoutError";
    throw new HttpError(502, `${name} feed ${timedOut ? "did not answer in time" : "could not be reached"}`);
  }
  const quota = {
    remaining: headerNumber(answer.headers, "x-ratelimit-requests-remaining"),
    limit: headerNumber(answer.headers, "x-ratelimit-requests-limit"),
  };
  try {
    const response = await fixturesOf(name, answer);
    report("ok", quota);
    return { response, quota };
  } catch (error) {
    report("error", quota);
    throw error;
  }
}

/** The fixtures of an answer, or the 502 that says why it cannot be used. */
async function fixturesOf(name: string, answer: Response): Promise<unknown[]> {
  if (answer.status === 401 || answer.status === 403)
    throw new HttpError(502, `${name} feed refused the API key (${answer.status})`);
  if (!answer.ok) throw new HttpError(502, `${name} feed failed (${answer.status})`);
  const body = (await answer.json().catch(() => null)) as { response?: unknown } | null;
  const errors = providerErrors(body);
  if (errors.length > 0) throw new HttpError(502, `${name} feed: ${errors.join("; ")}`);
  if (!body || !Array.isArray(body.response))
    throw new HttpError(502, `${name} feed answered in an unknown shape`);
  return body.response;
}
