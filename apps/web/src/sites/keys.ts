/** The three site sections. Kept apart from the full settings so the sign-in bundle stays small. */
import { DEFAULT_SITE, isSite, SITES, type Site } from "@backoffice/contracts/site-rules";

export const siteKeys = SITES;
export type SiteKey = Site;
export { DEFAULT_SITE };
export const isSiteKey = isSite;
/** The site whose section a path belongs to, or null for a path of no site. */
export function siteOfPath(pathname: string): SiteKey | null {
  const first = pathname.split("/")[1];
  return isSiteKey(first) ? first : null;
}
