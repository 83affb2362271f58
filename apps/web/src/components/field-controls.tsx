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

export function switchControl<T extends FieldValues, N extends FieldPath<T>>(
  field: BoundField<T, N>,
  control: ControlProps,
): ReactElement {
  return (
    <Switch
      {...control}
      ref={field.ref}
      onBlur={field.onBlur}
      checked={field.value}
      onCheckedChange={field.onChange}
    />
  );
}

export function checkboxControl<T extends FieldValues, N extends FieldPath<T>>(
  field: BoundField<T, N>,
  control: ControlProps,
): ReactElement {
  return (
    <Checkbox
      {...control}
      ref={field.ref}
      onBlur={field.onBlur}
      checked={field.value}
      onCheckedChange={(on) => field.onChange(on === true)}
    />
  );
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

/** The layout of a field whose control sits before its label (switches). */
export const INLINE_FIELD = "flex flex-row-reverse items-center justify-end gap-3";
