/**
 * The fields of a match a member writes, in the form's order: the columns an import maps to, and on
 * an update the ones that may not be blanked (all but the optional scores).
 */
export const MATCH_WRITTEN_FIELDS = [
  "status",
  "type",
  "league_name",
  "league_logo",
  "homeTeam_name",
  "homeTeam_logo",
  "homeTeam_score",
  "awayTeam_name",
  "awayTeam_logo",
  "awayTeam_score",
  "date",
  "time",
  "end_time",
  "type_match",
  "isFirst",
  "matchUrl",
] as const;
