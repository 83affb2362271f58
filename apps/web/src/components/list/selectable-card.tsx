import type { ComponentProps, ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { useCanWriteHere } from "@/hooks/use-access";

/**
 * Whether a list shows its selection: a selection is there for the list's bulk actions, so where
 * they all change the site a member who may not (a Viewer) gets no box to tick
 * (docs/PRODUCT-RULES.md#team-and-access); `reads`: the list also reads its selection (an inbox's
 * Export and Copy), for everyone.
 */
export function useSelectable(reads = false): boolean {
  return useCanWriteHere() || reads;
}

/** A selection box of a row, a card or a whole list; none where `useSelectable` says so. */
export function SelectBox({ reads, ...props }: ComponentProps<typeof Checkbox> & { reads?: boolean }) {
  return useSelectable(reads) ? <Checkbox {...props} /> : null;
}

/** A row of a list on phones: a card with its selection checkbox, named after what it selects. */
export function SelectableCard({
  selected,
  onToggle,
  label,
  reads,
  children,
}: {
  selected: boolean;
  onToggle: (on: boolean) => void;
  /** What the row is called: the checkbox says "Select {label}". */
  label: string;
  reads?: boolean;
  children: ReactNode;
}) {
  return (
    <li
      data-selected={selected}
      className="flex items-start gap-3 rounded-lg border p-3 data-[selected=true]:bg-muted"
    >
      <SelectBox
        reads={reads}
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
  reads,
}: {
  rows: readonly { _id: string }[];
  selected: ReadonlySet<string>;
  onToggleAll: (on: boolean) => void;
  label: string;
  id?: string;
  reads?: boolean;
}) {
  const count = rows.filter((row) => selected.has(row._id)).length;
  return (
    <SelectBox
      reads={reads}
      id={id}
      checked={count === 0 ? false : count === rows.length ? true : "indeterminate"}
      onCheckedChange={(value) => onToggleAll(value === true)}
      aria-label={label}
    />
  );
}
