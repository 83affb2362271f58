import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";

/** A row of a list on phones: a card with its selection checkbox, named after what it selects. */
export function SelectableCard({
  selected,
  onToggle,
  label,
  children,
}: {
  selected: boolean;
  onToggle: (on: boolean) => void;
  /** What the row is called: the checkbox says "Select {label}". */
  label: string;
  children: ReactNode;
}) {
  return (
    <li
      data-selected={selected}
      className="flex items-start gap-3 rounded-lg border p-3 data-[selected=true]:bg-muted"
    >
      <Checkbox
        className="mt-1"
        checked={selected}
        onCheckedChange={(value) => onToggle(value === true)}
        aria-label={`Select ${label}`}
      />
      <div className="grid min-w-0 flex-1 gap-1">{children}</div>
    </li>
  );
}

/** The Select all box of a list: checked, unchecked or mixed as the rows in view are chosen. */
export function SelectAllCheckbox({
  rows,
  selected,
  onToggleAll,
  label,
  id,
}: {
  rows: readonly { _id: string }[];
  selected: ReadonlySet<string>;
  onToggleAll: (on: boolean) => void;
  label: string;
  id?: string;
}) {
  const count = rows.filter((row) => selected.has(row._id)).length;
  return (
    <Checkbox
      id={id}
      checked={count === 0 ? false : count === rows.length ? true : "indeterminate"}
      onCheckedChange={(value) => onToggleAll(value === true)}
      aria-label={label}
    />
  );
}
