import { useSelectable } from "@/components/list/selectable-card";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";

/** A row of pressed/unpressed buttons choosing one value (All / Movies / TV Shows). */
export function ToggleButtons<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  /** Read by screen readers as the group's name. */
  legend: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{legend}</legend>
      {options.map(([option, label]) => (
        <Button
          key={option}
          size="sm"
          variant={value === option ? "default" : "outline"}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

/** The list's "Select all" checkbox: checked, mixed or clear for the rows in view; none for a Viewer. */
export function SelectAll({
  id,
  view,
  onChange,
  disabled,
  label = "Select all",
}: {
  id: string;
  view: { all: boolean; some: boolean };
  onChange: (on: boolean) => void;
  disabled?: boolean;
  label?: string;
}) {
  if (!useSelectable()) return null;
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={view.all ? true : view.some ? "indeterminate" : false}
        onCheckedChange={(on) => onChange(on === true)}
        disabled={disabled}
      />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
