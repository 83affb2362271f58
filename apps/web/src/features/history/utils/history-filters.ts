import {
  HISTORY_RESOURCES,
  type HistoryResource,
  kindsOn,
  RECORD_KINDS,
  type Site,
} from "@backoffice/contracts";

/** The History screen's filters, as kept in the URL. */
export const HISTORY_FILTER_KEYS = ["resource", "admin", "from", "to"] as const;
export type HistoryFilterKey = (typeof HISTORY_FILTER_KEYS)[number];

/** What `GET /history` is asked (the contract's `historyQuery`, as sent). */
export type HistoryQuery = {
  page: number;
  resource?: HistoryResource;
  admin?: string;
  from?: string;
  to?: string;
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
export function historyQueryOf(get: (key: HistoryFilterKey) => string, page: number): HistoryQuery {
  const resource = get("resource");
  const admin = get("admin").trim();
  const from = get("from");
  const to = get("to");
  return {
    page,
    ...((HISTORY_RESOURCES as readonly string[]).includes(resource)
      ? { resource: resource as HistoryResource }
      : {}),
    ...(admin ? { admin } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}

export const historyMessages = {
  subtitle:
    "Every change made by an admin on this site, newest first. Sign-ins and profile changes show on every site.",
  loadError: { title: "Failed to load history", description: "The change log could not be loaded." },
  empty: { title: "No changes recorded yet", description: "Changes made by admins will be listed here." },
  emptyFiltered: { title: "No changes match these filters", description: "Try other filters or clear them." },
} as const;
