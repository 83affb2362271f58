import type { HistoryResource } from "@backoffice/contracts";
import { ChevronRight, History } from "lucide-react";
import { useState } from "react";
import { ListBody } from "@/components/list/list-body";
import { LoadingState } from "@/components/states";
import type { ApiSite } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useRecordHistory } from "./get-record-history";
import { actionLabel, changedFields, changesSummary } from "./history-texts";

/**
 * A record's own history in its edit dialog: a "History" disclosure listing who changed
 * it, when, how, and which fields. It loads when opened.
 */
export function RecordHistory({
  site,
  resource,
  id,
}: {
  site: ApiSite;
  resource: HistoryResource;
  id: string;
}) {
  const [open, setOpen] = useState(false);
  const query = useRecordHistory(site, resource, id, open);
  const entries = query.data ?? [];
  return (
    <details
      className="group rounded-md border"
      data-slot="record-history"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        History
      </summary>
      <div className="border-t px-3 py-2">
        {open && (
          <ListBody
            query={query}
            loading={<LoadingState label="Loading history..." className="py-4" />}
            error={{ title: "Failed to load this record's history" }}
            empty={
              entries.length === 0
                ? { icon: History, title: "No changes recorded yet", className: "border-0 py-4" }
                : null
            }
          >
            <ol className="grid gap-2 text-sm" aria-label="Changes of this record">
              {entries.map((entry) => (
                <li key={entry._id} className="grid gap-0.5 border-b pb-2 last:border-0 last:pb-0">
                  <p className="flex flex-wrap gap-x-2">
                    <span className="font-medium">{actionLabel(entry)}</span>
                    <span className="text-muted-foreground">by {entry.admin ?? "unknown"}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    {entry.action === "update" && ` · ${changesSummary(changedFields(entry))}`}
                  </p>
                </li>
              ))}
            </ol>
          </ListBody>
        )}
      </div>
    </details>
  );
}
