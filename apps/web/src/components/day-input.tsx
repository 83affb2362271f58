import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatDay, parseDay } from "@/lib/format";
import { cn } from "@/lib/utils";

export const DAY_HINT = "Enter a day as dd/mm/yyyy";

/**
 * A day filter typed as dd/mm/yyyy, the product's one date format, whatever the browser's locale
 * (a native date input shows the US order there). `value` and `onChange` speak the stored
 * "yyyy-mm-dd" ("" for none); a text that is no day yet stays in the box, and once left is marked
 * with what to type.
 */
export function DayInput({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  className?: string;
}) {
  const id = useId();
  const hintId = useId();
  const [state, setState] = useState({ text: formatDay(value), synced: value, left: false });
  // The day changed elsewhere (Clear filters, Back): show it, unless the text already says it.
  if (state.synced !== value)
    setState({
      text: (parseDay(state.text) ?? "") === value ? state.text : formatDay(value),
      synced: value,
      left: false,
    });
  const invalid = state.left && state.text.trim() !== "" && parseDay(state.text) === null;
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="flex items-center gap-2">
        <Label htmlFor={id} className="w-10 shrink-0 text-muted-foreground lg:w-auto">
          {label}
        </Label>
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          maxLength={10}
          className="lg:w-32"
          value={state.text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? hintId : undefined}
          onChange={(event) => {
            const text = event.target.value;
            const day = text.trim() === "" ? "" : parseDay(text);
            setState({ text, synced: day ?? state.synced, left: state.left && day === null });
            if (day !== null && day !== value) onChange(day);
          }}
          onBlur={() => setState((current) => ({ ...current, left: true }))}
        />
      </div>
      {invalid && (
        <p id={hintId} className="text-xs text-destructive">
          {DAY_HINT}
        </p>
      )}
    </div>
  );
}
