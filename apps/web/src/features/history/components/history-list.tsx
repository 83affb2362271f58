import type { HistoryEntry } from "@backoffice/contracts";
import { FileSearch } from "lucide-react";
import { actionLabel, recordLabel } from "@/components/history/history-texts";
import { IconButton } from "@/components/icon-button";
import { ShortenedText } from "@/components/shortened-text";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { formatDateTime } from "@/lib/format";
import { HistoryRecord } from "./history-record";

type HistoryListProps = { entries: readonly HistoryEntry[]; onOpen: (entry: HistoryEntry) => void };

/** Long record names (URLs, titles) are cut on screen and whole on hover, focus and for screen readers. */
const RECORD_LIMITS = { default: 48, narrow: 32, mobile: 36 } as const;

/** The log as a table, or as stacked rows on phones (like the inboxes): the same facts and Details. */
export function HistoryList(props: HistoryListProps) {
  const { mobile } = useBreakpoint();
  return mobile ? <HistoryCards {...props} /> : <HistoryTable {...props} />;
}

function useRow(entry: HistoryEntry, onOpen: HistoryListProps["onOpen"]) {
  const action = actionLabel(entry);
  const record = recordLabel(entry);
  return {
    action,
    when: <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
    admin: entry.admin ?? "-",
    address: entry.address ?? "-",
    record: <ShortenedText slot="history-record" text={record} limits={RECORD_LIMITS} />,
    details: (
      <IconButton
        icon={FileSearch}
        label={`Details of ${action} ${record}`}
        tooltip="Details"
        onClick={() => onOpen(entry)}
      />
    ),
  };
}

function HistoryTable({ entries, onOpen }: HistoryListProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Changes">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {["When", "Admin", "Action", "Record", "Address"].map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium first:pl-2">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <TableRow key={entry._id} entry={entry} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableRow({ entry, onOpen }: { entry: HistoryEntry; onOpen: HistoryListProps["onOpen"] }) {
  const row = useRow(entry, onOpen);
  return (
    <tr className="border-b last:border-0 hover:bg-muted/50">
      <td className="py-2 pr-4 pl-2 whitespace-nowrap text-muted-foreground">{row.when}</td>
      <td className="max-w-56 truncate py-2 pr-4" title={row.admin}>
        {row.admin}
      </td>
      <td className="py-2 pr-4 font-medium whitespace-nowrap">{row.action}</td>
      <td className="max-w-80 py-2 pr-4 [overflow-wrap:anywhere]">
        <HistoryRecord entry={entry}>{row.record}</HistoryRecord>
      </td>
      <td className="py-2 pr-4 whitespace-nowrap text-muted-foreground">{row.address}</td>
      <td className="py-1 pr-2 text-right">{row.details}</td>
    </tr>
  );
}

function HistoryCards({ entries, onOpen }: HistoryListProps) {
  return (
    <ul className="grid gap-3" aria-label="Changes">
      {entries.map((entry) => (
        <HistoryCard key={entry._id} entry={entry} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function HistoryCard({ entry, onOpen }: { entry: HistoryEntry; onOpen: HistoryListProps["onOpen"] }) {
  const row = useRow(entry, onOpen);
  return (
    <li className="flex items-start gap-2 rounded-lg border p-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm font-medium">{row.action}</p>
        <p className="text-sm [overflow-wrap:anywhere]">
          <HistoryRecord entry={entry}>{row.record}</HistoryRecord>
        </p>
        <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
          <dt>When</dt>
          <dd>{row.when}</dd>
          <dt>Admin</dt>
          <dd className="truncate">{row.admin}</dd>
          <dt>Address</dt>
          <dd className="truncate">{row.address}</dd>
        </dl>
      </div>
      {row.details}
    </li>
  );
}
