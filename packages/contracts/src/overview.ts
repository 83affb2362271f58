import { z } from "zod";
import { historyEntrySchema } from "./history.ts";
import { lockerSchema } from "./locker.ts";
import { SITES } from "./site-rules.ts";
import { MATCH_SPORTS } from "./sports.ts";

/**
 * `GET /api/v1/{site}/overview`: a site at a glance (docs/PRODUCT-RULES.md#overview). Each section is
 * there when the site has its resource (packages/contracts resources.ts), so the sites differ in data.
 */

export const OVERVIEW_DAYS = [30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];
export const OVERVIEW_HISTORY_LIMIT = 10;
/** New messages (since the member last opened the inbox) are counted up to this many (`unreadCapped` beyond). */
export const OVERVIEW_UNREAD_CAP = 1_000;

export const overviewQuery = z.strictObject({
  days: z
    .enum(["30", "90"], { error: "days must be 30 or 90" })
    .default("30")
    .transform((value) => Number(value) as OverviewDays),
});

/** Rows created per UTC day, oldest day first, every day of the period (0 when none). */
const perDaySchema = z.object({
  days: z.array(z.object({ day: z.string(), count: z.number().int() })),
  total: z.number().int(),
  /** The same number of days just before. */
  previous: z.number().int(),
});
export type PerDay = z.infer<typeof perDaySchema>;

const appCounts = z.object({ total: z.number().int(), trending: z.number().int(), slider: z.number().int() });

export const overviewSchema = z.object({
  site: z.enum(SITES),
  days: z.union([z.literal(30), z.literal(90)]),
  apps: z.object({ apps: appCounts, games: appCounts }).optional(),
  matches: z
    .object({
      live: z.number().int(),
      today: z.number().int(),
      /** Upcoming from today to six days on. */
      week: z.number().int(),
      /** Live and upcoming matches per sport, the sports that have any. */
      bySport: z.array(z.object({ sport: z.enum(MATCH_SPORTS), count: z.number().int() })),
    })
    .optional(),
  /** Stream links of live and upcoming matches whose last check failed (or was refused), and their matches. */
  links: z.object({ failing: z.number().int(), matches: z.number().int() }).optional(),
  /** The sports feed's calls left today (UTC) and the site's last sync (null before the first). */
  feed: z
    .object({
      quota: z.object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int() }),
      lastSync: z.string().nullable(),
    })
    .optional(),
  titles: z
    .union([
      z.object({
        available: z.literal(true),
        movies: z.number().int(),
        tv: z.number().int(),
        featured: z.number().int(),
        inLocker: z.number().int(),
      }),
      z.object({ available: z.literal(false), message: z.string() }),
    ])
    .optional(),
  subscriptions: perDaySchema.optional(),
  /**
   * `unread`: the messages received since the member last opened the inbox (`seenAt`, null when
   * never: then every message), up to OVERVIEW_UNREAD_CAP.
   */
  contacts: perDaySchema
    .extend({ unread: z.number().int(), unreadCapped: z.boolean(), seenAt: z.string().nullable() })
    .optional(),
  ads: z.object({
    active: z.number().int(),
    /** Active ads per page (one entry on the sites without ad pages). */
    byPage: z.array(z.object({ page: z.string(), active: z.number().int() })),
  }),
  locker: lockerSchema.nullable().optional(),
  history: z.array(historyEntrySchema),
});
export type Overview = z.infer<typeof overviewSchema>;
