import {
  AD_PAGES,
  LOCKER_TYPES_OF,
  type LockerKind,
  SITE_NAMES,
  TRUNCATION,
  type Truncation,
  WORDING_VARIANT,
  type WordingVariant,
} from "@backoffice/contracts/site-rules";
import type { LucideIcon } from "lucide-react";
import { type SiteKey, siteKeys } from "./keys";

export { DEFAULT_SITE, type SiteKey, siteOfPath } from "./keys";

export type NavItem = { label: string; to: string; icon: LucideIcon };

export type AdPage = "home" | "info" | "player" | "browse";

export type SiteSettings = {
  key: SiteKey;
  /** Display name; the public URL comes from GET /config at run time. */
  name: string;
  /** Shown until /config answers. */
  fallbackUrl: string;
  /** The API client variant (movies has its own wording). */
  apiVariant: WordingVariant;
  wording: {
    adsLoadError: { title: string; description: string };
    adUpdated: string;
  };
  /** Character limits of shortened texts, per breakpoint (narrow < 992px, mobile < 640px). */
  truncation: Truncation;
  /** Movies ads have one list per page (tabs); the others have a single list. */
  adPages: readonly AdPage[] | null;
  lockerTypes: readonly LockerKind[] | null;
  /** Which Manage Locker the site shows (sportbn's or movies' calls and wording), or null. */
  lockerVariant: "sportbn" | "movies" | null;
};

// apkw uses sportbn's wording and truncation lengths for ads and emails.
const sportbnWording: SiteSettings["wording"] = {
  adsLoadError: { title: "Connection Error", description: "Failed to connect to email API" },
  adUpdated: "Ad created successfully",
};

/** The per-site rules shared with the server (packages/contracts/src/site-rules.ts). */
const rulesOf = (site: SiteKey) => ({
  apiVariant: WORDING_VARIANT[site],
  truncation: TRUNCATION[site],
  adPages: (AD_PAGES[site] as readonly AdPage[] | undefined) ?? null,
  lockerTypes: LOCKER_TYPES_OF[site] ?? null,
});

/** What differs between the sites is data: their wording and the shared rules (their screens: app/site-routes.ts). */
const site = (key: SiteKey, settings: Pick<SiteSettings, "wording" | "lockerVariant">): SiteSettings => ({
  key,
  name: SITE_NAMES[key],
  fallbackUrl: `https://${key}.example`,
  ...settings,
  ...rulesOf(key),
});

export const sites: Record<SiteKey, SiteSettings> = {
  apkw: site("apkw", {
    wording: sportbnWording,
    lockerVariant: null,
  }),
  sportbn: site("sportbn", {
    wording: sportbnWording,
    lockerVariant: "sportbn",
  }),
  movies: site("movies", {
    wording: {
      adsLoadError: { title: "Connection Error", description: "Failed to fetch ads" },
      adUpdated: "Ad updated successfully",
    },
    lockerVariant: "movies",
  }),
};

export const siteList: SiteSettings[] = siteKeys.map((key) => sites[key]);

/** The item whose path is the longest prefix of `pathname`, or null. */
export function activeNavItem(items: NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}
