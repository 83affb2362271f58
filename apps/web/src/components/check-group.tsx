import type { ReactNode, Ref } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/**
 * A group of checkboxes under one legend, with an optional hint and the group's error below it:
 * `onChange` gets the ticked values in the options' order.
 */
export function CheckGroup<Value extends string>({
  id,
  legend,
  hint,
  options,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  hint?: string;
  options: readonly { value: Value; label: ReactNode }[];
  value: readonly Value[];
  onChange: (values: Value[]) => void;
  error?: string | undefined;
}) {
  const toggle = (option: Value, on: boolean) => {
    const chosen = new Set(value);
    if (on) chosen.add(option);
    else chosen.delete(option);
    onChange(options.map((one) => one.value).filter((key) => chosen.has(key)));
  };
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy || undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {options.map((option) => (
        <CheckRow
          key={option.value}
          id={`${id}-${option.value}`}
          checked={value.includes(option.value)}
          invalid={Boolean(error)}
          onChange={(on) => toggle(option.value, on)}
        >
          {option.label}
        </CheckRow>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One tick with its label, marked invalid with its group. */
export function CheckRow({
  id,
  checked,
  invalid,
  onChange,
  inputRef,
  children,
}: {
  id: string;
  checked: boolean;
  invalid: boolean;
  onChange: (on: boolean) => void;
  inputRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        ref={inputRef}
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        onCheckedChange={(on) => onChange(on === true)}
      />
      <Label htmlFor={id} className="font-normal">
        {children}
      </Label>
    </div>
  );
}
