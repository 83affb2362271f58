import type { LinkHealth, Site } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { workingSet } from "../routes/matches/repository.ts";
import { eachLimit, type ProbeOptions, type ProbeResult, probeAgents, probeLink } from "./link-probe.ts";

/**
 * Stream-link health (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): the last probe of each
 * stream URL of a match, its matchUrl and its other servers' URLs, kept in `link_health`.
 */
export interface Link {
  site: Site;
  matchId: string;
  url: string;
}

/** Probes at most this many links at once, so a round of thousands stays polite and bounded. */
export const PROBE_CONCURRENCY = 20;

interface HealthRow {
  match_id: string;
  url: string;
  state: "ok" | "failing" | "blocked";
  status: number | null;
  reason: string | null;
  checked_at: Date;
  failing_since: Date | null;
  latency_ms: number | null;
}

export const UNCHECKED: LinkHealth = {
  state: "unchecked",
  status: null,
  reason: null,
  checkedAt: null,
  failingSince: null,
  latencyMs: null,
};

const toHealth = (row: HealthRow): LinkHealth => ({
  state: row.state,
  status: row.status,
  reason: row.reason,
  checkedAt: row.checked_at.toISOString(),
  failingSince: row.failing_since?.toISOString() ?? null,
  latencyMs: row.latency_ms,
});

const keyOf = (matchId: string, url: string) => `${matchId} ${url}`;

/**
 * The health of the links of the matches `matchIds` (of every match of the site when left out),
 * looked up by match and URL; a link never probed is "unchecked".
 */
export async function healthOf(db: Queryable, site: Site, matchIds?: readonly string[]) {
  const rows = matchIds
    ? await db.query<HealthRow>("select * from link_health where site = $1 and match_id = any($2)", [
        site,
        matchIds,
      ])
    : await db.query<HealthRow>("select * from link_health where site = $1", [site]);
  const byKey = new Map(rows.map((row) => [keyOf(row.match_id, row.url), toHealth(row)]));
  return (matchId: string, url: string): LinkHealth => byKey.get(keyOf(matchId, url)) ?? UNCHECKED;
}

/** Results stored per statement: a round of 30,000 links is 30 statements, not 30,000. */
const STORE_BATCH = 1000;

/**
 * Probes the links (at most PROBE_CONCURRENCY at once; with `perSecond`, at most that many started a
 * second, so a round's load on this instance stays small: docs/PERFORMANCE.md, section `probes`) and
 * stores each result; answers them in order.
 */
export async function checkLinks(
  db: Queryable,
  links: readonly Link[],
  options: ProbeOptions & { perSecond?: number } = {},
): Promise<LinkHealth[]> {
  const results = new Map<Link, ProbeResult>();
  // Links on one host share kept-alive connections for this call only (link-probe.ts `agents`).
  const agents = probeAgents(PROBE_CONCURRENCY);
  try {
    await eachLimit(
      links,
      PROBE_CONCURRENCY,
      async (link) => {
        results.set(link, await probeLink(link.url, { ...options, agents }));
      },
      options.perSecond,
    );
  } finally {
    agents.destroy();
  }
  const answers: LinkHealth[] = [];
  for (let start = 0; start < links.length; start += STORE_BATCH) {
    const batch = links.slice(start, start + STORE_BATCH);
    const column = <T>(of: (link: Link, result: ProbeResult) => T) =>
      batch.map((link) => of(link, results.get(link)!));
    // failing_since keeps the first failure of a run of failures; a success clears it.
    const rows = await db.query<HealthRow>(
      `insert into link_health (match_id, url, site, state, status, reason, checked_at, failing_since, latency_ms)
       select match_id, url, site, state, status, reason, now(), case when state <> 'ok' then now() end, latency_ms
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::int[])
         as probed (match_id, url, site, state, status, reason, latency_ms)
       on conflict (match_id, url) do update set state = excluded.state, status = excluded.status,
         reason = excluded.reason, checked_at = excluded.checked_at, latency_ms = excluded.latency_ms,
         failing_since = case when excluded.state = 'ok' then null
           else coalesce(link_health.failing_since, excluded.failing_since) end
       returning *`,
      [
        column((link) => link.matchId),
        column((link) => link.url),
        column((link) => link.site),
        column((_, result) => result.state),
        column((_, result) => result.status),
        column((_, result) => (result.state === "ok" ? null : result.reason)),
        column((_, result) => result.latencyMs),
      ],
    );
    const stored = new Map(rows.map((row) => [keyOf(row.match_id.trim(), row.url), toHealth(row)]));
    for (const link of batch) answers.push(stored.get(keyOf(link.matchId, link.url))!);
  }
  return answers;
}

/** A match's stream links: its matchUrl, then its other servers' URLs (each URL once). */
export async function linksOfMatches(
  db: Queryable,
  site: Site,
  matchIds: readonly string[],
): Promise<Link[]> {
  const rows = await db.query<{ match_id: string; url: string }>(
    `select id as match_id, match_url as url, 0 as rank, id as sort from matches where site = $1 and id = any($2)
     union all
     select match_id, url, 1 as rank, id as sort from other_servers where site = $1 and match_id = any($2)
     order by match_id, rank, sort`,
    [site, matchIds],
  );
  const seen = new Set<string>();
  return rows
    .filter((row) => {
      const key = keyOf(row.match_id, row.url);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((row) => ({ site, matchId: row.match_id, url: row.url }));
}

/**
 * The scheduled round (the "link-health" job, every 10 minutes): every link of each live match and
 * each match starting within 24 hours, in the feed's time zone, read from the working set (a match
 * that can still be live or upcoming is in it). Answers the job's summary, and how many links'
 * state (ok, failing, blocked, or never checked) it changed: the public matches read orders servers
 * by it, so a round that changed none leaves the public reads as they were (issue 39).
 */
export async function runLinkHealthRound(
  db: Queryable,
  site: Site,
  options: ProbeOptions & { timeZone: string; finishedDays?: number; now?: number; perSecond?: number },
): Promise<{ checked: number; ok: number; changed: number }> {
  const now = options.now ?? Date.now();
  const due = (await workingSet(db, site, options.timeZone, options.finishedDays ?? 7, now))
    .filter((match) => {
      // The status of this minute, as every read shows it, not the stored one.
      if (match.status === "finished") return false;
      if (match.status === "live") return true;
      return match.kickOff >= now - 60_000 * 60 * 3 && match.kickOff <= now + 24 * 3_600_000;
    })
    .map((match) => match.row.id);
  if (due.length === 0) return { checked: 0, ok: 0, changed: 0 };
  const links = await linksOfMatches(db, site, due);
  const before = await healthOf(db, site, due);
  const results = await checkLinks(db, links, options);
  return {
    checked: results.length,
    ok: results.filter((result) => result.state === "ok").length,
    changed: results.filter(
      (result, index) => before(links[index]!.matchId, links[index]!.url).state !== result.state,
    ).length,
  };
}
