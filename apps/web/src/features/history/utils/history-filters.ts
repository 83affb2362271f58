import { HISTORY_RESOURCES, type HistoryResource } from "@backoffice/contracts";
import { type Site, type SiteResource, siteHas } from "@backoffice/contracts/site-rules";
import { RESOURCE_LABELS } from "../../../components/history/history-texts"; // relative: no "@" alias in unit tests

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

/** The screen a history resource belongs to; account events (profile, sign-ins) belong to every site. */
const SCREEN_OF: Partial<Record<HistoryResource, SiteResource>> = {
  apps: "apps",
  ads: "ads",
  emails: "emails",
  contacts: "contacts",
  locker: "locker",
  matches: "matches",
  servers: "matches",
  titles: "catalog",
};

/** The Resource filter of a site: only what the site has, then Profile and Sign-ins. */
export function resourceOptions(site: Site) {
  return HISTORY_RESOURCES.filter((resource) => {
    const screen = SCREEN_OF[resource];
    return !screen || siteHas(site, screen);
  }).map((resource) => [resource, RESOURCE_LABELS[resource]] as const);
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
