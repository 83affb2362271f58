import type { Site } from "@backoffice/contracts";
import { OVERVIEW_UNREAD_CAP, type OverviewDays, type PerDay } from "@backoffice/contracts/overview";
import type { Queryable } from "@backoffice/db";

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

    /** Unread contact messages, counted up to the cap (a count of them all is a scan of them all). */
    async unread() {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from contact_messages where site = $1 and read_at is null
         limit ${OVERVIEW_UNREAD_CAP + 1}) unread`,
        [site],
      );
      const n = row?.n ?? 0;
      return { unread: Math.min(n, OVERVIEW_UNREAD_CAP), unreadCapped: n > OVERVIEW_UNREAD_CAP };
    },

    async apps() {
      const rows = await db.query<{
        category: "apps" | "games";
        total: number;
        trending: number;
        slider: number;
      }>(
        `select category, count(*)::int as total, count(*) filter (where trending)::int as trending,
           count(*) filter (where slider)::int as slider from apps group by category`,
      );
      const of = (category: "apps" | "games") => {
        const { total = 0, trending = 0, slider = 0 } = rows.find((row) => row.category === category) ?? {};
        return { total, trending, slider };
      };
      return { apps: of("apps"), games: of("games") };
    },

    async matches(now = Date.now()) {
      const today = dayText(now);
      const weekEnd = dayText(Math.floor(now / DAY_MS) * DAY_MS + 6 * DAY_MS);
      const [counts] = await db.query<{ live: number; today: number; week: number }>(
        `select count(*) filter (where status = 'live')::int as live,
           count(*) filter (where day = $2)::int as today,
           count(*) filter (where status = 'upcoming' and day >= $2 and day <= $3)::int as week
         from matches where site = $1`,
        [site, today, weekEnd],
      );
      const bySport = await db.query<{ sport: string; count: number }>(
        `select type as sport, count(*)::int as count from matches
         where site = $1 and status in ('live', 'upcoming') group by type order by count(*) desc, type`,
        [site],
      );
      return { live: counts?.live ?? 0, today: counts?.today ?? 0, week: counts?.week ?? 0, bySport };
    },

    async ads(pages: readonly string[] | null) {
      const rows = await db.query<{ page: string; active: number }>(
        "select page, count(*)::int as active from ads where site = $1 and is_active group by page",
        [site],
      );
      const byPage = (pages ?? [...new Set(rows.map((row) => row.page))]).map((page) => ({
        page,
        active: rows.find((row) => row.page === page)?.active ?? 0,
      }));
      return { active: rows.reduce((sum, row) => sum + row.active, 0), byPage };
    },
  };
}
