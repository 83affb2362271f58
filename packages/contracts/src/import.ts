import { z } from "zod";
import { booleanish } from "./common.ts";
import { type ImportKind, importFactsOf } from "./resources.ts";

/**
 * Importing records from a CSV or JSON file (docs/INTEGRATIONS.md#import): the kinds and their fields
 * come from the resource descriptor (`import` in resources.ts); each row is checked with the kind's own
 * create or update schema. `POST /{site}/{path}/import?dryRun=true` previews, without it applies.
 */

/** What one file may hold; beyond these a clear 4xx (the bytes: `IMPORT_MAX_BYTES`, 413). */
export const IMPORT_LIMITS = {
  rows: 100_000,
  columns: 200,
  /** Characters of one CSV line or JSON record. */
  recordChars: 100_000,
  /** Rows of the preview's table; the counts cover every row. */
  previewRows: 100,
  /** Row errors listed; `errorCount` counts them all. */
  listedErrors: 1_000,
} as const;

export const IMPORT_MESSAGES = {
  noFile: "file is required: a CSV or JSON file in the multipart field file",
  empty: "file is empty: it has no header line and no rows",
  noRows: "file has a header line but no rows",
  notText: (what: string) => `file is not a CSV or JSON text file (it looks like ${what})`,
  encoding: (offset: number) =>
    `file is not UTF-8 text: the bytes at offset ${offset} are not valid UTF-8 (save it as CSV UTF-8)`,
  tooManyColumns: `file has more than ${IMPORT_LIMITS.columns} columns`,
  tooManyRows: `file has more than ${IMPORT_LIMITS.rows.toLocaleString("en-GB")} rows`,
  recordTooLong: (row: number) =>
    `file: ${row === 0 ? "the header line" : `row ${row}`} is longer than ${IMPORT_LIMITS.recordChars.toLocaleString("en-GB")} characters`,
  badCsv: (row: number, reason: string) =>
    `file is not valid CSV at ${row === 0 ? "the header line" : `row ${row}`}: ${reason}`,
  duplicateColumn: (column: string) => `file has two columns named ${column}`,
  badJson: (reason: string) => `file is not valid JSON: ${reason}`,
  jsonShape: 'file: a JSON file holds an array of objects (or {"data": [...]}, as the lists answer)',
  tooLarge: (bytes: number) =>
    `file must be at most ${Math.round((bytes / 1024 / 1024) * 10) / 10} MB (${bytes} bytes)`,
  unknownColumn: (column: string) => `mapping names the column ${column}, which the file does not have`,
  unknownField: (field: string) =>
    `mapping maps a column to ${field}, which is not a field that can be imported`,
  keyNotMapped: (key: string) => `key ${key}: no column of the file is mapped to ${key}`,
  keyMissing: (key: string) => `${key} is required: the rows are matched by it`,
  duplicateKey: (key: string, row: number) => `${key} is the same as in row ${row}`,
  notFoundId: "_id matches no record (leave it blank to create one)",
  hasErrors: (count: number) =>
    `Nothing was imported: ${count.toLocaleString("en-GB")} row${count === 1 ? " has an error" : "s have errors"}`,
  preview: (created: number, updated: number) =>
    `${created.toLocaleString("en-GB")} to create, ${updated.toLocaleString("en-GB")} to update`,
  applied: (created: number, updated: number) =>
    `Imported: ${created.toLocaleString("en-GB")} created, ${updated.toLocaleString("en-GB")} updated`,
  undone: (count: number) => `Import undone: ${count.toLocaleString("en-GB")} records put back`,
} as const;

/** A column → field mapping: `{ "E-mail address": "email" }`; columns left out are not imported. */
export type ImportMapping = Record<string, string>;

const mappingText = z
  .string()
  .max(20_000, "mapping must be at most 20000 characters")
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({
        code: "custom",
        message: 'mapping must be a JSON object such as {"Email":"email"}',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(z.string().max(200), z.string().max(100), {
      error: 'mapping must be a JSON object of column names to field names, such as {"Email":"email"}',
    }),
  );

/** The import's query: `dryRun=true` previews; `key` matches rows to stored records; `mapping` is JSON. */
export function importQueryOf(kind: ImportKind) {
  const { keys } = importFactsOf(kind);
  return z.strictObject({
    dryRun: booleanish("dryRun").optional(),
    key: z.enum(keys as [string, ...string[]], { error: `key must be one of ${keys.join(", ")}` }).optional(),
    mapping: mappingText.optional(),
  });
}

export const importErrorSchema = z.object({
  /** The row's number in the file: 1 is the first row after a CSV's header, or a JSON array's first item. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importErrorSchema>;

export const IMPORT_ACTIONS = ["create", "update", "unchanged"] as const;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  key: z.string(),
  /** The mapping used: the one sent, else the remembered one, else columns named as fields. */
  mapping: z.record(z.string(), z.string()),
  columns: z.array(z.string()),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows matching a stored record that has nothing to change (an email already subscribed). */
  unchanged: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importErrorSchema),
  /** The first rows, with what each will do (or did). */
  preview: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(IMPORT_ACTIONS),
      id: z.string().nullable(),
      values: z.record(z.string(), z.unknown()),
    }),
  ),
  /** An applied import's Undo token (`POST /{site}/trash/undo`); null for a dry run. */
  undoToken: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: importResultSchema,
});

/** `GET /{site}/{path}/import`: the fields and keys, and the mapping remembered from the last import. */
export const importSettingsAnswer = z.object({
  status: z.literal("success"),
  data: z.object({
    fields: z.array(z.string()),
    keys: z.array(z.string()),
    mapping: z.record(z.string(), z.string()).nullable(),
    key: z.string().nullable(),
  }),
});
export type ImportSettings = z.infer<typeof importSettingsAnswer>["data"];

/** What a column may be mapped to: the kind's fields and its keys (`_id`). */
export function importTargetsOf(kind: ImportKind): string[] {
  const { fields, keys } = importFactsOf(kind);
  return [...keys.filter((key) => !fields.includes(key)), ...fields];
}

/** A name as compared for guessing: case, spaces, dots and underscores ignored ("homeTeam.name" = "homeTeam_name"). */
const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The mapping a file gets when none is sent: the remembered one's columns the file has, then every
 * other column named as a field (or one of its aliases). Server and dialog both start from it.
 */
export function guessMapping(
  kind: ImportKind,
  columns: readonly string[],
  remembered?: ImportMapping | null,
): ImportMapping {
  const { aliases = {} } = importFactsOf(kind);
  const fields = importTargetsOf(kind);
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const field = remembered?.[column];
    if (field && fields.includes(field) && !taken.has(field)) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  for (const column of columns) {
    if (mapping[column] || remembered?.[column] === "") continue;
    const field = fields.find(
      (name) =>
        !taken.has(name) &&
        [name, ...(aliases[name] ?? [])].some((alias) => comparable(alias) === comparable(column)),
    );
    if (field) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  return mapping;
}
