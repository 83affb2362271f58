import {
  resourceLabel,
  SITE_NAMES,
  SITE_RESOURCES,
  type Site,
  TOKEN_RESOURCES,
  type TokenResource,
} from "@backoffice/contracts";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

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
  const shown = resourcesOn(sites);
  const toggle = (resource: TokenResource, on: boolean) => {
    const chosen = new Set(value ?? []);
    if (on) chosen.add(resource);
    else chosen.delete(resource);
    const list = TOKEN_RESOURCES.filter((key) => chosen.has(key));
    onChange(list.length > 0 ? list : null);
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm leading-none font-medium">Resources (optional)</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        None ticked: every resource of its sites. A token limited to some cannot use History, Trash, Overview
        or Schedule.
      </p>
      {shown.map((resource) => (
        <div key={resource} className="flex items-center gap-2">
          <Checkbox
            id={`${id}-${resource}`}
            checked={value?.includes(resource) ?? false}
            aria-invalid={error ? true : undefined}
            onCheckedChange={(on) => toggle(resource, on === true)}
          />
          <Label htmlFor={`${id}-${resource}`} className="font-normal">
            {resourceLabel(resource)}
            <span className="text-muted-foreground">
              {" "}
              ({SITE_RESOURCES[resource].map((site) => SITE_NAMES[site]).join(", ")})
            </span>
          </Label>
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
