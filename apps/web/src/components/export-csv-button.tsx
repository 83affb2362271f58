import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { type ApiSite, siteApi } from "@/lib/api-client";
import { toastError, toastSuccess } from "@/lib/toast";

export const exportMessages = {
  idle: "Export CSV",
  selected: (count: number) => `Export Selected (${count})`,
  filtered: "Export Filtered",
  running: (percent: number) => `Exporting... ${percent}%`,
  /** The live status: the percent and the rows received so far. */
  progress: (percent: number, rows: number, total: number, [, many]: readonly [string, string]) =>
    `Exporting... ${percent}% (${rows.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${many})`,
  done: "Export ready",
  saved: (count: number, [one, many]: readonly [string, string], file: string) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? one : many} saved to ${file}.`,
  failed: "Export failed",
  failedDescription: "The file could not be made. Try again in a moment.",
} as const;

/**
 * Counts CSV records as the text arrives: a line break ends a record only outside quotes (a
 * message may hold line breaks), wherever the chunks happen to be cut.
 */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(text: string) {
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if (code === 34)
          quoted = !quoted; // a doubled quote toggles twice
        else if (code === 10 && !quoted) records += 1;
      }
    },
    /** Records ended so far. */
    count: () => records,
  };
}

/** Offers a file to the browser's downloads, as a link with `download` would. */
function save(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** The file types an export route answers: the route's extension (`{path}/export.{format}`). */
export type ExportFormat = "csv" | "jsonl";

/** Counts JSON Lines records as the text arrives: one per line break (JSON text escapes its own). */
function lineCounter() {
  let records = 0;
  return {
    add(text: string) {
      for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === 10) records += 1;
    },
    count: () => records,
  };
}

/**
 * A streamed export (`GET {path}/export.{format}`) saved to the browser's downloads, with its
 * progress (rows received against the answer's `x-export-rows`) for the button and screen readers.
 */
export function useStreamedExport({
  site,
  path,
  noun,
}: {
  site: ApiSite;
  path: string;
  noun: readonly [string, string];
}) {
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);
  const percent =
    progress && (progress.total > 0 ? Math.min(99, Math.floor((progress.rows / progress.total) * 100)) : 0);

  const run = async (format: ExportFormat, query: Readonly<Record<string, string | boolean | undefined>>) => {
    setProgress({ rows: 0, total: 0 });
    let total = 0;
    const counted = format === "csv" ? recordCounter() : lineCounter();
    // The CSV header line is not a row.
    const rows = () => Math.max(counted.count() - (format === "csv" ? 1 : 0), 0);
    try {
      const file = await siteApi(site).download(`${path}/export.${format}`, {
        query,
        onStart: (headers) => {
          total = Number(headers.get("x-export-rows")) || 0;
        },
        onChunk: (text) => {
          counted.add(text);
          setProgress({ rows: rows(), total });
        },
      });
      save(file.blob, file.filename);
      toastSuccess(exportMessages.done, undefined, exportMessages.saved(rows(), noun, file.filename));
    } catch (error) {
      toastError(exportMessages.failed, error, exportMessages.failedDescription);
    } finally {
      setProgress(null);
    }
  };

  const status = (
    <span className="sr-only" role="status" aria-live="polite">
      {progress && percent !== null
        ? exportMessages.progress(percent, progress.rows, progress.total, noun)
        : ""}
    </span>
  );
  return { run, running: progress !== null, percent, status };
}

/**
 * Export CSV of an inbox (docs/PRODUCT-RULES.md#emails-and-contacts): the selection when there is
 * one, else the list as filtered (`filter`, the list's own query), else the whole list, streamed
 * by `GET {path}/export.csv` with its progress on the button and for screen readers.
 */
export function ExportCsvButton({
  site,
  path,
  selectedIds,
  filter = {},
  noun,
}: {
  site: ApiSite;
  /** The inbox's path, e.g. "/emails". */
  path: string;
  selectedIds: readonly string[];
  /** The list's search, order and dates: exported when nothing is selected. */
  filter?: Readonly<Record<string, string>>;
  /** What a row is, singular and plural: ["email", "emails"]. */
  noun: readonly [string, string];
}) {
  const exporter = useStreamedExport({ site, path, noun });
  const { percent } = exporter;
  const run = () =>
    exporter.run("csv", selectedIds.length > 0 ? { ids: selectedIds.join(","), sort: filter.sort } : filter);

  return (
    <>
      <Button variant="outline" size="sm" onClick={run} disabled={exporter.running}>
        {exporter.running ? <Spinner /> : <Download aria-hidden="true" />}
        {percent !== null
          ? exportMessages.running(percent)
          : selectedIds.length > 0
            ? exportMessages.selected(selectedIds.length)
            : Object.keys(filter).some((key) => key !== "sort")
              ? exportMessages.filtered
              : exportMessages.idle}
      </Button>
      {exporter.status}
    </>
  );
}
