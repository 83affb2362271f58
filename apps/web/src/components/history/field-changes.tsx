import { cn } from "@/lib/utils";
import { type FieldChange, isBlockValue, valueText } from "./history-texts";

/**
 * Each changed field with its value before and after. Values are text nodes (scripts in <pre>),
 * so a script or markup in a record is shown, never run or rendered.
 */
export function FieldChanges({ changes }: { changes: readonly FieldChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No field changes.</p>;
  return (
    <dl className="grid gap-4" aria-label="Changed fields">
      {changes.map((change) => (
        <div key={change.field} className="grid gap-1.5 border-t pt-3" data-slot="field-change">
          <dt className="text-sm font-semibold">{change.label}</dt>
          <dd className="grid min-w-0 gap-2 sm:grid-cols-2">
            <FieldValue side="Before" field={change.field} value={change.before} />
            <FieldValue side="After" field={change.field} value={change.after} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FieldValue({ side, field, value }: { side: "Before" | "After"; field: string; value: unknown }) {
  const text = valueText(value);
  const none = text === "None";
  return (
    <div className="grid min-w-0 content-start gap-1" data-side={side.toLowerCase()}>
      <span className="text-xs text-muted-foreground">{side}</span>
      {isBlockValue(field, value) ? (
        <pre className="max-h-48 overflow-auto rounded-md border bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-all">
          {text}
        </pre>
      ) : (
        <span className={cn("text-sm [overflow-wrap:anywhere]", none && "text-muted-foreground italic")}>
          {text}
        </span>
      )}
    </div>
  );
}
