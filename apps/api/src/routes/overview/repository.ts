import { dayAndTime, type MatchSport, type Site } from "@backoffice/contracts";
import type { OverviewDays, PerDay } from "@backoffice/contracts/overview";
import type { Queryable } from "@backoffice/db";
import { activeNow, flagsNow, flagWindowsOf, windowOf } from "../../lib/windows.ts";
import { workingSet } from "../matches/repository.ts";

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The overview's counts (docs/PRODUCT-RULES.md#overview). Per-day counts come from `daily_counts`
 * (migration 0016), kept by triggers as rows are written, so a 90-day chart reads at most 180 rows
 * however many subscriptions or messages there are; the other tables are small.
 */
export function overviewRepository(db: Queryable, site: Site) {
  return {
    /** The last `days` UTC days up to today, every day present, and the total of the days before. */
    async perDay(table: "email_subscriptions" | "contact_messages", days: OverviewDays, now = Date.now()) {
      const today = Math.floor(now / DAY_MS) * DAY_MS;
      const first = today - (days - 1) * DAY_MS;
      const before = first - days * DAY_MS;
      const rows = await db.query<{ day: string; n: number }>(
        `select to_char(day, 'YYYY-MM-DD') as day, n::int as n from daily_counts
         where tbl = $1 and site = $2 and day >= $3::date and day <= $4::date`,
        [table, site, dayText(before), dayText(today)],
      );
      const byDay = new Map(rows.map((row) => [row.day, row.n]));
      const list: PerDay["days"] = [];
      for (let ms = first; ms <= today; ms += DAY_MS) {
        const day = dayText(ms);
        list.push({ day, count: byDay.get(day) ?? 0 });
      }
      const firstDay = dayText(first);
      const previous = rows.filter((row) => row.day < firstDay).reduce((sum, row) => sum + row.n, 0);
      return { days: list, total: list.reduce((sum, d) => sum + d.count, 0), previous };
    },

    /** Apps and games, and how many are Trending and in the Slider now: set and within their window. */
    async apps() {
      const [totals, flagged] = await Promise.all([
        db.query<{ category: "apps" | "games"; total: number }>(
          "select category, count(*)::int as total from apps group by category",
        ),
        db.query<{ category: "apps" | "games" } & Record<string, unknown>>(
          `select category, trending, slider, trending_starts_at, trending_ends_at, slider_starts_at,
             slider_ends_at from apps where trending or slider`,
        ),
      ]);
      const now = Date.now();
      const flags = flagged.map((row) => ({
        category: row.category,
        ...flagsNow(
          "apps",
          { trending: row.trending, slider: row.slider, ...flagWindowsOf("apps", row) },
          now,
        ),
      }));
      const of = (category: "apps" | "games") => ({
        total: totals.find((row) => row.category === category)?.total ?? 0,
        trending: flags.filter((row) => row.category === category && row.trending).length,
        slider: flags.filter((row) => row.category === category && row.slider).length,
      });
      return { apps: of("apps"), games: of("games") };
    },

    /**
     * Matches live now, today and upcoming this week (today and the 6 days after, in `timeZone`, the
     * one match days are in), by the lifecycle's status of this moment (matches/repository.ts
     * statusAt), not the stored one; and the stream links of live and upcoming matches whose last
     * check failed (link_health, migration 0014). They are read from the working set
     * (matches/repository.ts `workingSet`: what can still be live or upcoming, or finished in the last
     * `finishedDays` days, today's matches among them), so the cost follows the days around now, not
     * every match the site ever had.
     */
    async matches(timeZone: string, finishedDays: number, now = Date.now()) {
      const current = await workingSet(db, site, timeZone, finishedDays, now);
      const today = dayAndTime(new Date(now).toISOString(), timeZone).date;
      const weekEnd = dayText(Date.parse(`${today}T00:00:00Z`) + 6 * DAY_MS);
      const open = current.filter((match) => match.status === "live" || match.status === "upcoming");
      const bySport = new Map<MatchSport, number>();
      for (const { row } of open) bySport.set(row.type, (bySport.get(row.type) ?? 0) + 1);
      const [failing, [archivedToday]] = await Promise.all([
        db.query<{ match_id: string; n: number }>(
          `select match_id, count(*)::int as n from link_health where site = $1 and state <> 'ok'
           and match_id = any($2) group by match_id`,
          [site, open.map(({ row }) => row.id)],
        ),
        // Today's matches that already left the working set (MATCHES_PUBLIC_FINISHED_DAYS=0).
        db.query<{ n: number }>(
          "select count(*)::int as n from matches where site = $1 and archived_at is not null and day = $2",
          [site, today],
        ),
      ]);
      return {
        matches: {
          live: current.filter((match) => match.status === "live").length,
          today: current.filter(({ row }) => row.day === today).length + archivedToday!.n,
          week: open.filter(
            ({ row, status }) => status === "upcoming" && row.day >= today && row.day <= weekEnd,
          ).length,
          bySport: [...bySport]
            .map(([sport, count]) => ({ sport, count }))
            .sort((a, b) => b.count - a.count || a.sport.localeCompare(b.sport)),
        },
        links: {
          failing: failing.reduce((sum, row) => sum + row.n, 0),
          matches: failing.length,
        },
      };
    },

    /** The ads running on the site now: switched on and within their window (docs/PRODUCT-RULES.md#windows). */
    async ads(pages: readonly string[] | null) {
      const switchedOn = await db.query<{ page: string; starts_at: Date | null; ends_at: Date | null }>(
        "select page, starts_at, ends_at from ads where site = $1 and is_active",
        [site],
      );
      const now = Date.now();
      const rows = activeNow(
        "ads",
        switchedOn.map((row) => ({ page: row.page, isActive: true, ...windowOf(row) })),
        now,
      );
      const count = (page: string) => rows.filter((row) => row.page === page).length;
      const byPage = (pages ?? [...new Set(rows.map((row) => row.page))]).map((page) => ({
        page,
        active: count(page),
      }));
      return { active: rows.length, byPage };
    },
  };
}
