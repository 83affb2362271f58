import type { EmailSubscription } from "@backoffice/contracts";
import { Copy, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { formatDayMonthYear } from "@/lib/format";
import { sourceOf } from "../utils/email-texts";

export type EmailsViewProps = {
  rows: EmailSubscription[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onCopy: (email: string) => void;
  onDelete: (id: string) => void;
  busy: boolean;
};

function allState(rows: EmailSubscription[], selected: ReadonlySet<string>): boolean | "indeterminate" {
  const count = rows.filter((row) => selected.has(row._id)).length;
  return count === 0 ? false : count === rows.length ? true : "indeterminate";
}

function RowActions({
  row,
  onCopy,
  onDelete,
  busy,
}: { row: EmailSubscription } & Pick<EmailsViewProps, "onCopy" | "onDelete" | "busy">) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onCopy(row.email)}
        aria-label={`Copy ${row.email}`}
        title="Copy email"
      >
        <Copy aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onDelete(row._id)}
        disabled={busy}
        aria-label={`Delete ${row.email}`}
        title="Delete email"
        className="text-destructive hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The table of subscriptions (wider than mobile). */
export function EmailsTable(props: EmailsViewProps) {
  const { rows, selected, onToggle, onToggleAll, onCopy, onDelete, busy } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Email subscriptions">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="w-10 py-2 pr-2 pl-2">
              <Checkbox
                checked={allState(rows, selected)}
                onCheckedChange={(value) => onToggleAll(value === true)}
                aria-label="Select all emails"
              />
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Email
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              From
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Date
            </th>
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
              className="border-b last:border-0 hover:bg-muted/50 data-[selected=true]:bg-muted"
            >
              <td className="py-2 pr-2 pl-2">
                <Checkbox
                  checked={selected.has(row._id)}
                  onCheckedChange={(value) => onToggle(row._id, value === true)}
                  aria-label={`Select ${row.email}`}
                />
              </td>
              <td className="max-w-72 truncate py-2 pr-4 font-medium" title={row.email}>
                {row.email}
              </td>
              <td className="max-w-56 truncate py-2 pr-4 text-muted-foreground" title={row.url ?? undefined}>
                {sourceOf(row.url)}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap text-muted-foreground">
                <time dateTime={row.createdAt}>{formatDayMonthYear(row.createdAt)}</time>
              </td>
              <td className="py-1 pr-2">
                <RowActions row={row} onCopy={onCopy} onDelete={onDelete} busy={busy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same rows as cards, for phones. */
export function EmailsCards(props: EmailsViewProps) {
  const { rows, selected, onToggle, onToggleAll, onCopy, onDelete, busy } = props;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 border-b pb-3">
        <Checkbox
          id="emails-select-all"
          checked={allState(rows, selected)}
          onCheckedChange={(value) => onToggleAll(value === true)}
          aria-label="Select all emails"
        />
        <label htmlFor="emails-select-all" className="text-sm text-muted-foreground">
          Select all
        </label>
      </div>
      <ul className="grid gap-3" aria-label="Email subscriptions">
        {rows.map((row) => (
          <li
            key={row._id}
            data-selected={selected.has(row._id)}
            className="flex items-start gap-3 rounded-lg border p-3 data-[selected=true]:bg-muted"
          >
            <Checkbox
              className="mt-1"
              checked={selected.has(row._id)}
              onCheckedChange={(value) => onToggle(row._id, value === true)}
              aria-label={`Select ${row.email}`}
            />
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="text-sm font-medium [overflow-wrap:anywhere]">{row.email}</p>
              <div className="flex items-end justify-between gap-2">
                <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                  <dt>From</dt>
                  <dd className="truncate">{sourceOf(row.url)}</dd>
                  <dt>Date</dt>
                  <dd>
                    <time dateTime={row.createdAt}>{formatDayMonthYear(row.createdAt)}</time>
                  </dd>
                </dl>
                <RowActions row={row} onCopy={onCopy} onDelete={onDelete} busy={busy} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
