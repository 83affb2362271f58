import { SITE_NAMES, SITES, type Site } from "@backoffice/contracts";
import type { MemberAccessBody } from "@backoffice/contracts/team";
import { type UseFormReturn, useController } from "react-hook-form";
import { CheckRow } from "@/components/check-group";
import { teamMessages as texts } from "../utils/team-texts";

/**
 * The sites a member reads and writes: all of them (also ones added later), or the ones ticked.
 * `name`: where the form keeps them (`sites`, or a group rule's `groupRules.0.sites`).
 */
export function SitesField({
  control,
  name = "sites",
}: {
  control: UseFormReturn<MemberAccessBody>["control"];
  name?: string;
}) {
  const { field, fieldState } = useController({ name: name as "sites", control });
  const id = name.replaceAll(".", "-");
  const sites = field.value;
  const toggle = (site: Site, on: boolean) => {
    const chosen = new Set(sites ?? []);
    if (on) chosen.add(site);
    else chosen.delete(site);
    field.onChange(SITES.filter((key) => chosen.has(key)));
  };
  // The contract's "at least one site" is `required`; beside the ticks, say which.
  const error =
    fieldState.error && (fieldState.error.type === "required" ? texts.chooseSite : fieldState.error.message);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Sites</legend>
      <CheckRow
        id={`${id}-all`}
        inputRef={field.ref}
        checked={sites === null}
        invalid={Boolean(error)}
        onChange={(on) => field.onChange(on ? null : [])}
      >
        All sites (also ones added later)
      </CheckRow>
      {sites !== null && (
        <div className="grid gap-2 pl-6">
          {SITES.map((site) => (
            <CheckRow
              key={site}
              id={`${id}-${site}`}
              checked={sites.includes(site)}
              invalid={Boolean(error)}
              onChange={(on) => toggle(site, on)}
            >
              {SITE_NAMES[site]}
            </CheckRow>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
