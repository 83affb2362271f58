import type { TrashItem } from "@backoffice/contracts";
import { RotateCcw, Trash2 } from "lucide-react";
import { IconButton } from "@/components/icon-button";
import {
  SelectAllCheckbox,
  SelectableCard,
  SelectBox,
  useSelectable,
} from "@/components/list/selectable-card";
import { Badge } from "@/components/ui/badge";
import { useCanWriteHere } from "@/hooks/use-access";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { formatDateTime, formatDayMonthYear } from "@/lib/format";
import { kindLabel } from "../utils/trash-texts";

export type TrashListProps = {
  rows: readonly TrashItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onRestore: (item: TrashItem) => void;
  onPurge: (item: TrashItem) => void;
  busy: boolean;
};

const COLUMNS = ["Item", "Kind", "Deleted", "Deleted by", "Purged on"] as const;

/** The trash as a table, or as cards on phones (like the inboxes): the same facts and actions. */
export function TrashList(props: TrashListProps) {
  const { mobile } = useBreakpoint();
  return mobile ? <TrashCards {...props} /> : <TrashTable {...props} />;
}

/** Restore and Delete forever of one item; none for a Viewer. */
function Actions({ row, onRestore, onPurge, busy }: { row: TrashItem } & TrashListProps) {
  if (!useCanWriteHere()) return null;
  return (
    <div className="flex justify-end gap-1">
      <IconButton
        icon={RotateCcw}
        label={`Restore ${row.label}`}
        tooltip="Restore"
        disabled={busy}
        onClick={() => onRestore(row)}
      />
      <IconButton
        icon={Trash2}
        label={`Delete ${row.label} forever`}
        tooltip="Delete forever"
        destructive
        disabled={busy}
        onClick={() => onPurge(row)}
      />
    </div>
  );
}

const facts = (row: TrashItem) => ({
  kind: kindLabel(row.resource),
  deleted: <time dateTime={row.deletedAt}>{formatDateTime(row.deletedAt)}</time>,
  by: row.deletedBy ?? "-",
  purged: <time dateTime={row.expiresAt}>{formatDayMonthYear(row.expiresAt)}</time>,
});

function TrashTable(props: TrashListProps) {
  const { rows, selected, onToggle, onToggleAll } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Deleted items">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="w-10 py-2 pr-2 pl-2">
              <SelectAllCheckbox
                rows={rows}
                selected={selected}
                onToggleAll={onToggleAll}
                label="Select all items"
              />
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const fact = facts(row);
            return (
              <tr
                key={row._id}
                data-selected={selected.has(row._id)}
                className="border-b last:border-0 hover:bg-muted/50 data-[selected=true]:bg-muted"
              >
                <td className="py-2 pr-2 pl-2">
                  <SelectBox
                    checked={selected.has(row._id)}
                    onCheckedChange={(value) => onToggle(row._id, value === true)}
                    aria-label={`Select ${row.label}`}
                  />
                </td>
                <td className="max-w-72 truncate py-2 pr-4 font-medium" title={row.label}>
                  {row.label}
                </td>
                <td className="py-2 pr-4 whitespace-nowrap">
                  <Badge variant="secondary">{fact.kind}</Badge>
                </td>
                <td className="py-2 pr-4 whitespace-nowrap text-muted-foreground">{fact.deleted}</td>
                <td className="max-w-48 truncate py-2 pr-4 text-muted-foreground" title={fact.by}>
                  {fact.by}
                </td>
                <td className="py-2 pr-4 whitespace-nowrap text-muted-foreground">{fact.purged}</td>
                <td className="py-1 pr-2">
                  <Actions row={row} {...props} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function TrashCards(props: TrashListProps) {
  const { rows, selected, onToggle, onToggleAll } = props;
  return (
    <div className="grid gap-3">
      {useSelectable() && (
        <div className="flex items-center gap-3 border-b pb-3">
          <SelectAllCheckbox
            id="trash-select-all"
            rows={rows}
            selected={selected}
            onToggleAll={onToggleAll}
            label="Select all items"
          />
          <label htmlFor="trash-select-all" className="text-sm text-muted-foreground">
            Select all
          </label>
        </div>
      )}
      <ul className="grid gap-3" aria-label="Deleted items">
        {rows.map((row) => {
          const fact = facts(row);
          return (
            <SelectableCard
              key={row._id}
              selected={selected.has(row._id)}
              onToggle={(on) => onToggle(row._id, on)}
              label={row.label}
            >
              <div className="flex items-start justify-between gap-2">
                <p className="mt-0.5 min-w-0 text-sm font-medium [overflow-wrap:anywhere]">{row.label}</p>
                <Actions row={row} {...props} />
              </div>
              <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                <dt>Kind</dt>
                <dd>{fact.kind}</dd>
                <dt>Deleted</dt>
                <dd>{fact.deleted}</dd>
                <dt>Deleted by</dt>
                <dd className="truncate">{fact.by}</dd>
                <dt>Purged on</dt>
                <dd>{fact.purged}</dd>
              </dl>
            </SelectableCard>
          );
        })}
      </ul>
    </div>
  );
}
