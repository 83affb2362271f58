import { z } from "zod";
import { exportQuery, pageQuery } from "./common.ts";

/** The orders an inbox lists in: by the date received (docs/PRODUCT-RULES.md#emails-and-contacts). */
export const INBOX_SORTS = ["newest", "oldest"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/**
 * A filtered list's total is counted this far (`capped: true` beyond it) and its pages stop there:
 * a date range at 10,000 rows, a search at 1,000 (its matches are read through the prefix indexes,
 * each one a row lookup), so both cost the same on a million rows (docs/PERFORMANCE.md).
 */
export const INBOX_COUNT_CAP = { range: 10_000, search: 1_000 } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day (`2026-11-25`, UTC) or an instant with its offset (`2026-11-25T00:00:00+01:00`). A day as
 * `to` means its last millisecond, so `from=D&to=D` is the whole day D.
 */
const dateBound = (field: "from" | "to") =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const day = DAY.test(value);
      const valid = day || z.iso.datetime({ offset: true }).safeParse(value).success;
      const time = valid ? Date.parse(day ? `${value}T00:00:00Z` : value) : Number.NaN;
      if (Number.isNaN(time)) {
        context.addIssue({
          code: "custom",
          message: `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`,
        });
        return z.NEVER;
      }
      return new Date(day && field === "to" ? time + 86_400_000 - 1 : time);
    });

const filterShape = {
  /** The start of an address (of a name or a subject too for contact messages), any case. */
  q: z
    .string()
    .trim()
    .max(254, "q must be at most 254 characters")
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(INBOX_SORTS, { error: "sort must be newest or oldest" }).default("newest"),
  from: dateBound("from"),
  to: dateBound("to"),
};

const rangeInOrder = (query: { from?: Date | undefined; to?: Date | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeIssue = { message: "to must not be before from", path: ["to"] };

/** `GET /{inbox}?page=&limit=&q=&sort=&from=&to=`. */
export const inboxQuery = pageQuery.extend(filterShape).refine(rangeInOrder, rangeIssue);
/** What a list or an export is narrowed to: a search, an order, a date range (both ends included). */
export type InboxFilter = {
  q?: string | undefined;
  sort: InboxSort;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** `GET /{inbox}/export.csv?ids=…` (the selection) or `?q=&sort=&from=&to=` (the filtered list). */
export const inboxExportQuery = exportQuery.extend(filterShape).refine(rangeInOrder, rangeIssue);
