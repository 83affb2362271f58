import { type FeedSport, feedStatus, NORMALISERS, type Site } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { type FeedDay, type FeedSource, fetchFeedDay } from "../routes/feed/api-sports.ts";

/**
 * Feed sync (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): accepted fixtures follow the feed's
 * status and scores. The feed manages these fields; one whose value is not the one the feed last
 * wrote was changed by an admin and is kept (and named in the run's summary).
 */
const MANAGED = ["status", "home_score", "away_score"] as const;
type Managed = (typeof MANAGED)[number];
type FeedValues = Record<Managed, string | number | null>;
const FIELD_NAMES: Record<Managed, string> = {
  status: "status",
  home_score: "home score",
  away_score: "away score",
};

/** All API-Sports calls share one key and so one daily quota; it resets at 00:00 UTC. */
const FEED_PROVIDER = "api-sports";
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Counts one call to the provider today (before it is made: a call that fails still costs). */
export async function countFeedCall(db: Queryable, now = Date.now()): Promise<void> {
  await db.query(
    `insert into feed_calls (provider, day, used) values ($1, $2, 1)
     on conflict (provider, day) do update set used = feed_calls.used + 1`,
    [FEED_PROVIDER, utcDay(now)],
  );
}

interface FeedQuota {
  used: number;
  limit: number;
  remaining: number;
}

export async function feedQuota(db: Queryable, limit: number, now = Date.now()): Promise<FeedQuota> {
  const [row] = await db.query<{ used: number }>(
    "select used from feed_calls where provider = $1 and day = $2",
    [FEED_PROVIDER, utcDay(now)],
  );
  const used = row ? Number(row.used) : 0;
  return { used, limit, remaining: Math.max(0, limit - used) };
}

/** When the site's last sync ran (null before the first). */
export async function lastFeedSync(db: Queryable, site: Site): Promise<string | null> {
  const [row] = await db.query<{ at: Date | string }>("select at from feed_syncs where site = $1", [site]);
  return row ? new Date(row.at).toISOString() : null;
}

/** A sport's day as the feed last answered it, and when. */
export interface KeptFeedDay extends FeedDay {
  fetchedAt: string;
}

/**
 * Keeps a sport's day as the feed just answered it (the feed sync's calls and Fetch Matches'
 * Refresh), so a visit of Fetch Matches reads it without a call (migration 0028). Answers fetched
 * more than 3 days ago go.
 */
export async function keepFeedDay(
  db: Queryable,
  site: Site,
  sport: FeedSport,
  day: string,
  answer: FeedDay,
  at: Date = new Date(),
): Promise<KeptFeedDay> {
  await db.query(
    `insert into feed_days (site, sport, day, fetched_at, response, quota_remaining, quota_limit)
     values ($1, $2, $3, $4, $5::text::jsonb, $6, $7)
     on conflict (site, sport, day) do update set fetched_at = excluded.fetched_at,
       response = excluded.response, quota_remaining = excluded.quota_remaining,
       quota_limit = excluded.quota_limit`,
    [site, sport, day, at, JSON.stringify(answer.response), answer.quota.remaining, answer.quota.limit],
  );
  await db.query("delete from feed_days where site = $1 and fetched_at < $2", [
    site,
    new Date(at.getTime() - 3 * 86_400_000),
  ]);
  return { ...answer, fetchedAt: at.toISOString() };
}

/** What was kept of a sport's day (`yyyy-MM-dd`), or undefined when nothing was fetched for it. */
export async function keptFeedDay(
  db: Queryable,
  site: Site,
  sport: FeedSport,
  day: string,
): Promise<KeptFeedDay | undefined> {
  const [row] = await db.query<{
    fetched_at: Date | string;
    response: unknown[] | string;
    quota_remaining: number | null;
    quota_limit: number | null;
  }>(
    `select fetched_at, response, quota_remaining, quota_limit from feed_days
     where site = $1 and sport = $2 and day = $3`,
    [site, sport, day],
  );
  if (!row) return undefined;
  return {
    response: typeof row.response === "string" ? JSON.parse(row.response) : row.response,
    quota: { remaining: row.quota_remaining, limit: row.quota_limit },
    fetchedAt: new Date(row.fetched_at).toISOString(),
  };
}

interface FollowedRow {
  id: string;
  feed_sport: FeedSport;
  feed_fixture_id: string;
  feed_status: string | null;
  feed_values: FeedValues;
  day: string;
  home_name: string;
  away_name: string;
  status: string;
  home_score: number | null;
  away_score: number | null;
}

interface FeedSyncResult {
  summary: string;
  /** Matches whose status or scores changed. */
  updated: number;
  /** The matches' status changed (the public read's cache must go). */
  statusChanged: boolean;
  /** Fields an admin changed, left as they are: "Arsenal v Chelsea: home score". */
  kept: string[];
  /** Sports whose feed failed, with the reason. */
  failed: string[];
  skipped: boolean;
}

