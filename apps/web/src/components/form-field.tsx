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
  error?: string;
  /** Marks the control invalid without a message of its own (a form-level message explains). */
  invalid?: boolean;
  hint?: string;
  className?: string;
  labelAction?: React.ReactNode;
};

// The server and the shared schemas name the field by its key ("url must be an http(s) URL"), which
// an API client needs; beside its label the field is known, so the message says what to do instead.
// Messages the product fixes word for word match none of these and stay as they are.
const READABLE: [RegExp, (...groups: string[]) => string][] = [
  [/^[\w.[\]]+ must be an http\(s\) URL$/, () => "Enter a web address starting with http:// or https://"],
  [/^[\w.[\]]+ is required$/, () => "Fill in this field."],
  [/^[\w.[\]]+ must be at most (\d+) characters$/, (max = "") => `Use at most ${max} characters.`],
  [/^[\w.[\]]+ must be text$/, () => "Enter text here."],
  [/^[\w.[\]]+ must be on one line$/, () => "Keep this on one line."],
  [/^[\w.[\]]+ must be true or false$/, () => "Choose on or off."],
  [/^[\w.[\]]+ must be a valid email address$/, () => "Enter an email address such as name@example.com."],
  [
    /^[\w.[\]]+ must be a whole number from (\d+) to (\d+)$/,
    (a = "", b = "") => `Enter a whole number from ${a} to ${b}.`,
  ],
  [/^[\w.[\]]+ must be between (.+)$/, (range = "") => `Enter a number between ${range}.`],
  // Any other rule of a lower-case key: the rule itself, without the key.
  [/^[a-z][\w.[\]]* must (.+?)\.?$/, (rule = "") => `Must ${rule}.`],
];

function readable(message: string): string {
  for (const [pattern, say] of READABLE) {
    const found = pattern.exec(message);
    if (found) return say(...found.slice(1));
  }
  return message;
}

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
          {readable(error)}
        </p>
      )}
    </div>
  );
}
