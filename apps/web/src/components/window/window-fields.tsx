import { windowFieldsOf } from "@backoffice/contracts/windows";
import type { ControllerRenderProps, FieldValues } from "react-hook-form";
import { Field } from "@/components/form";
import type { ControlProps } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { useConfig } from "@/lib/site-config";
import type { WindowEndValue } from "./window-form";

const DAY_INPUT = {
  inputMode: "numeric",
  autoComplete: "off",
  placeholder: "dd/mm/yyyy",
  maxLength: 10,
} as const;
const TIME_INPUT = { inputMode: "numeric", autoComplete: "off", placeholder: "HH:mm", maxLength: 5 } as const;

/** The site's time zone (the feed's, `/config`), in which windows are typed and shown. */
export const useSiteTimeZone = () => useConfig().data?.timeZone ?? "UTC";

/**
 * A dialog's window (docs/PRODUCT-RULES.md#windows): Starts and Ends, each a date and a time in the
 * site's time zone, named beside them; both empty is an open end. Inside a `Form` whose values
 * have `startsAt` and `endsAt` (`windowFormFields` of window-form.ts), or with `flag` the flag's
 * (`trendingStartsAt`, `trendingEndsAt`: `windowFormFieldsOf(flag)`), labelled with `label`.
 */
export function WindowFields({ flag, label }: { flag?: string; label?: string } = {}) {
  const timeZone = useSiteTimeZone();
  const names = windowFieldsOf(flag ?? "");
  const prefix = label ? `${label} ` : "";
  const starts = label ? `${label} starts` : "Starts";
  const ends = label ? `${label} ends` : "Ends";
  return (
    <fieldset className="min-w-0" data-slot="window-fields">
      <legend className="mb-2 text-sm font-medium">
        {prefix}
        {label ? "window" : "Window"} <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      {/* The grid inside the fieldset: a legend in a grid fieldset shifts the first cell only. */}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <WindowEndField name={names.startsAt} label={starts} hint="Empty: from now on" timeZone={timeZone} />
        <WindowEndField
          name={names.endsAt}
          label={ends}
          hint="Empty: until switched off"
          timeZone={timeZone}
        />
      </div>
    </fieldset>
  );
}

export function WindowEndField({
  name,
  label,
  hint,
  timeZone,
}: {
  name: string;
  label: string;
  hint: string;
  timeZone: string;
}) {
  return (
    <Field<FieldValues> name={name} label={label} hint={`dd/mm/yyyy HH:mm, ${timeZone}. ${hint}`}>
      {(field, control) => (
        <WindowEndControl field={field} control={control} label={label} timeZone={timeZone} />
      )}
    </Field>
  );
}

/** A day and a time side by side, the time zone named after them; the label names the day, the time its own. */
function WindowEndControl({
  field,
  control,
  label,
  timeZone,
}: {
  field: ControllerRenderProps<FieldValues, string>;
  control: ControlProps;
  label: string;
  timeZone: string;
}) {
  const value = (field.value as WindowEndValue | undefined) ?? { day: "", time: "" };
  const change = (part: keyof WindowEndValue) => (event: React.ChangeEvent<HTMLInputElement>) =>
    field.onChange({ ...value, [part]: event.target.value });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        {...DAY_INPUT}
        {...control}
        ref={field.ref}
        name={`${field.name}.day`}
        className="w-32"
        value={value.day}
        onChange={change("day")}
        onBlur={field.onBlur}
      />
      <Input
        {...TIME_INPUT}
        aria-label={`${label} time`}
        aria-invalid={control["aria-invalid"]}
        aria-describedby={control["aria-describedby"]}
        name={`${field.name}.time`}
        className="w-20"
        value={value.time}
        onChange={change("time")}
        onBlur={field.onBlur}
      />
      <span className="text-sm text-muted-foreground">{timeZone}</span>
    </div>
  );
}
