/**
 * One CSV record (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled,
 * CRLF at the end. A field a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a carriage return) is prefixed with an apostrophe, so an address or message typed by a visitor
 * stays text when an admin opens the file.
 */
export function csvRecord(fields: readonly (string | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

function csvField(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
