import { SITE_NAMES, SITES, type Site } from "@backoffice/contracts";
import { CheckGroup } from "@/components/check-group";

const SITE_OPTIONS = SITES.map((site) => ({ value: site, label: SITE_NAMES[site] }));

/** The sites a token or an endpoint covers: one tick per site, at least one. */
export function SiteChecks(props: {
  id: string;
  value: Site[];
  onChange: (sites: Site[]) => void;
  error?: string | undefined;
}) {
  return <CheckGroup legend="Sites" options={SITE_OPTIONS} {...props} />;
}
