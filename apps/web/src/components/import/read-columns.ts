import { importTexts } from "./import-texts";

/** The CSV header's cells (quotes and doubled quotes understood), from the file's first line. */
function csvHeader(text: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") break;
    else cell += char;
  }
  cells.push(cell);
  return cells.map((name, index) => name.trim() || `Column ${index + 1}`);
}

/** Nested objects as dotted columns ("league.name"), as the server reads them. */
function keysOf(value: Record<string, unknown>, prefix: string, into: Set<string>) {
  for (const [key, item] of Object.entries(value)) {
    if (item && typeof item === "object" && !Array.isArray(item))
      keysOf(item as Record<string, unknown>, `${prefix}${key}.`, into);
    else into.add(`${prefix}${key}`);
  }
}

/**
 * The columns of a chosen file, to map before anything is sent: a CSV's header line (its first
 * 64 KB read), or every key of a JSON list's objects. The server checks the whole file.
 */
export async function readColumns(file: Blob & { name?: string }): Promise<string[]> {
  const json = /\.json$/i.test(file.name ?? "") || file.type === "application/json";
  if (!json) {
    const head = (await file.slice(0, 64 * 1024).text()).replace(/^\uFEFF/, "");
    if (head.includes("\u0000")) throw new Error(importTexts.notText);
    if (!head.trim()) throw new Error(importTexts.noColumns);
    return csvHeader(head);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error(importTexts.notText);
  }
  const list =
    parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? ((parsed as { data?: unknown }).data ?? (parsed as { result?: unknown }).result)
      : parsed;
  if (!Array.isArray(list)) throw new Error(importTexts.noColumns);
  const columns = new Set<string>();
  for (const item of list)
    if (item && typeof item === "object") keysOf(item as Record<string, unknown>, "", columns);
  if (columns.size === 0) throw new Error(importTexts.noColumns);
  return [...columns];
}
