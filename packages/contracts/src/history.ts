import { z } from "zod";
import { booleanish, idSchema, pageQuery, successOf } from "./common.ts";
import { HISTORY_RESOURCES, TRASH_RESOURCES } from "./resources.ts";
import { SITES } from "./site-rules.ts";

/**
 * The audit log (History), the trash with Undo, and ad script versions
 * (docs/PRODUCT-RULES.md#history-trash-and-undo).
 * Every admin change is written by database triggers in the change's own transaction
 * (packages/db/migrations/api/0007_history.sql); these are the shapes the API answers with.
 */

/**
 * `import` is the one entry an applied import adds beside its records' entries (same batch): the
 * file's name and what it created and updated (docs/INTEGRATIONS.md#import). `refuse`: a sign-in
 * refused (a Sign-ins entry, docs/SSO.md#history-of-refused-sign-ins).
 */
export const HISTORY_ACTIONS = ["create", "update", "delete", "restore", "import", "refuse"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** Deleted records stay restorable this long, then they are purged. */
export const TRASH_DAYS = 30;
/** How long the Undo of a delete's toast is offered. */
export const UNDO_SECONDS = 10;
export { UNDO_HEADER } from "./undo-header.ts";

const fields = z.record(z.string(), z.unknown());

export const historyEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The admin's email at the time; null for changes made outside a session (none today). */
  admin: z.string().nullable(),
  /** The client address the change came from. */
  address: z.string().nullable(),
  /** null for account events (sign-ins, profile changes), shown on every site's History. */
  site: z.enum(SITES).nullable(),
  resource: z.enum(HISTORY_RESOURCES),
  recordId: z.string().nullable(),
  action: z.enum(HISTORY_ACTIONS),
  /** The record's fields before and after (camelCase; secrets such as password hashes left out). */
  before: fields.nullable(),
  after: fields.nullable(),
  /** A delete whose record still waits in the trash: the trash item that restores it. */
  trashId: z.string().optional(),
  /** A delete whose record was restored since (it is back), not purged. */
  restored: z.literal(true).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${field} must be a real date`)
    .optional();

const cursorId = (field: string) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,17})$/, `${field} must be the id of an entry of the page next to this one`)
    .optional();

/**
 * History and the Trash are read by keyset pages, newest first (docs/ARCHITECTURE.md#paging-long-lists):
 * no cursor is the newest page, `after` an id the page of entries older than it (Older), `before` an id
 * the page of entries newer than it (Newer; `before=0` the oldest page). Each page costs the same
 * however deep it lies, and entries written meanwhile never shift the page asked for.
 */
const cursor = {
  limit: pageQuery.shape.limit,
  /** Page by number, as emails are (it skips rows: the dashboard uses the cursors). */
  page: pageQuery.shape.page.unwrap().optional(),
  after: cursorId("after"),
  before: cursorId("before"),
};
const oneCursor = (query: { after?: string | undefined; before?: string | undefined }) =>
  !(query.after && query.before);
const ONE_CURSOR = { message: "before cannot be used with after", path: ["before"] };
const pageOrCursor = (query: {
  after?: string | undefined;
  before?: string | undefined;
  page?: number | undefined;
}) => !(query.page && (query.after || query.before));
const PAGE_OR_CURSOR = { message: "page cannot be used with after or before", path: ["page"] };

/**
 * A keyset page: its rows, the total and the cursors of the pages beside it (null at either end).
 * The total comes from counts kept by triggers (migration 0033), or, for a filter no kept count
 * covers (an admin, days), is counted up to 1,000 (`capped`: more than that).
 */
export function cursorPagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal("success"),
    data: z.array(item),
    result: z.number().int(),
    /** As emails' answers have it; `page` is null for a page read by its cursor. */
    pagination: z.object({ page: z.number().int().nullable(), numberOfPages: z.number().int() }),
    capped: z.boolean(),
    /** `before` of the page of newer entries; null on the newest page. */
    newer: z.string().nullable(),
    /** `after` of the page of older entries; null on the oldest page. */
    older: z.string().nullable(),
  });
}
export type CursorPage<T extends z.ZodType> = z.infer<ReturnType<typeof cursorPagedOf<T>>>;

/** How far a filtered total is counted before it says "1,000+". */
export const HISTORY_COUNT_CAP = 1000;

/** `GET /{site}/history`: newest first, by keyset pages, filtered by resource, admin and days. */
const historyFilters = {
  resource: z
    .enum(HISTORY_RESOURCES, { error: `resource must be one of ${HISTORY_RESOURCES.join(", ")}` })
    .optional(),
  admin: z.string().trim().max(254, "admin must be at most 254 characters").optional(),
  from: day("from"),
  to: day("to"),
  /** false: sign-ins left out (History hides them unless asked); a `resource` filter wins. */
  signIns: booleanish("signIns").optional(),
};
export const historyQuery = z
  .strictObject({ ...cursor, ...historyFilters })
  .refine(oneCursor, ONE_CURSOR)
  .refine(pageOrCursor, PAGE_OR_CURSOR);
export type HistoryQuery = z.input<typeof historyQuery>;

/**
 * `GET /{site}/history/export.csv|jsonl`: the whole History the filters select (the list's filters,
 * no cursor), streamed newest first (docs/INTEGRATIONS.md#history-export).
 */
export const historyExportQuery = z.strictObject(historyFilters);
export type HistoryExportQuery = z.input<typeof historyExportQuery>;

/** The export's formats: the file's extension in the route. */
export const HISTORY_EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type HistoryExportFormat = (typeof HISTORY_EXPORT_FORMATS)[number];

/** The CSV export's header line; each line after it is one entry (docs/INTEGRATIONS.md#history-export). */
export const HISTORY_CSV_HEADER = [
  "ID",
  "At",
  "Admin",
  "Address",
  "Site",
  "Resource",
  "Record ID",
  "Action",
  "Before",
  "After",
  "Trash ID",
  "Restored",
] as const;

/** How long History keeps its entries: an Owner's setting, `null` for ever, else 30 days or more. */
export const HISTORY_RETENTION_MIN_DAYS = 30;
export const historyRetentionBody = z.strictObject({
  days: z
    .number({ error: "days must be a whole number of days or null (for ever)" })
    .int("days must be a whole number of days or null (for ever)")
    .min(
      HISTORY_RETENTION_MIN_DAYS,
      `days must be at least ${HISTORY_RETENTION_MIN_DAYS} (the Trash keeps deletes 30 days)`,
    )
    .max(36500, "days must be at most 36500")
    .nullable(),
});
export const historyRetentionAnswer = successOf(z.object({ days: z.number().int().nullable() }));

/** `GET /{site}/history/{resource}/{id}`: one record's own history. */
export const recordHistoryParams = z.strictObject({
  resource: z.enum(HISTORY_RESOURCES, { error: `resource must be one of ${HISTORY_RESOURCES.join(", ")}` }),
  id: idSchema,
});

export const trashItemSchema = z.object({
  _id: z.string(),
  resource: z.enum(TRASH_RESOURCES),
  recordId: z.string(),
  /** What the record is called on its screen (a title, an address, "Home vs Away"). */
  label: z.string(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  /** When it will be purged. */
  expiresAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** `GET /{site}/trash`: newest first, by keyset pages like History, filtered by kind. */
export const trashQuery = z
  .strictObject({
    ...cursor,
    resource: z
      .enum(TRASH_RESOURCES, { error: `resource must be one of ${TRASH_RESOURCES.join(", ")}` })
      .optional(),
  })
  .refine(oneCursor, ONE_CURSOR)
  .refine(pageOrCursor, PAGE_OR_CURSOR);

const trashId = z.string().regex(/^[1-9]\d{0,17}$/, "ids must be trash item ids");
/** Restore or purge trash items by id. */
export const trashIdsBody = z.strictObject({
  ids: z.array(trashId, { error: "ids must be a list of ids" }).min(1, "ids must not be empty").max(1000),
});
/** Undo a delete: the token its answer carried in `x-undo-token`. */
export const undoBody = z.strictObject({
  token: z.uuid({ error: "token must be an undo token" }),
});

/** Restores: how many came back, and how many could not (a record made again since, or purged). */
export const restoredAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  restored: z.number().int(),
  skipped: z.number().int(),
});

export const adVersionSchema = z.object({
  /** The history entry this version was saved by. */
  _id: z.string(),
  /** 1 for the ad as created (or as first recorded), counting up. */
  version: z.number().int(),
  at: z.string(),
  admin: z.string().nullable(),
  action: z.enum(HISTORY_ACTIONS),
  page: z.string(),
  url: z.string(),
  head: z.string().nullable(),
  body: z.string().nullable(),
  isActive: z.boolean(),
});
export type AdVersion = z.infer<typeof adVersionSchema>;

export const adVersionParams = z.strictObject({
  id: idSchema,
  version: z.coerce
    .number({ error: "version must be a number" })
    .int("version must be a whole number")
    .min(1, "version must be at least 1"),
});

export const HISTORY_MESSAGES = {
  restored: (count: number) => `${count} ${count === 1 ? "item" : "items"} restored`,
  purged: (count: number) => `${count} ${count === 1 ? "item" : "items"} deleted forever`,
  nothingToUndo: "Nothing to undo: the deleted items were restored or purged already",
  versionRestored: (version: number) => `Version ${version} restored`,
  versionNotFound: "Version not found",
  adNotFound: "Ad not found",
} as const;
