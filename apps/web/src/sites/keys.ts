/** The three site sections. Kept apart from the full settings so the sign-in bundle stays small. */
export const siteKeys = ["apkw", "sportbn", "movies"] as const;
export type SiteKey = (typeof siteKeys)[number];

/** Default dashboard (spec §9). */
export const DEFAULT_SITE: SiteKey = "apkw";

export function isSiteKey(value: unknown): value is SiteKey {
  return typeof value === "string" && (siteKeys as readonly string[]).includes(value);
}

/** The site whose section a path belongs to, or null for a path of no site. */
export function siteOfPath(pathname: string): SiteKey | null {
  const first = pathname.split("/")[1];
  return isSiteKey(first) ? first : null;
}
