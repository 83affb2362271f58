import { useLocation } from "react-router";
import { DEFAULT_SITE, type SiteSettings, siteOfPath, sites } from "@/sites";

/** The settings of the site section the current path belongs to. */
export function useCurrentSite(): SiteSettings {
  const { pathname } = useLocation();
  return sites[siteOfPath(pathname) ?? DEFAULT_SITE];
}
