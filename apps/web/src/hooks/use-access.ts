import { memberReadsSite, memberWritesSite, type Site } from "@backoffice/contracts";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useMe } from "@/hooks/use-me";
import { siteKeys } from "@/sites/keys";

/**
 * The sites the signed-in member reads (docs/PRODUCT-RULES.md#team-and-access), in the switcher's
 * order; undefined until GET /auth/me answers.
 */
export function useMemberSites(): Site[] | undefined {
  const me = useMe().data;
  return me && siteKeys.filter((site) => memberReadsSite(me, site));
}

/**
 * Whether the member may change `site` (`"all"`: every site, as an all-sites job needs). A screen
 * shows a write control (Add, Edit, Delete, Save, Import, Accept, Run now…) only when this is true:
 * a Viewer sees none, rather than controls that fail. False until GET /auth/me answers (the shell
 * waits for it before showing a screen).
 */
export function useCanWrite(site: Site | "all"): boolean {
  const me = useMe().data;
  return me ? memberWritesSite(me, site) : false;
}

/** `useCanWrite` of the site whose screen is shown (the path's): what a list's own blocks ask. */
export function useCanWriteHere(): boolean {
  return useCanWrite(useCurrentSite().key);
}