interface FeedSyncOptions {
  sources: Record<FeedSport, FeedSource>;
  timeZone: string;
  dailyQuota: number;
}

/**
 * One sync of a site's accepted fixtures: one call per sport and day that has a fixture the feed has
 * not finished yet, all of them only if the day's quota allows (otherwise nothing is asked). A sport
 * that fails is reported and the others go on; when every call fails the run fails (and is retried).
 */
export async function runFeedSync(
  db: Queryable,
  site: Site,
  options: FeedSyncOptions,
): Promise<FeedSyncResult> {
  const rows = await db.query<FollowedRow>(
    `select id, feed_sport, feed_fixture_id, feed_status, feed_values, day, home_name, away_name, status,
       home_score, away_score
     from matches where site = $1 and feed_fixture_id is not null and feed_values is not null
     order by day, id`,
    [site],
  );
  const followed = rows.filter((row) => feedStatus(row.feed_status) !== "finished");
  const groups = new Map<string, FollowedRow[]>();
  for (const row of followed) {
    const key = `${row.feed_sport}|${row.day}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const result: FeedSyncResult = {
    summary: "",
    updated: 0,
    statusChanged: false,
    kept: [],
    failed: [],
    skipped: false,
  };
  const quota = await feedQuota(db, options.dailyQuota);
  if (groups.size > quota.remaining) {
    result.skipped = true;
    result.summary = `Skipped: the sports feed's daily quota would be exceeded (${quota.used} of ${quota.limit} calls used today, ${groups.size} needed).`;
    await recordSync(db, site, result.summary);
    return result;
  }
  for (const [key, matches] of groups) {
    const [sport, day] = key.split("|") as [FeedSport, string];
    let fixtures: Map<string, ReturnType<(typeof NORMALISERS)[FeedSport]>>;
    try {
      await countFeedCall(db);
      const answer = await fetchFeedDay(sport, options.sources[sport], options.timeZone, day);
      // The whole day as the feed answered it: Fetch Matches reads it without a call of its own.
      await keepFeedDay(db, site, sport, day, answer);
      fixtures = new Map(
        answer.response.map((raw) => {
          const fixture = NORMALISERS[sport](raw);
          return [String(fixture.id), fixture];
        }),
      );
    } catch (error) {
      result.failed.push(`${day}: ${(error as Error).message}`);
      continue;
    }
    for (const match of matches) {
      const fixture = fixtures.get(match.feed_fixture_id);
      if (!fixture) continue;
      const fromFeed: FeedValues = {
        status: feedStatus(fixture.status),
        home_score: fixture.homeScore,
        away_score: fixture.awayScore,
      };
      const next: FeedValues = { ...match.feed_values };
      const changes: Partial<FeedValues> = {};
      for (const field of MANAGED) {
        const current = match[field];
        if (current !== (match.feed_values[field] ?? null)) {
          result.kept.push(`${match.home_name} v ${match.away_name}: ${FIELD_NAMES[field]}`);
          continue;
        }
        next[field] = fromFeed[field];
        if (fromFeed[field] !== current) changes[field] = fromFeed[field];
      }
      if (Object.keys(changes).length > 0) result.updated += 1;
      if ("status" in changes) result.statusChanged = true;
      await db.query(
        `update matches set
           status = coalesce($3, status),
           status_set_at = case when $3::text is null then status_set_at else $10::timestamptz end,
           -- A new status may not be final: the working set's next read decides (matches/repository.ts).
           archived_at = case when $3::text is null then archived_at end,
           home_score = case when $4 then $5::integer else home_score end,
           away_score = case when $6 then $7::integer else away_score end,
           feed_status = $8, feed_values = $9::text::jsonb, feed_synced_at = now()
         where site = $1 and id = $2`,
        [
          site,
          match.id,
          changes.status ?? null,
          "home_score" in changes,
          changes.home_score ?? null,
          "away_score" in changes,
          changes.away_score ?? null,
          fixture.status,
          JSON.stringify(next),
          // The process's clock, as the lifecycle's reads use (matches/repository.ts).
          new Date(),
        ],
      );
    }
  }
  const calls = groups.size;
  if (calls > 0 && result.failed.length === calls)
    throw new Error(`Feed sync failed: ${result.failed.join("; ")}`);
  const parts = [
    `${result.updated} of ${followed.length} followed matches updated from ${calls} feed calls.`,
  ];
  if (result.kept.length > 0) parts.push(`Kept as changed by hand: ${result.kept.join(", ")}.`);
  if (result.failed.length > 0) parts.push(`Failed: ${result.failed.join("; ")}.`);
  result.summary = parts.join(" ");
  await recordSync(db, site, result.summary);
  return result;
}

const recordSync = (db: Queryable, site: Site, summary: string) =>
  db.query(
    `insert into feed_syncs (site, at, summary) values ($1, $3, $2)
     on conflict (site) do update set at = excluded.at, summary = excluded.summary`,
    [site, summary, new Date()],
  );
