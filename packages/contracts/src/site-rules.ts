// The per-site rules of the product, in one place (docs/PRODUCT-RULES.md#sites). Zod-free on purpose:
// the sign-in bundle imports it and must stay small. Server, web, seed and tests read these values;
// nothing else branches on a site key.

export const SITES = ["apkw", "sportbn", "movies"] as const;
export type Site = (typeof SITES)[number];

/** The site selected until the user picks another. */
export const DEFAULT_SITE: Site = "apkw";

export function isSite(value: unknown): value is Site {
  return typeof value === "string" && (SITES as readonly string[]).includes(value);
}

/** Display names. */
export const SITE_NAMES: Record<Site, string> = { apkw: "APKW", sportbn: "SportBN", movies: "Movies" };

// Which site has which resource (`SITE_RESOURCES`, `siteHas`) derives from resources.ts.

/** Sites whose ads are kept per page (movies: one list per tab); elsewhere ads have no page list. */
export const AD_PAGES: Partial<Record<Site, readonly string[]>> = {
  movies: ["home", "info", "player", "browse"],
};

export function adPagesOf(site: Site): readonly string[] | null {
  return AD_PAGES[site] ?? null;
}

export const LOCKER_KINDS = ["js", "api"] as const;
export type LockerKind = (typeof LOCKER_KINDS)[number];

/** Locker types a site may choose (movies is fixed to js). */
export const LOCKER_TYPES_OF: Partial<Record<Site, readonly LockerKind[]>> = {
  sportbn: ["js", "api"],
  movies: ["js"],
};

/** Locker timer range and the record every locker site starts with. */
export const LOCKER_RULES = {
  min: 1,
  max: 300,
  defaultSeconds: 30,
  defaultActive: true,
  defaultType: "js",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;

/**
 * Character limits of shortened texts: "narrow" is under 992 px, "mobile" under 640 px.
 * apkw uses sportbn's lengths (docs/PRODUCT-RULES.md#shortened-text-and-breakpoints).
 */
export interface Truncation {
  appTitle: { desktop: number };
  matchTeamName: { narrow: number };
  fetchTeamName: { narrow: number };
  adPageName: { narrow: number };
  adUrl: { default: number; mobile: number };
}

const sportbnTruncation: Truncation = {
  appTitle: { desktop: 8 },
  matchTeamName: { narrow: 10 },
  fetchTeamName: { narrow: 15 },
  adPageName: { narrow: 5 },
  adUrl: { default: 20, mobile: 15 },
};

export const TRUNCATION: Record<Site, Truncation> = {
  apkw: sportbnTruncation,
  sportbn: sportbnTruncation,
  movies: { ...sportbnTruncation, adUrl: { default: 40, mobile: 24 } },
};

/** Breakpoints in px: "narrow" is under 992 (also the sidebar's), "mobile" under 640. */
export const BREAKPOINTS = { narrow: 992, mobile: 640 } as const;

/**
 * The wording variant of a site: movies has its own client messages, ads load error,
 * ad-updated toast and locker screen.
 */
export type WordingVariant = "default" | "movies";
export const WORDING_VARIANT: Record<Site, WordingVariant> = {
  apkw: "default",
  sportbn: "default",
  movies: "movies",
};
