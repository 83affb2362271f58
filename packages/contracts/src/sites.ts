import type { Site } from "./common.ts";

/** Which site has which resource (DESIGN §3); everywhere else the resource answers 404. */
export const SITE_RESOURCES = {
  ads: ["apkw", "sportbn", "movies"],
  emails: ["apkw", "sportbn"],
  locker: ["sportbn", "movies"],
  apps: ["apkw"],
  matches: ["sportbn"],
  contacts: ["movies"],
} as const satisfies Record<string, readonly Site[]>;

export type SiteResource = keyof typeof SITE_RESOURCES;

export function siteHas(site: Site, resource: SiteResource): boolean {
  return (SITE_RESOURCES[resource] as readonly Site[]).includes(site);
}
