import {
  LEAGUE_LOGOS_PATH,
  MATCH_LIST_STATUSES,
  MATCH_SPORTS,
  MATCH_STATUSES,
  type Match,
  type MatchesQuery,
  type MatchInput,
  type MatchListStatus,
  type MatchSport,
  PREDEFINED_LEAGUES,
  SPORT_LABELS,
} from "@backoffice/contracts";
import { z } from "zod";
import { applyAtFormField, emptyApplyAt } from "@/components/window/window-form";
import { formatDay, parseDay, parseTime } from "@/lib/format";

/** The texts of Manage Matches, fixed word for word. */
export const matchMessages = {
  subtitle: "Create, edit and remove the matches the public site streams.",
  required: "Please fill all the fields",
  fetchFailed: "Failed to fetch matches",
  saveFailed: "Failed to save match",
  deleteFailed: "Failed to delete match",
  bulkDeleteFailed: "Failed to delete selected matches",
  created: "Match created successfully",
  updated: "Match updated successfully",
  deleted: "Match deleted successfully",
  /** A bulk delete and its Undo count the matches the user chose, not the servers that go with them. */
  deletedMany: (n: number) => `${n} matches deleted`,
  deletedManyDescription: "They were removed with their servers.",
  restored: (n: number) => `${n} ${n === 1 ? "match" : "matches"} restored`,
  confirmOne: "Are you sure you want to delete this match?",
  confirmMany: "Are you sure you want to delete these matches?",
  empty: "No matches found",
  /** "1 match found", "24 matches found", or "10,000+ matches found" when the server counted up to 10,000. */
  found: (n: number, capped = false) =>
    `${n.toLocaleString("en-US")}${capped ? "+" : ""} ${n === 1 && !capped ? "match" : "matches"} found`,
} as const;

const required = z.string().trim().min(1, matchMessages.required);
const score = z.string().trim().regex(/^\d*$/, "Enter a whole number");
/** Days and times are typed as the product shows them (lib/format.ts): dd/mm/yyyy, 24-hour HH:mm. */
const day = required.refine((text) => text === "" || parseDay(text) !== null, "Enter the date as dd/mm/yyyy");
const clock = required.refine(
  (text) => text === "" || parseTime(text) !== null,
  "Enter the time as HH:mm (24-hour clock)",
);

/** What the dialog edits; the server checks the same rules again (packages/contracts/src/matches.ts). */
export const matchFormSchema = z.object({
  type: z.enum(MATCH_SPORTS),
  status: z.enum(MATCH_STATUSES),
  league_name: required,
  league_logo: required,
  homeTeam_name: required,
  homeTeam_logo: required,
  homeTeam_score: score,
  awayTeam_name: required,
  awayTeam_logo: required,
  awayTeam_score: score,
  date: day,
  time: clock,
  end_time: clock,
  type_match: z.enum(["video", "iframe"]),
  isFirst: z.boolean(),
  matchUrl: required,
  // An edit may wait until then (docs/PRODUCT-RULES.md#scheduled-changes).
  ...applyAtFormField,
});
export type MatchFormValues = z.infer<typeof matchFormSchema>;

export function emptyMatchForm(matchUrl: string): MatchFormValues {
  return {
    type: "football",
    status: "upcoming",
    league_name: "",
    league_logo: "",
    homeTeam_name: "",
    homeTeam_logo: "",
    homeTeam_score: "",
    awayTeam_name: "",
    awayTeam_logo: "",
    awayTeam_score: "",
    date: "",
    time: "",
    end_time: "23:59",
    type_match: "video",
    isFirst: false,
    matchUrl,
    ...emptyApplyAt(),
  };
}

export function matchToForm(match: Match): MatchFormValues {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  return {
    type: match.type,
    status: match.status,
    league_name: match.league.name,
    league_logo: match.league.logo,
    homeTeam_name: match.homeTeam.name,
    homeTeam_logo: match.homeTeam.logo,
    homeTeam_score: text(match.homeTeam.score),
    awayTeam_name: match.awayTeam.name,
    awayTeam_logo: match.awayTeam.logo,
    awayTeam_score: text(match.awayTeam.score),
    date: formatDay(match.date),
    time: match.time,
    end_time: match.end_time,
    type_match: match.type_match,
    isFirst: match.isFirst,
    matchUrl: match.matchUrl,
    ...emptyApplyAt(),
  };
}

/** The flattened payload: the day as yyyy-mm-dd, times as HH:mm, isFirst as text, blank scores left out. */
export function toMatchPayload(values: MatchFormValues): MatchInput {
  const { homeTeam_score, awayTeam_score, applyAt: _later, ...rest } = values;
  return {
    ...rest,
    date: parseDay(values.date) ?? values.date,
    time: parseTime(values.time) ?? values.time,
    end_time: parseTime(values.end_time) ?? values.end_time,
    isFirst: values.isFirst ? "true" : "false",
    ...(homeTeam_score ? { homeTeam_score: Number(homeTeam_score) } : {}),
    ...(awayTeam_score ? { awayTeam_score: Number(awayTeam_score) } : {}),
  };
}

/** The logo URL of a predefined league, served by the api itself. */
export function leagueLogoUrl(sport: MatchSport, name: string, origin: string): string | null {
  const league = PREDEFINED_LEAGUES[sport].find((l) => l.name === name);
  return league ? `${origin}${LEAGUE_LOGOS_PATH}/${league.logo}` : null;
}

/** Filter options of the sports screens: [value, label]. */
export const SPORT_OPTIONS = MATCH_SPORTS.map((s) => [s, SPORT_LABELS[s]] as const);
export const STATUS_OPTIONS = MATCH_STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const);

/** The list filters' statuses: the lifecycle's, and the matches that left the working set. */
export const LIST_STATUS_OPTIONS = [...STATUS_OPTIONS, ["older", "Finished earlier"] as const] as const;

/** A page of Manage Matches or Other Servers: the filters and page of the URL (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */
export type MatchesPageQuery = Omit<MatchesQuery, "limit"> & { page: number };

/**
 * The sports screens' filters and order as read from the URL, as the api takes them (`GET /matches`,
 * docs/PRODUCT-RULES.md#matches-and-the-sports-feed); an unknown value is no filter.
 */
export function matchesQueryOf(
  get: (key: "q" | "sport" | "status" | "league") => string,
  page: number,
  sort: string,
): MatchesPageQuery {
  const q = get("q").trim();
  const sport = get("sport");
  const status = get("status");
  return {
    page,
    ...(q ? { q } : {}),
    ...((MATCH_SPORTS as readonly string[]).includes(sport) ? { sport: sport as MatchSport } : {}),
    ...((MATCH_LIST_STATUSES as readonly string[]).includes(status)
      ? { status: status as MatchListStatus }
      : {}),
    ...(get("league") ? { league: get("league") } : {}),
    ...(sort === "earliest" ? { sort: "earliest" as const } : {}),
  };
}
