import {
  clockStatus,
  effectiveStatus,
  MATCH_MESSAGES,
  type Match,
  type MatchBody,
  type MatchListSort,
  type MatchListStatus,
  type MatchSport,
  type MatchSummary,
  type MatchUpdate,
  matchBoundaries,
  type Site,
} from "@backoffice/contracts";
import { newId, type Queryable, type SentVersion } from "@backoffice/db";
import { conflict } from "@backoffice/server";
import { iso, mergedUpdate, pageSlice } from "../../lib/rows.ts";

export interface MatchRow {
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
  archived_at: Date | null;
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
    // Its status may no longer be final: the next read of the working set decides again.
    archived_at: status === undefined ? undefined : null,
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

/** A match of the working set with its status at the moment it was read and its kick-off and end instants. */
export interface CurrentMatch {
  row: MatchRow;
  status: Match["status"];
  kickOff: number;
  end: number;
}

/** The filters and order of Manage Matches (contracts matchesQuery). */
export interface MatchListFilter {
  q?: string | undefined;
  sport?: MatchSport | undefined;
  status?: MatchListStatus | undefined;
  league?: string | undefined;
  sort?: MatchListSort | undefined;
}

const DAY_MS = 86_400_000;

/** A page of a list: its number (from 1) and size. */
export interface ListPage {
  page: number;
  limit: number;
}

/** How far a list of the matches finished earlier is counted (and paged). */
export const MATCH_COUNT_CAP = 10_000;
/** The text a search of the matches finished earlier reads: migration 0033's trigram index. */
const SEARCHED = "(lower(home_name) || E'\\n' || lower(away_name) || E'\\n' || lower(league_name))";

/** `like` text matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Latest kick-off first (the ones shown first on the site before the others), as the list has always been. */
const latestFirst = (a: CurrentMatch, b: CurrentMatch) =>
  Number(b.row.is_first) - Number(a.row.is_first) ||
  b.row.day.localeCompare(a.row.day) ||
  b.row.time.localeCompare(a.row.time) ||
  b.row.id.localeCompare(a.row.id);
const earliestFirst = (a: CurrentMatch, b: CurrentMatch) =>
  a.row.day.localeCompare(b.row.day) ||
  a.row.time.localeCompare(b.row.time) ||
  Number(b.row.is_first) - Number(a.row.is_first) ||
  b.row.id.localeCompare(a.row.id);
/** The same orders in SQL, for the matches that left the working set (migration 0033's indexes). */
const ORDER_SQL = {
  latest: ["is_first desc, day desc, time desc, id desc", "is_first asc, day asc, time asc, id asc"],
  earliest: ["day asc, time asc, is_first desc, id desc", "day desc, time desc, is_first asc, id asc"],
} as const;

/**
 * A kept row's kick-off and end, and the match it reads as with a status: worked out once per row
 * version (a kept row is the same object until it changes), not on every read of the working set.
 */
const worked = new WeakMap<
  MatchRow,
  { timeZone: string; kickOff: number; end: number; match?: { status: Match["status"]; value: Match } }
>();
function boundariesOf(row: MatchRow, timeZone: string) {
  let known = worked.get(row);
  if (known?.timeZone !== timeZone) {
    known = {
      timeZone,
      ...matchBoundaries({ date: row.day, time: row.time, end_time: row.end_time }, timeZone),
    };
    worked.set(row, known);
  }
  return known;
}
/** `toMatch` of a working-set match whose status is known: the same object while row and status stay. */
function currentMatch({ row, status }: CurrentMatch, timeZone: string, now: number): Match {
  const known = boundariesOf(row, timeZone);
  if (known.match?.status !== status) known.match = { status, value: toMatch(row, timeZone, now) };
  return known.match.value;
}

/** The working set's rows each instance read last, per database and site, with the version they had. */
const kept = new WeakMap<
  Queryable,
  Map<Site, { version: string; rows: Map<string, MatchRow & { xmin: string }> }>
>();

/**
 * The working set's rows, kept by each instance and read again only as far as they changed: the
 * site's matches version (migration 0033's triggers: any write, on any instance or process) says
 * whether anything did; then the ids and row versions (`xmin`) of the working set say which rows,
 * and only those are read whole. A list page or the overview costs one small read and the statuses
 * of this moment; the public read after a write re-reads the one match written. The version is read
 * first, so rows read after it are never older than it.
 */
async function keptWorkingSet(db: Queryable, site: Site): Promise<MatchRow[]> {
  const [found] = await db.query<{ version: string }>(
    "select version::text as version from matches_versions where site = $1",
    [site],
  );
  const version = found?.version ?? "0";
  const sites = kept.get(db) ?? new Map();
  kept.set(db, sites);
  const known = sites.get(site);
  if (known?.version === version) return [...known.rows.values()];
  const present = await db.query<{ id: string; xmin: string }>(
    "select id, xmin::text as xmin from matches where site = $1 and archived_at is null",
    [site],
  );
  const changed = present.filter((row) => known?.rows.get(row.id)?.xmin !== row.xmin).map((row) => row.id);
  const read =
    changed.length === 0
      ? []
      : await db.query<MatchRow & { xmin: string }>(
          "select *, xmin::text as xmin from matches where site = $1 and id = any($2)",
          [site, changed],
        );
  const fresh = new Map(read.map((row) => [row.id, row]));
  const rows = new Map<string, MatchRow & { xmin: string }>();
  for (const { id } of present) {
    const row = fresh.get(id) ?? known?.rows.get(id);
    if (row) rows.set(id, row);
  }
  sites.set(site, { version, rows });
  return [...rows.values()];
}

/**
 * The working set (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): the site's matches that are not
 * archived, with their status at `now`. A match found finished more than `finishedDays` days after its
 * end is archived here and left out: its status can no longer change by the clock (both its kick-off
 * and end are past), only by a write, which takes the mark off (`changedColumns`, the feed sync). So a
 * site that keeps every match it ever had reads the few hundred of the last days and the days ahead,
 * not its whole history (migration 0033). The mark is set only on rows that did not change since
 * they were read (their `updated_at` and `status_set_at`, to the millisecond a Date keeps), so a
 * write landing meanwhile wins.
 */
export async function workingSet(
  db: Queryable,
  site: Site,
  timeZone: string,
  finishedDays: number,
  now = Date.now(),
): Promise<CurrentMatch[]> {
  const rows = await keptWorkingSet(db, site);
  const keptFor = finishedDays * DAY_MS;
  // A read for a moment ahead (the stream-link round's tests) leaves a match out without marking it.
  const marksBefore = Math.min(now, Date.now());
  const current: CurrentMatch[] = [];
  const leaving: MatchRow[] = [];
  for (const row of rows) {
    const status = statusAt(row, timeZone, now);
    const { kickOff, end } = boundariesOf(row, timeZone);
    if (status !== "finished" || end + keptFor > now) current.push({ row, status, kickOff, end });
    else if (end + keptFor <= marksBefore && statusAt(row, timeZone, marksBefore) === "finished")
      leaving.push(row);
  }
  if (leaving.length > 0) {
    await db.query(
      `update matches m set archived_at = now()
       from unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) as seen (id, updated_at, status_set_at)
       where m.site = $1 and m.id = seen.id and m.archived_at is null
         and abs(extract(epoch from m.updated_at - seen.updated_at)) < 0.001
         and abs(extract(epoch from m.status_set_at - seen.status_set_at)) < 0.001`,
      [
        site,
        leaving.map((row) => row.id),
        leaving.map((row) => row.updated_at),
        leaving.map((row) => row.status_set_at),
      ],
    );
    // Many at once (the first read after the upgrade: every match a site ever had): the planner's
    // statistics and the dead row versions would make the next reads scan the whole table, and the
    // embedded database runs no autovacuum. Not fatal if it cannot run (a transaction).
    if (leaving.length >= 1000) await db.query("vacuum analyze matches").catch(() => {});
  }
  return current;
}

/**
 * A site's matches. `timeZone` is the one their days and times are in (`FEED_TIMEZONE`); the clock is
 * the process's (`Date.now()`, which tests set), also for `status_set_at`, so reads and writes agree.
 * `finishedDays` is how long a finished match stays in the working set (`MATCHES_PUBLIC_FINISHED_DAYS`).
 * Only writers and existence checks (the seed, Other Servers) may leave these out.
 */
export function matchesRepository(db: Queryable, site: Site, timeZone = "UTC", finishedDays = 7) {
  const read = (row: MatchRow) => toMatch(row, timeZone, Date.now());

  /** Every league the site's matches name, one index step each (`matches_site_league_idx`). */
  async function leagues(): Promise<string[]> {
    const rows = await db.query<{ name: string }>(
      `with recursive found (name) as (
         (select league_name from matches where site = $1 order by league_name limit 1)
         union all
         select (select league_name from matches where site = $1 and league_name > found.name
                 order by league_name limit 1)
         from found where found.name is not null
       )
       select name from found where name is not null`,
      [site],
    );
    return rows.map((row) => row.name);
  }

  /** The archived matches the filters give, a page of them (read from the nearer end) and how many. */
  async function older(filter: MatchListFilter, page: ListPage | undefined) {
    const conditions = ["site = $1", "archived_at is not null"];
    const values: unknown[] = [site];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (filter.sport) conditions.push(`type = ${param(filter.sport)}`);
    if (filter.league) conditions.push(`league_name = ${param(filter.league)}`);
    // The trigram index of migration 0033: the teams and league as one text, a line break between.
    if (filter.q) conditions.push(`${SEARCHED} like ${param(containing(filter.q.replace(/\n/g, " ")))}`);
    const where = conditions.join(" and ");
    // Counted up to MATCH_COUNT_CAP: the pages stop there (narrow the filters, or sort earliest first).
    const [count] = await db.query<{ total: number }>(
      `select count(*)::int as total from (select 1 from matches where ${where} limit ${MATCH_COUNT_CAP + 1}) found`,
      values,
    );
    const capped = count!.total > MATCH_COUNT_CAP;
    const total = Math.min(count!.total, MATCH_COUNT_CAP);
    const [forward, backward] = ORDER_SQL[filter.sort ?? "latest"];
    // A whole count's last pages are read from the other end; a capped one's end is not known.
    const slice = !page
      ? { newestFirst: true, offset: 0, limit: total }
      : capped
        ? {
            ...pageSlice(total, page.page, page.limit),
            newestFirst: true,
            offset: (page.page - 1) * page.limit,
          }
        : pageSlice(total, page.page, page.limit);
    if (slice.limit === 0) return { rows: [] as MatchRow[], total, capped };
    const rows = await db.query<MatchRow>(
      `select * from matches where ${where} order by ${slice.newestFirst ? forward : backward}
       limit ${param(slice.limit)} offset ${param(slice.offset)}`,
      values,
    );
    return { rows: slice.newestFirst ? rows : rows.reverse(), total, capped };
  }

  const current = (now = Date.now()) => workingSet(db, site, timeZone, finishedDays, now);

  return {
    /** The working set at `now` (see `workingSet`). */
    current,
    /**
     * Manage Matches: the matches the filters give in their order, a page of them when `page` is given
     * (`offset`, `limit`), with Match Summary and the leagues. Without `status=older`, the working set
     * filtered by the status of this moment; with it, the archived matches, read a page at a time.
     */
    async list(filter: MatchListFilter, page?: ListPage) {
      const now = Date.now();
      const [working, names] = await Promise.all([current(now), leagues()]);
      const counted = (status: Match["status"]) => working.filter((match) => match.status === status).length;
      let matches: Match[];
      let total: number;
      let capped = false;
      if (filter.status === "older") {
        const found = await older(filter, page);
        matches = found.rows.map((row) => toMatch(row, timeZone, now));
        ({ total, capped } = found);
      } else {
        const needle = filter.q?.toLowerCase();
        const chosen = working
          .filter(
            ({ row, status }) =>
              (!filter.status || status === filter.status) &&
              (!filter.sport || row.type === filter.sport) &&
              (!filter.league || row.league_name === filter.league) &&
              (!needle ||
                [row.home_name, row.away_name, row.league_name].some((text) =>
                  text.toLowerCase().includes(needle),
                )),
          )
          .sort(filter.sort === "earliest" ? earliestFirst : latestFirst);
        total = chosen.length;
        const shown = page ? chosen.slice((page.page - 1) * page.limit, page.page * page.limit) : chosen;
        matches = shown.map((match) => currentMatch(match, timeZone, now));
      }
      const summary: MatchSummary = {
        live: counted("live"),
        upcoming: counted("upcoming"),
        finished: counted("finished"),
        leagues: new Set(working.map(({ row }) => row.league_name)).size,
        sports: new Set(working.map(({ row }) => row.type)).size,
      };
      return { matches, total, capped, summary, leagues: names };
    },
    /**
     * What the public read lists at `now`: the working set, whose finished matches ended at most
     * `finishedDays` days ago. `until` is the next moment this answer stops being true (a kick-off, an
     * end, or a finished match ageing out), or undefined when none is ahead.
     */
    async listPublic(): Promise<{ matches: Match[]; until: number | undefined }> {
      const now = Date.now();
      const working = (await current(now)).sort(latestFirst);
      const keptFor = finishedDays * DAY_MS;
      let until = Number.POSITIVE_INFINITY;
      for (const { kickOff, end } of working)
        for (const moment of [kickOff, end, end + keptFor])
          if (moment > now && moment < until) until = moment;
      return {
        matches: working.map((match) => currentMatch(match, timeZone, now)),
        until: Number.isFinite(until) ? until : undefined,
      };
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
