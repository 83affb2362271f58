import type { MemberLevel } from "@backoffice/contracts";
import type { MemberAccessBody } from "@backoffice/contracts/team";
import { type FieldValues, type Path, type UseFormReturn, useWatch } from "react-hook-form";
import { selectControl } from "@/components/field-controls";
import { fieldOf } from "@/components/form";
import { LEVEL_HINTS, LEVEL_LABELS, teamMessages as texts } from "../utils/team-texts";
import { SitesField } from "./sites-field";

export const LEVEL_OPTIONS = (Object.keys(LEVEL_LABELS) as MemberLevel[]).map(
  (level) => [level, LEVEL_LABELS[level]] as const,
);

/**
 * Level and sites, shared by Invite and Change access: an Owner has every site; anyone else all
 * sites (null) or the ones ticked (at least one).
 */
export function AccessFields<T extends FieldValues & MemberAccessBody>({
  form,
}: {
  form: UseFormReturn<T, unknown, unknown>;
}) {
  const Field = fieldOf<MemberAccessBody>();
  const level = useWatch({ control: form.control, name: "level" as Path<T> }) as MemberLevel;
  const levelField = (
    <Field name="level" label="Level" hint={LEVEL_HINTS[level]}>
      {selectControl(LEVEL_OPTIONS, { className: "w-full" })}
    </Field>
  );
  if (level === "owner")
    return (
      <>
        {levelField}
        <p className="text-sm text-muted-foreground">{texts.ownerSites}</p>
      </>
    );
  return (
    <>
      {levelField}
      <SitesField control={form.control as never} />
    </>
  );
}
