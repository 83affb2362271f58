import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "@backoffice/contracts/import";
import { HttpError } from "@backoffice/server";
import { parse } from "csv-parse";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";

/** A refusal naming the multipart field `file`; the connection closes, so the rest of a large body is not read. */
export const fileRefused = (
  status: number,
  message: string,
  code: "required" | "invalid" | "too_big" = "invalid",
) => new HttpError(status, message, { connection: "close" }, [{ path: "file", message, code }]);

/** One row of the file: its number (1 = the first row after a CSV's header) and its cells by column. */
export interface FileRow {
  row: number;
  cells: Record<string, unknown>;
}

export interface ImportFile {
  name: string;
  format: "csv" | "json";
  columns: string[];
  rows: AsyncIterable<FileRow>;
  /** Removes the temporary copy of the upload; call it once the rows are read. */
  dispose: () => Promise<void>;
}

/**
 * The multipart field `file`, read as it streams: a declared length over `maxBytes` is refused before
 * a byte is read, and reading stops at the limit (413 naming it). The first bytes must be text (a PNG
 * named .csv is refused, 415), and every byte valid UTF-8 (400 naming the offset).
 */
export async function openImportFile(request: FastifyRequest, maxBytes: number): Promise<ImportFile> {
  const tooLarge = () => fileRefused(413, IMPORT_MESSAGES.tooLarge(maxBytes), "too_big");
  if (!request.isMultipart()) throw fileRefused(400, IMPORT_MESSAGES.noFile, "required");
  // A little room for the multipart framing around the file.
  if (Number(request.headers["content-length"] ?? 0) > maxBytes + 64 * 1024) throw tooLarge();
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 } });
  } catch (error) {
    throw fileRefused(400, `file could not be read: ${(error as Error).message}`);
  }
  if (part?.fieldname !== "file") throw fileRefused(400, IMPORT_MESSAGES.noFile, "required");
  // The upload is first written to a temporary file as it arrives (cut at the limit), so a slow
  // import never holds the request open past its time limit, nor the rows in memory.
  const dir = await mkdtemp(join(tmpdir(), "backoffice-import-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const spooled = join(dir, "upload");
  try {
    await pipeline(part.file, createWriteStream(spooled));
  } catch (error) {
    await dispose();
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw fileRefused(400, `file could not be read: ${(error as Error).message}`);
  }
  if (part.file.truncated) {
    await dispose();
    throw tooLarge();
  }
  try {
    return await readSpooled(part.filename || "import", spooled, dispose);
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function readSpooled(name: string, spooled: string, dispose: () => Promise<void>): Promise<ImportFile> {
  const stream = createReadStream(spooled, { highWaterMark: 256 * 1024 });
  const close = async () => {
    stream.destroy();
    await dispose();
  };
  try {
    return await parsed(name, stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>, close);
  } catch (error) {
    stream.destroy();
    throw error;
  }
}

async function parsed(
  name: string,
  chunks: AsyncIterator<Buffer>,
  dispose: () => Promise<void>,
): Promise<ImportFile> {
  // The first bytes decide what the file is, before anything is parsed.
  const first = await nextChunk(chunks);
  if (!first || first.length === 0 || /^\s*$/.test(stripBom(first.toString("utf8")))) {
    throw fileRefused(400, IMPORT_MESSAGES.empty);
  }
  const sniffed = await fileTypeFromBuffer(first);
  if (sniffed)
    throw fileRefused(415, IMPORT_MESSAGES.notText(`${sniffed.ext.toUpperCase()} (${sniffed.mime})`));
  if (first.includes(0)) throw fileRefused(415, IMPORT_MESSAGES.notText("binary data"));

  const text = utf8Text(first, chunks);
  const opening = stripBom(first.toString("utf8")).trimStart()[0];
  const json = /\.json$/i.test(name) || (!/\.csv$/i.test(name) && (opening === "[" || opening === "{"));
  return { ...(await (json ? jsonFile(name, text) : csvFile(name, text))), dispose };
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

async function nextChunk(chunks: AsyncIterator<Buffer>): Promise<Buffer | undefined> {
  const next = await chunks.next();
  return next.done ? undefined : next.value;
}

/** The file's text, chunk by chunk; invalid UTF-8 stops it with the offset of the first bad byte. */
async function* utf8Text(first: Buffer, chunks: AsyncIterator<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let offset = 0;
  for (let chunk: Buffer | undefined = first; chunk; chunk = await nextChunk(chunks)) {
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw fileRefused(400, IMPORT_MESSAGES.encoding(offset + badByteOffset(chunk)));
    }
    offset += chunk.length;
  }
  try {
    yield decoder.decode();
  } catch {
    throw fileRefused(400, IMPORT_MESSAGES.encoding(offset));
  }
}

/** Where in `chunk` the first invalid sequence starts (the text before it re-encodes to its bytes). */
function badByteOffset(chunk: Buffer): number {
  const lenient = new TextDecoder("utf-8").decode(chunk);
  const at = lenient.indexOf("\uFFFD");
  return at < 0 ? 0 : Buffer.byteLength(lenient.slice(0, at));
}

/** The header's names: blank ones are called "Column N"; two of one name, or too many, are refused. */
function checkedColumns(names: string[]): string[] {
  if (names.length > IMPORT_LIMITS.columns) throw fileRefused(400, IMPORT_MESSAGES.tooManyColumns);
  const columns = names.map((name, index) => name.trim() || `Column ${index + 1}`);
  const twice = columns.find((name, index) => columns.indexOf(name) !== index);
  if (twice !== undefined) throw fileRefused(400, IMPORT_MESSAGES.duplicateColumn(twice));
  return columns;
}

const tooManyRows = (row: number) => {
  if (row > IMPORT_LIMITS.rows) throw fileRefused(400, IMPORT_MESSAGES.tooManyRows);
};

/** A CSV file: the first line names the columns; rows are parsed as they stream in (csv-parse). */
type Parsed = Omit<ImportFile, "dispose">;

async function csvFile(name: string, text: AsyncIterable<string>): Promise<Parsed> {
  const parser = parse({
    bom: true,
    max_record_size: IMPORT_LIMITS.recordChars,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const source = Readable.from(text);
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const read = async (row: number) => {
    try {
      return await records.next();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // The parser reads ahead: its count of records (the header first) says which row failed.
      const { code, message, records } = error as { code?: string; message: string; records?: number };
      const at = records ?? row;
      if (code === "CSV_MAX_RECORD_SIZE") throw fileRefused(400, IMPORT_MESSAGES.recordTooLong(at));
      throw fileRefused(400, IMPORT_MESSAGES.badCsv(at, message));
    }
  };
  const header = await read(0);
  if (header.done) throw fileRefused(400, IMPORT_MESSAGES.empty);
  const columns = checkedColumns(header.value);
  async function* rows(): AsyncGenerator<FileRow> {
    for (let row = 1; ; row++) {
      const next = await read(row);
      if (next.done) return;
      tooManyRows(row);
      const cells: Record<string, unknown> = {};
      columns.forEach((column, index) => {
        cells[column] = next.value[index] ?? "";
      });
      yield { row, cells };
    }
  }
  return { name, format: "csv", columns, rows: rows() };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Nested objects become dotted columns ("league.name"), as a list's JSON answer nests them. */
function flatten(value: { [key: string]: Json }, prefix: string, into: Record<string, unknown>) {
  for (const [key, item] of Object.entries(value)) {
    if (item && typeof item === "object" && !Array.isArray(item)) flatten(item, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = item;
  }
  return into;
}

/**
 * A JSON file: an array of objects, or a list's answer (`{"data": [...]}` or `{"result": [...]}`).
 * Its size is bounded by the byte limit, so it is parsed whole.
 */
async function jsonFile(name: string, text: AsyncIterable<string>): Promise<Parsed> {
  let whole = "";
  for await (const piece of text) whole += piece;
  let parsed: Json;
  try {
    parsed = JSON.parse(stripBom(whole)) as Json;
  } catch (error) {
    throw fileRefused(400, IMPORT_MESSAGES.badJson((error as Error).message));
  }
  const list =
    parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed.data ?? parsed.result) : parsed;
  if (!Array.isArray(list) || list.some((item) => !item || typeof item !== "object" || Array.isArray(item))) {
    throw fileRefused(400, IMPORT_MESSAGES.jsonShape);
  }
  if (list.length === 0) throw fileRefused(400, IMPORT_MESSAGES.noRows);
  tooManyRows(list.length);
  const flat = (list as { [key: string]: Json }[]).map((item) => flatten(item, "", {}));
  const columns = new Set<string>();
  for (const item of flat) {
    for (const column of Object.keys(item)) {
      columns.add(column);
      if (columns.size > IMPORT_LIMITS.columns) throw fileRefused(400, IMPORT_MESSAGES.tooManyColumns);
    }
  }
  async function* rows(): AsyncGenerator<FileRow> {
    for (const [index, cells] of flat.entries()) yield { row: index + 1, cells };
  }
  return { name, format: "json", columns: [...columns], rows: rows() };
}
