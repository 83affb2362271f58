import {
  clockStatus,
  effectiveStatus,
  MATCH_MESSAGES,
  type Match,
  type MatchBody,
  type MatchUpdate,
  matchBoundaries,
  type Site,
} from "@backoffice/contracts";
import { newId, type Queryable, type SentVersion } from "@backoffice/db";
import { conflict } from "@backoffice/server";
import { iso, mergedUpdate } from "../../lib/rows.ts";

interface MatchRow {
  id: string;
  status: Match["status"];
  type: Match["type"];
  league_name: string;
  league_logo: string;
  home_name: string;
  home_logo: string;
  home_score: number | null;
  away_name: string;
  away_logo: string;
  away_score: number | null;
  day: string;
  time: string;
  end_time: string;
  type_match: Match["type_match"];
  is_first: boolean;
  match_url: string;
  status_set_at: Date;
  feed_fixture_id: string | null;
  feed_status: string | null;
  feed_values: { status?: string } | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns a match's status at a moment depends on. */
export type StatusColumns = Pick<
  MatchRow,
  "status" | "status_set_at" | "day" | "time" | "end_time" | "feed_fixture_id" | "feed_values"
>;

/**
 * A match's status at `now` (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): the one set at
 * `status_set_at` until the clock crosses the next kick-off or end; an accepted fixture whose status
 * is still the feed's keeps the feed's. Every read (the admin list and its filters and summary, the
 * public read, the stream-link round) goes through here, so all show the same status.
 */
export const statusAt = (row: StatusColumns, timeZone: string, now: number): Match["status"] =>
  row.feed_fixture_id !== null && row.feed_values?.status === row.status
    ? row.status
    : effectiveStatus(
        { status: row.status, date: row.day, time: row.time, end_time: row.end_time },
        row.status_set_at.getTime(),
        timeZone,
        now,
      );

/** The match as read at `now`. */
const toMatch = (row: MatchRow, timeZone: string, now: number): Match => ({
  _id: row.id,
  status: statusAt(row, timeZone, now),
  type: row.type,
  league: { name: row.league_name, logo: row.league_logo },
  homeTeam: { name: row.home_name, logo: row.home_logo, score: row.home_score },
  awayTeam: { name: row.away_name, logo: row.away_logo, score: row.away_score },
  date: row.day,
  time: row.time,
  end_time: row.end_time,
  type_match: row.type_match,
  isFirst: row.is_first,
  matchUrl: row.match_url,
  feedStatus: row.feed_status,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The flattened payload as columns, in the order of the insert below; no status is the clock's. */
const columns = (input: MatchBody, timeZone: string) =>
  [
    input.status ?? clockStatus(input, timeZone, Date.now()),
    input.type,
    input.league_name,
    input.league_logo,
    input.homeTeam_name,
    input.homeTeam_logo,
    input.homeTeam_score ?? null,
    input.awayTeam_name,
    input.awayTeam_logo,
    input.awayTeam_score ?? null,
    input.date,
    input.time,
    input.end_time,
    input.type_match,
    input.isFirst,
    input.matchUrl,
    // The status is set now: it stays until the next kick-off or end (toMatch).
    new Date(),
  ] as const;

/**
 * The columns an update sets on the stored `row`; left-out fields stay (undefined). A left-out status
 * stays as it was set, unless the day or a time changes: then the clock's for the new ones, set now.
 */
function changedColumns(row: MatchRow, input: MatchUpdate, timeZone: string) {
  const times = {
    date: input.date ?? row.day,
    time: input.time ?? row.time,
    end_time: input.end_time ?? row.end_time,
  };
  const rescheduled = times.date !== row.day || times.time !== row.time || times.end_time !== row.end_time;
  const status = input.status ?? (rescheduled ? clockStatus(times, timeZone, Date.now()) : undefined);
  return {
    status,
    status_set_at: status === undefined ? undefined : new Date(),
    type: input.type,
    league_name: input.league_name,
    league_logo: input.league_logo,
    home_name: input.homeTeam_name,
    home_logo: input.homeTeam_logo,
    home_score: input.homeTeam_score,
    away_name: input.awayTeam_name,
    away_logo: input.awayTeam_logo,
    away_score: input.awayTeam_score,
    day: input.date,
    time: input.time,
    end_time: input.end_time,
    type_match: input.type_match,
    is_first: input.isFirst,
    match_url: input.matchUrl,
  };
}

/** An accepted fixture's feed columns; the values the feed wrote are what the sync later compares. */
const feedColumns = (input: MatchBody, status: string) =>
  input.feed_sport && input.feed_fixture_id
    ? [
        input.feed_sport,
        input.feed_fixture_id,
        input.feed_status ?? null,
        JSON.stringify({
          status,
          home_score: input.homeTeam_score ?? null,
          away_score: input.awayTeam_score ?? null,
        }),
      ]
    : [null, null, null, null];

/** A second match with the same sport, teams and day answers 409: a fixture accepted twice is one match. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown }).code === "23505") throw conflict(MATCH_MESSAGES.duplicate);
    throw error;
  }
}

/**
 * A site's matches. `timeZone` is the one their days and times are in (`FEED_TIMEZONE`); the clock is
 * the process's (`Date.now()`, which tests set), also for `status_set_at`, so reads and writes agree.
 * Only writers and existence checks (the seed, Other Servers) may leave the time zone out.
 */
export function matchesRepository(db: Queryable, site: Site, timeZone = "UTC") {
  const read = (row: MatchRow) => toMatch(row, timeZone, Date.now());
  return {
    async list(): Promise<Match[]> {
      const rows = await db.query<MatchRow>(
        "select * from matches where site = $1 order by is_first desc, day desc, time desc, id desc",
        [site],
      );
      return rows.map(read);
    },
    /**
     * What the public read lists at `now`: finished matches ended more than `finishedDays` days ago
     * are left out. `until` is the next moment this answer stops being true (a kick-off, an end, or a
     * finished match ageing out), or undefined when none is ahead.
     */
    async listPublic(finishedDays: number): Promise<{ matches: Match[]; until: number | undefined }> {
      const rows = await db.query<MatchRow>(
        "select * from matches where site = $1 order by is_first desc, day desc, time desc, id desc",
        [site],
      );
      const now = Date.now();
      const keptFor = finishedDays * 86_400_000;
      let until = Number.POSITIVE_INFINITY;
      const matches: Match[] = [];
      for (const row of rows) {
        const { kickOff, end } = matchBoundaries(
          { date: row.day, time: row.time, end_time: row.end_time },
          timeZone,
        );
        for (const moment of [kickOff, end, end + keptFor])
          if (moment > now && moment < until) until = moment;
        const match = toMatch(row, timeZone, now);
        if (match.status === "finished" && end + keptFor <= now) continue;
        matches.push(match);
      }
      return { matches, until: Number.isFinite(until) ? until : undefined };
    },
    async find(id: string): Promise<Match | undefined> {
      const [row] = await db.query<MatchRow>("select * from matches where site = $1 and id = $2", [site, id]);
      return row && read(row);
    },
    async create(input: MatchBody): Promise<Match> {
      const values = columns(input, timeZone);
      const [row] = await unique(
        db.query<MatchRow>(
          `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, home_score,
             away_name, away_logo, away_score, day, time, end_time, type_match, is_first, match_url, status_set_at,
             feed_sport, feed_fixture_id, feed_status, feed_values, feed_synced_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
             $20, $21, $22, $23::text::jsonb, case when $21::text is null then null else now() end) returning *`,
          [newId(), site, ...values, ...feedColumns(input, values[0])],
        ),
      );
      return read(row!);
    },
    /**
     * Changes the fields given, keeping the others (merged with the stored row in one transaction).
     * Undefined when no row matched: no such match, or its version is no longer `version` (when given).
     */
    async update(id: string, input: MatchUpdate, version?: SentVersion): Promise<Match | undefined> {
      const row = await unique(
        mergedUpdate<MatchRow>(db, "matches", { site, id }, version, (stored) =>
          changedColumns(stored, input, timeZone),
        ),
      );
      return row && read(row);
    },
    /** Deletes the given ids (their servers go with them); returns the ones that existed. */
    async remove(ids: string[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        "delete from matches where site = $1 and id = any($2) returning id",
        [site, ids],
      );
      return rows.map((row) => row.id);
    },
  };
}
