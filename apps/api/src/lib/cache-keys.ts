import type { Site, SiteResource } from "@backoffice/contracts";

/**
 * The keys of the public-read cache, one rule for every resource: the readers
 * (routes/<resource>/public.ts) store under them and the admin writes declare the prefix they
 * change (`config.invalidates`, plugins/invalidation.ts). A new public read needs no entry here.
 */
export const cacheKeys = {
  /** Every entry of a site: what a restore from the trash may change. */
  siteOf: (site: Site) => `${site}:`,
  /** Every entry of a resource on a site: what its writes change. */
  of: (site: Site, resource: SiteResource) => `${site}:${resource}:`,
  /** One answer of a resource's read: one per site, or one per variant (an ad page, an app category). */
  entry: (site: Site, resource: SiteResource, variant?: string) =>
    `${cacheKeys.of(site, resource)}${variant ?? ""}`,
} as const;
