import type { ImportResult } from "@backoffice/contracts/import";

const count = (n: number) => n.toLocaleString("en-GB");

/** The import dialog's words (components/import/import-dialog.tsx). */
export const importTexts = {
  button: "Import",
  title: (noun: string) => `Import ${noun}`,
  description: "Add or update records from a CSV or JSON file. Nothing changes until you apply the preview.",
  fileLabel: "CSV or JSON file",
  mapHelp: (name: string) =>
    `Choose the field each column of ${name} fills. Columns left on "Don't import" are ignored.`,
  column: "Column",
  field: "Field",
  skip: "Don't import",
  keyLabel: "Match existing records by",
  keyNotMapped: (key: string) => `Map a column to ${key}: rows are matched by it.`,
  preview: "Preview",
  back: "Back",
  apply: "Apply",
  cancel: "Cancel",
  uploading: (percent: number) => `Uploading… ${percent}%`,
  checking: "Checking the rows…",
  counts: (result: Pick<ImportResult, "rows" | "created" | "updated" | "unchanged" | "errorCount">) =>
    `${count(result.rows)} rows: ${count(result.created)} to create, ${count(result.updated)} to update` +
    `${result.unchanged ? `, ${count(result.unchanged)} unchanged` : ""}` +
    `${result.errorCount ? `, ${count(result.errorCount)} with errors` : ""}.`,
  errorsTitle: (n: number) =>
    `${count(n)} ${n === 1 ? "error" : "errors"}: fix the file and choose it again.`,
  errorsLabel: "Errors by row",
  rowsLabel: "Rows to import",
  row: "Row",
  message: "Error",
  action: "Action",
  actions: { create: "Create", update: "Update", unchanged: "Unchanged" },
  applied: "Imported",
  failed: "Import failed",
  nothingImported: "Nothing was imported.",
  notText: "This file is not a CSV or JSON text file.",
  noColumns: "This file has no header line naming its columns.",
} as const;
