import { SITE_NAMES, SITES, type Site } from "@backoffice/contracts";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/** The sites a token or an endpoint covers: one tick per site, at least one. */
export function SiteChecks({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: Site[];
  onChange: (sites: Site[]) => void;
  error?: string | undefined;
}) {
  const toggle = (site: Site, on: boolean) => {
    const chosen = new Set(value);
    if (on) chosen.add(site);
    else chosen.delete(site);
    onChange(SITES.filter((key) => chosen.has(key)));
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Sites</legend>
      {SITES.map((site) => (
        <div key={site} className="flex items-center gap-2">
          <Checkbox
            id={`${id}-${site}`}
            checked={value.includes(site)}
            aria-invalid={error ? true : undefined}
            onCheckedChange={(on) => toggle(site, on === true)}
          />
          <Label htmlFor={`${id}-${site}`} className="font-normal">
            {SITE_NAMES[site]}
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
