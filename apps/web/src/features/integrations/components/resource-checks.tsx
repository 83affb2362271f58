import {
  resourceLabel,
  SITE_NAMES,
  SITE_RESOURCES,
  type Site,
  TOKEN_RESOURCES,
  type TokenResource,
} from "@backoffice/contracts";
import { CheckGroup } from "@/components/check-group";

/** The resources a token may be limited to on these sites (all of them while no site is ticked). */
export const resourcesOn = (sites: readonly Site[]) =>
  TOKEN_RESOURCES.filter(
    (resource) => sites.length === 0 || SITE_RESOURCES[resource].some((site) => sites.includes(site)),
  );

/**
 * The resources a token is limited to (docs/INTEGRATIONS.md#resource-limited-tokens): one tick per
 * resource of the chosen sites; none ticked is null, every resource (History, Trash, Overview and
 * Schedule too).
 */
export function ResourceChecks({
  id,
  sites,
  value,
  onChange,
  error,
}: {
  id: string;
  sites: readonly Site[];
  value: readonly TokenResource[] | null;
  onChange: (resources: TokenResource[] | null) => void;
  error?: string | undefined;
}) {
  const options = resourcesOn(sites).map((resource) => ({
    value: resource,
    label: (
      <>
        {resourceLabel(resource)}
        <span className="text-muted-foreground">
          {" "}
          ({SITE_RESOURCES[resource].map((site) => SITE_NAMES[site]).join(", ")})
        </span>
      </>
    ),
  }));
  return (
    <CheckGroup
      id={id}
      legend="Resources (optional)"
      hint="None ticked: every resource of its sites. A token limited to some cannot use History, Trash, Overview or Schedule."
      options={options}
      value={value ?? []}
      onChange={(list) => onChange(list.length > 0 ? list : null)}
      error={error}
    />
  );
}
