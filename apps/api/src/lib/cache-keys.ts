import type { AppCategory, Site } from "@backoffice/contracts";

/**
 * The keys of the public-read cache, written once for the readers (routes/<resource>/public.ts)
 * and the writers that invalidate them (routes/<resource>/admin.ts). A `…Of` key is the prefix
 * of every entry of that resource on a site.
 */
export const cacheKeys = {
  /** Every entry of a site: what a restore from the trash may change. */
  siteOf: (site: Site) => `${site}:`,
  adsOf: (site: Site) => `${site}:ads:`,
  ads: (site: Site, page: string | undefined) => `${cacheKeys.adsOf(site)}${page ?? ""}`,
  lockerOf: (site: Site) => `${site}:locker`,
  matchesOf: (site: Site) => `${site}:matches`,
  appsOf: () => "apkw:apps:",
  apps: (category: AppCategory | undefined) => `${cacheKeys.appsOf()}${category ?? ""}`,
} as const;
