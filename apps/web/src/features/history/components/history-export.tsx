import { ChevronDown, Download } from "lucide-react";
import { exportMessages, useStreamedExport } from "@/components/export-csv-button";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import type { ApiSite } from "@/lib/api-client";
import type { HistoryQuery } from "../utils/history-filters";

export const historyExportMessages = {
  button: "Export",
  csv: "CSV",
  jsonl: "JSON Lines",
} as const;

/**
 * Export of History (docs/INTEGRATIONS.md#history-export): the whole log as the screen's filters
 * select it (not only the page shown), as CSV or JSON Lines, streamed with its progress.
 */
export function HistoryExport({ site, filter }: { site: ApiSite; filter: HistoryQuery }) {
  const exporter = useStreamedExport({ site, path: "/history", noun: ["entry", "entries"] });
  const { after: _after, before: _before, ...filters } = filter;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={exporter.running}>
            {exporter.running ? <Spinner /> : <Download aria-hidden="true" />}
            {exporter.percent !== null
              ? exportMessages.running(exporter.percent)
              : historyExportMessages.button}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void exporter.run("csv", filters)}>
            {historyExportMessages.csv}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void exporter.run("jsonl", filters)}>
            {historyExportMessages.jsonl}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {exporter.status}
    </>
  );
}
