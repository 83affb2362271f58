import { Copy, Eye, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { IconButton } from "@/components/icon-button";
import { SelectAllCheckbox, SelectableCard } from "@/components/list/selectable-card";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { useCanWriteHere } from "@/hooks/use-access";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { formatDayMonthYear, sourceOf } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A row of an inbox (emails, contact messages): who, from which page, when. */
export type InboxRow = {
  _id: string;
  email: string;
  /** A second line under the address (a contact message's subject). */
  detail?: string;
  source: string | null;
  createdAt: string;
  /** Not opened yet: shown in bold, and said ("Unread") to screen readers. */
  unread?: boolean;
  /** A reply went out: an "Answered" badge. */
  answered?: boolean;
};

export type InboxListProps = {
  rows: InboxRow[];
  /** The list's accessible name, e.g. "Email subscriptions". */
  label: string;
  /** What a row is, for the select-all label: "emails", "messages". */
  noun: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onCopy: (email: string) => void;
  onDelete: (id: string) => void;
  /** Opens a row's details (contact messages). */
  onOpen?: (id: string) => void;
  /** A row's own menu before its Delete (contact messages' marks); the screen decides who sees it. */
  rowMenu?: (row: InboxRow) => ReactNode;
  busy: boolean;
};

function RowActions({
  row,
  onCopy,
  onDelete,
  onOpen,
  rowMenu,
  busy,
}: { row: InboxRow } & Pick<InboxListProps, "onCopy" | "onDelete" | "onOpen" | "rowMenu" | "busy">) {
  const canWrite = useCanWriteHere();
  return (
    <div className="flex justify-end gap-1">
      {onOpen && (
        <IconButton
          icon={Eye}
          label={`View message from ${row.email}`}
          tooltip="View details"
          onClick={() => onOpen(row._id)}
        />
      )}
      <IconButton
        icon={Copy}
        label={`Copy ${row.email}`}
        tooltip="Copy email"
        onClick={() => onCopy(row.email)}
      />
      {rowMenu?.(row)}
      {canWrite && (
        <IconButton
          icon={Trash2}
          label={`Delete ${row.email}`}
          tooltip="Delete"
          destructive
          disabled={busy}
          onClick={() => onDelete(row._id)}
        />
      )}
    </div>
  );
}

/**
 * The rows as a table, or as cards on phones: the same rows and actions. Every member selects rows
 * (`reads`): Export and Copy act on the selection too.
 */
export function InboxList(props: InboxListProps) {
  const { mobile } = useBreakpoint();
  return mobile ? <InboxCards {...props} /> : <InboxTable {...props} />;
}

function InboxTable(props: InboxListProps) {
  const { rows, label, noun, selected, onToggle, onToggleAll, onOpen } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={label}>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="w-10 py-2 pr-2 pl-2">
              <SelectAllCheckbox
                rows={rows}
                selected={selected}
                onToggleAll={onToggleAll}
                label={`Select all ${noun}`}
                reads
              />
            </th>
            {["Email", "From", "Date"].map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row._id}
              data-selected={selected.has(row._id)}
              // A click on the row opens it; its controls (and the keyboard) use the buttons.
              onClick={onOpen ? (event) => !isControl(event.target) && onOpen(row._id) : undefined}
              className={cn(
                "border-b last:border-0 hover:bg-muted/50 data-[selected=true]:bg-muted",
                onOpen && "cursor-pointer",
              )}
            >
              <td className="py-2 pr-2 pl-2">
                <Checkbox
                  checked={selected.has(row._id)}
                  onCheckedChange={(value) => onToggle(row._id, value === true)}
                  aria-label={`Select ${row.email}`}
                />
              </td>
              <td className="max-w-72 py-2 pr-4">
                <RowTitle row={row} />
                {row.detail && (
                  <p
                    className={cn(
                      "truncate text-xs text-muted-foreground",
                      row.unread && "font-semibold text-foreground",
                    )}
                    title={row.detail}
                  >
                    {row.detail}
                  </p>
                )}
              </td>
              <td
                className="max-w-56 truncate py-2 pr-4 text-muted-foreground"
                title={row.source ?? undefined}
              >
                {sourceOf(row.source)}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap text-muted-foreground">
                <time dateTime={row.createdAt}>{formatDayMonthYear(row.createdAt)}</time>
              </td>
              <td className="py-1 pr-2">
                <RowActions row={row} {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The address, bold while unread, with the row's state for eyes and screen readers. */
function RowTitle({ row, wrap = false }: { row: InboxRow; wrap?: boolean }) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm" data-unread={row.unread ?? undefined}>
      {row.unread && (
        <>
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
          <span className="sr-only">Unread: </span>
        </>
      )}
      <span
        className={cn(
          row.unread ? "font-bold" : "font-medium",
          wrap ? "[overflow-wrap:anywhere]" : "truncate",
        )}
        title={wrap ? undefined : row.email}
      >
        {row.email}
      </span>
      {row.answered && (
        <Badge variant="secondary" className="shrink-0">
          Answered
        </Badge>
      )}
    </p>
  );
}

// A row's menu opens in a portal, but its clicks still reach the row through React: they are controls too.
const isControl = (target: EventTarget) =>
  target instanceof Element && target.closest("button, a, input, [role=checkbox], [role=menu]") !== null;

function InboxCards(props: InboxListProps) {
  const { rows, label, noun, selected, onToggle, onToggleAll } = props;
  const selectAllId = `inbox-select-all-${noun}`;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 border-b pb-3">
        <SelectAllCheckbox
          id={selectAllId}
          rows={rows}
          selected={selected}
          onToggleAll={onToggleAll}
          label={`Select all ${noun}`}
          reads
        />
        <label htmlFor={selectAllId} className="text-sm text-muted-foreground">
          Select all
        </label>
      </div>
      <ul className="grid gap-3" aria-label={label}>
        {rows.map((row) => (
          <SelectableCard
            key={row._id}
            selected={selected.has(row._id)}
            onToggle={(on) => onToggle(row._id, on)}
            label={row.email}
            reads
          >
            <RowTitle row={row} wrap />
            {row.detail && (
              <p
                className={cn(
                  "truncate text-xs text-muted-foreground",
                  row.unread && "font-semibold text-foreground",
                )}
              >
                {row.detail}
              </p>
            )}
            <div className="flex items-end justify-between gap-2">
              <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                <dt>From</dt>
                <dd className="truncate">{sourceOf(row.source)}</dd>
                <dt>Date</dt>
                <dd>
                  <time dateTime={row.createdAt}>{formatDayMonthYear(row.createdAt)}</time>
                </dd>
              </dl>
              <RowActions row={row} {...props} />
            </div>
          </SelectableCard>
        ))}
      </ul>
    </div>
  );
}

export type ConnectionState = "connected" | "disconnected" | "connecting";

/** Connected after a successful load, Disconnected after a failure. */
export function ConnectionBadge({ state }: { state: ConnectionState }) {
  const label =
    state === "connected" ? "Connected" : state === "disconnected" ? "Disconnected" : "Connecting...";
  return (
    <Badge
      variant={state === "connected" ? "success" : state === "disconnected" ? "destructive" : "secondary"}
      data-state={state}
      role="status"
      className="gap-1.5 px-2.5 py-1 text-sm"
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          state === "connected"
            ? "bg-success"
            : state === "disconnected"
              ? "bg-white"
              : "bg-muted-foreground",
        )}
      />
      {label}
    </Badge>
  );
}
