import {
  LEAGUE_LOGOS_PATH,
  MATCH_SPORTS,
  MATCH_STATUSES,
  type Match,
  type MatchInput,
  type MatchSport,
  type MatchStatus,
  PREDEFINED_LEAGUES,
  SPORT_LABELS,
} from "@backoffice/contracts";
import { z } from "zod";
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
  found: (n: number) => `${n} ${n === 1 ? "match" : "matches"} found`,
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
  };
}

/** The flattened payload: the day as yyyy-mm-dd, times as HH:mm, isFirst as text, blank scores left out. */
export function toMatchPayload(values: MatchFormValues): MatchInput {
  const { homeTeam_score, awayTeam_score, ...rest } = values;
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

export type MatchFilters = {
  search: string;
  sport: MatchSport | "all";
  status: MatchStatus | "all";
  league: string;
};

export function filterMatches(matches: readonly Match[], filters: MatchFilters): Match[] {
  const needle = filters.search.trim().toLowerCase();
  return matches.filter(
    (m) =>
      (filters.sport === "all" || m.type === filters.sport) &&
      (filters.status === "all" || m.status === filters.status) &&
      (filters.league === "" || m.league.name === filters.league) &&
      (!needle ||
        [m.homeTeam.name, m.awayTeam.name, m.league.name].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  );
}

/** The sports screens' filters as read from the URL. */
export function matchFiltersOf(get: (key: "q" | "sport" | "status" | "league") => string): MatchFilters {
  const sport = get("sport");
  const status = get("status");
  return {
    search: get("q"),
    sport: (MATCH_SPORTS as readonly string[]).includes(sport) ? (sport as MatchSport) : "all",
    status: (MATCH_STATUSES as readonly string[]).includes(status) ? (status as MatchStatus) : "all",
    league: get("league"),
  };
}

/** Match Summary: live, upcoming and finished counts, distinct leagues and sports. */
export function matchSummary(matches: readonly Match[]) {
  const count = (status: MatchStatus) => matches.filter((m) => m.status === status).length;
  return {
    live: count("live"),
    upcoming: count("upcoming"),
    finished: count("finished"),
    leagues: new Set(matches.map((m) => m.league.name)).size,
    sports: new Set(matches.map((m) => m.type)).size,
  };
}
