import {
  HISTORY_RESOURCES,
  type HistoryEntry,
  type HistoryResource,
  kindsOn,
  RECORD_KINDS,
  type Site,
} from "@backoffice/contracts";
import type { Cursor } from "@/components/list/use-cursor-param";
import type { SiteSettings } from "@/sites";

/** The History screen's filters, as kept in the URL (`signIns=show` lists sign-ins too). */
export const HISTORY_FILTER_KEYS = ["resource", "admin", "from", "to", "signIns"] as const;
export type HistoryFilterKey = (typeof HISTORY_FILTER_KEYS)[number];

/** What `GET /history` is asked (the contract's `historyQuery`, as sent): the cursor, then the filters. */
export type HistoryQuery = {
  after?: string;
  before?: string;
  resource?: HistoryResource;
  admin?: string;
  from?: string;
  to?: string;
  signIns?: false;
};

/** The Resource filter of a site: the kinds of the resources it has, then Profile and Sign-ins. */
export function resourceOptions(site: Site) {
  return kindsOn(site, HISTORY_RESOURCES).map(
    (resource) => [resource, RECORD_KINDS[resource].label] as const,
  );
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The query the URL's filters ask for. A value the server would refuse (an unknown resource, a
 * date typed by hand wrongly) is left out instead of turning the screen into an error.
 */
export function historyQueryOf(get: (key: HistoryFilterKey) => string, cursor: Cursor): HistoryQuery {
  const resource = (HISTORY_RESOURCES as readonly string[]).includes(get("resource"))
    ? (get("resource") as HistoryResource)
    : undefined;
  const admin = get("admin").trim();
  const from = get("from");
  const to = get("to");
  return {
    ...cursor,
    ...(resource ? { resource } : {}),
    ...(admin ? { admin } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    // Sign-ins would flood the log: left out unless asked for (or their kind is the filter).
    ...(get("signIns") !== "show" && !resource ? { signIns: false as const } : {}),
  };
}

/**
 * Where a History entry's record is now: its kind's screen (`link` of its descriptor in
 * packages/contracts resources.ts), narrowed to it by the screen's search or page where it has them.
 */
export function recordLink(site: SiteSettings, entry: Pick<HistoryEntry, "resource" | "before" | "after">) {
  const { link } = RECORD_KINDS[entry.resource];
  const fields = entry.after ?? entry.before ?? {};
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string).trim() : "");
  const screen = link.screen.startsWith("/") ? link.screen : `/${site.key}/${link.screen}`;
  const page = link.page && text(link.page.field);
  const path = page && link.page?.pagesOn[site.key]?.includes(page) ? `${screen}/${page}` : screen;
  const q = link.search ? text(link.search) : "";
  return q ? `${path}?q=${encodeURIComponent(q)}` : path;
}

export const historyMessages = {
  /** The total of the list: "1,234", or "1,000+" for a filter counted up to 1,000. */
  total: (n: number, capped: boolean) => `${n.toLocaleString("en-US")}${capped ? "+" : ""}`,
  subtitle:
    "Every change made by an admin on this site, newest first. Sign-ins and profile changes show on every site.",
  loadError: { title: "Failed to load history", description: "The change log could not be loaded." },
  showSignIns: "Show sign-ins",
  deleted: "Deleted",
  purged: "(deleted, no longer in the Trash)",
  /** A delete's record brought back since (from the Trash, History or Undo). */
  restoredSince: "Restored",
  restored: "Restored",
  restoredRecord: (label: string) => `"${label}" is back where it was.`,
  restoreFailed: "Restore failed",
  notRestored: "Nothing was restored.",
  empty: { title: "No changes recorded yet", description: "Changes made by admins will be listed here." },
  emptyFiltered: { title: "No changes match these filters", description: "Try other filters or clear them." },
} as const;
