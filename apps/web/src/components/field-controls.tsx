import type { ReactElement } from "react";
import type { ControllerRenderProps, FieldPath, FieldValues } from "react-hook-form";
import type { ControlProps } from "@/components/form-field";
import { type Option, OptionsSelect } from "@/components/options-select";
import { Checkbox } from "@/components/ui/checkbox";
import { Switch } from "@/components/ui/switch";

// Controls with their own API, for `Field`'s function child: `<Field name="isActive">{switchControl}</Field>`.
// Each binds the field's value and ref and puts the label's id and aria props on the control.

// Generic, so that each fits the `Field` of any form.
type BoundField<T extends FieldValues, N extends FieldPath<T>> = ControllerRenderProps<T, N>;

/** What a switch and a checkbox share: the label's props, the field's ref and its boolean value. */
const toggleProps = <T extends FieldValues, N extends FieldPath<T>>(
  field: BoundField<T, N>,
  control: ControlProps,
) => ({
  ...control,
  ref: field.ref,
  onBlur: field.onBlur,
  checked: field.value === true,
  // A checkbox may report "indeterminate"; a field holds true or false.
  onCheckedChange: (on: boolean | "indeterminate") => field.onChange(on === true),
});

export function switchControl<T extends FieldValues, N extends FieldPath<T>>(
  field: BoundField<T, N>,
  control: ControlProps,
): ReactElement {
  return <Switch {...toggleProps(field, control)} />;
}

export function checkboxControl<T extends FieldValues, N extends FieldPath<T>>(
  field: BoundField<T, N>,
  control: ControlProps,
): ReactElement {
  return <Checkbox {...toggleProps(field, control)} />;
}

/** A select over `options`; `className` and `placeholder` go to its trigger. */
export const selectControl =
  (
    options: readonly Option[],
    look: { className?: string; placeholder?: string; itemClassName?: string } = {},
  ) =>
  <T extends FieldValues, N extends FieldPath<T>>(
    field: BoundField<T, N>,
    control: ControlProps,
  ): ReactElement => (
    <OptionsSelect
      {...control}
      {...look}
      ref={field.ref}
      onBlur={field.onBlur}
      value={field.value}
      onValueChange={field.onChange}
      options={options}
    />
  );

/** The props of a URL input. */
export const URL_INPUT = { type: "url", inputMode: "url", placeholder: "https://" } as const;

/** The layout of a field whose control sits before its label (switches). */
export const INLINE_FIELD = "flex flex-row-reverse items-center justify-end gap-3";
