import { cloneElement, type ReactElement, useId } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export type ControlProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

export type FormFieldProps = {
  label: string;
  /**
   * The input, which receives id, aria-invalid and aria-describedby; or, for a composite control
   * (a select whose trigger is the labelled element), a function that places those props itself.
   */
  children: ReactElement<ControlProps> | ((control: ControlProps) => ReactElement);
  /** Shown as given: a refused field is worded by its code before it gets here (lib/field-messages.ts). */
  error?: string;
  /** Marks the control invalid without a message of its own (a form-level message explains). */
  invalid?: boolean;
  hint?: string;
  className?: string;
  labelAction?: React.ReactNode;
};

/** A label, a control, and its hint or error, wired together for assistive technology. */
export function FormField({ label, children, error, invalid, hint, className, labelAction }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = {
    id,
    "aria-invalid": error || invalid ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      {typeof children === "function" ? children(control) : cloneElement(children, control)}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
