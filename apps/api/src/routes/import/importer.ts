import { type ImportKind, importFactsOf } from "@backoffice/contracts";
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportMapping,
  type ImportResult,
  type ImportRowError,
} from "@backoffice/contracts/import";
import type { Queryable } from "@backoffice/db";
import { HttpError } from "@backoffice/server";
import type { FileRow } from "./read-file.ts";
import type { ImportWriter } from "./writers.ts";

/** Rows checked, looked up and written together. */
const CHUNK = 2_000;

type Counts = Omit<ImportResult, "dryRun" | "key" | "mapping" | "columns" | "undoToken">;

interface Planned {
  row: number;
  body: Record<string, unknown>;
  id: string | null;
}

/**
 * The one importer (docs/INTEGRATIONS.md#import): each row's mapped cells are checked with the kind's
 * create schema (no stored record has its key) or update schema (one has), in chunks of CHUNK rows
 * whose keys are looked up together. With `write`, the chunks are written as they pass while no row
 * has failed; the caller runs it in one transaction and rolls back when any row failed.
 */
export async function runImport(options: {
  kind: ImportKind;
  site: string;
  db: Queryable;
  writer: ImportWriter;
  rows: AsyncIterable<FileRow>;
  mapping: ImportMapping;
  key: string;
  write: boolean;
}): Promise<Counts> {
  const { kind, db, writer, mapping, key, write } = options;
  const facts = importFactsOf(kind);
  const counts: Counts = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    errorCount: 0,
    errors: [],
    preview: [],
  };
  const seen = new Map<string, number>();
  const fail = (error: ImportRowError) => {
    counts.errorCount++;
    if (counts.errors.length < IMPORT_LIMITS.listedErrors) counts.errors.push(error);
  };
  const comparable = (value: unknown) => {
    const text = String(value).trim();
    return writer.caseless ? text.toLowerCase() : text;
  };

  /** A row's mapped cells: blank ones left out (not given); a list field's CSV cell split at "|". */
  const bodyOf = (cells: Record<string, unknown>) => {
    const body: Record<string, unknown> = {};
    for (const [column, field] of Object.entries(mapping)) {
      let value = cells[column];
      if (value === undefined || value === "") continue;
      if (facts.lists?.includes(field) && typeof value === "string") {
        value = value.trim().startsWith("[")
          ? safeJson(value)
          : value
              .split("|")
              .map((item) => item.trim())
              .filter(Boolean);
      }
      body[field] = value;
    }
    return body;
  };

  async function handle(chunk: FileRow[]) {
    if (chunk.length === 0) return;
    const bodies = chunk.map((item) => bodyOf(item.cells));
    const keyValues = bodies.map((body) => (body[key] === undefined ? "" : comparable(body[key])));
    const stored = await lookup(db, options.site, writer, key, keyValues.filter(Boolean));
    const creates: Planned[] = [];
    const updates: Planned[] = [];
    for (const [index, item] of chunk.entries()) {
      const body = bodies[index]!;
      const keyValue = keyValues[index]!;
      if (!keyValue && key !== "_id") {
        fail({ row: item.row, field: key, message: IMPORT_MESSAGES.keyMissing(key) });
        continue;
      }
      if (keyValue) {
        const before = seen.get(keyValue);
        if (before !== undefined) {
          fail({ row: item.row, field: key, message: IMPORT_MESSAGES.duplicateKey(key, before) });
          continue;
        }
        seen.set(keyValue, item.row);
      }
      // `_id` only finds the record; the schemas never take it.
      const { _id: _, ...fields } = body;
      const id = (keyValue && stored.get(keyValue)) || null;
      if (id && !writer.update) {
        counts.unchanged++;
        preview(item.row, "unchanged", id, body);
        continue;
      }
      if (id) for (const field of facts.createOnly ?? []) delete fields[field];
      const parsed = (id ? writer.update! : writer.create).safeParse(fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          fail({ row: item.row, field: String(issue.path[0] ?? key), message: issue.message });
        continue;
      }
      (id ? updates : creates).push({ row: item.row, body: parsed.data as Record<string, unknown>, id });
      preview(item.row, id ? "update" : "create", id, body);
    }
    if (writer.check && creates.length > 0) {
      const problems = await writer.check(
        db,
        creates.map((item) => item.body),
      );
      for (const [index, problem] of problems.entries())
        if (problem) fail({ row: creates[index]!.row, ...problem });
    }
    counts.created += creates.length;
    counts.updated += updates.length;
    if (!write || counts.errorCount > 0) return;
    await writeRows(creates, updates);
  }

  async function writeRows(creates: Planned[], updates: Planned[]) {
    let current = creates[0]?.row ?? 0;
    try {
      // Row by row only where the repository works so; the writer batches where it can (emails).
      await writer.insert(
        db,
        creates.map((item) => item.body),
      );
      for (const item of updates) {
        current = item.row;
        await writer.change!(db, item.id!, item.body);
      }
    } catch (error) {
      // A rule checked on the stored record (an app's merged fields) names its row; the transaction ends.
      const message = error instanceof HttpError ? error.message : (error as Error).message;
      throw rowsRefused([{ row: current, field: key, message }], 1);
    }
  }

  function preview(
    row: number,
    action: "create" | "update" | "unchanged",
    id: string | null,
    values: object,
  ) {
    if (counts.preview.length < IMPORT_LIMITS.previewRows)
      counts.preview.push({ row, action, id, values: values as Record<string, unknown> });
  }

  let chunk: FileRow[] = [];
  for await (const item of options.rows) {
    counts.rows++;
    chunk.push(item);
    if (chunk.length === CHUNK) {
      await handle(chunk);
      chunk = [];
    }
  }
  await handle(chunk);
  if (counts.rows === 0)
    throw new HttpError(400, IMPORT_MESSAGES.noRows, {}, [
      { path: "file", message: IMPORT_MESSAGES.noRows, code: "required" },
    ]);
  return counts;
}

/** An apply refused for its rows' errors: nothing was stored. Each error names its row and field. */
export function rowsRefused(errors: ImportRowError[], count: number): HttpError {
  return new HttpError(
    400,
    IMPORT_MESSAGES.hasErrors(count),
    {},
    errors.map((error) => ({
      path: `rows.${error.row}.${error.field}`,
      message: `Row ${error.row}, ${error.field}: ${error.message}`,
      code: "invalid" as const,
    })),
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The stored records whose key is one of `values`: key (compared as the writer compares) → id. */
async function lookup(
  db: Queryable,
  site: string,
  writer: ImportWriter,
  key: string,
  values: string[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const column = writer.keyColumns[key]!;
  const compared = writer.caseless ? `lower(${column})` : column;
  const rows = await db.query<{ id: string; key: string }>(
    `select id, ${compared} as key from ${writer.table} where ${writer.perSite ? "site = $1" : "$1::text is not null"}
     and ${compared} = any($2::text[])`,
    [site, values],
  );
  const found = new Map<string, string>();
  for (const row of rows) if (!found.has(row.key)) found.set(row.key, row.id);
  return found;
}
