/**
 * CSV as spreadsheets open it safely: RFC 4180 quoting, CRLF line ends, a
 * UTF-8 byte-order mark (so Excel reads the text as UTF-8), and no cell that
 * a spreadsheet would run as a formula. Pure functions, shared by the
 * operator CLI's export and the console's.
 */

/** The UTF-8 byte-order mark. */
export const UTF8_BOM = "\uFEFF";

/**
 * One CSV cell: quoted when needed, and never starting like a spreadsheet
 * formula (=, +, -, @, tab or carriage return get a leading single quote).
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV lines, each ended by CRLF. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** A whole CSV document: a header row and data rows, CRLF line ends, with a BOM unless `bom: false`. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], { bom = true } = {}): string {
  return `${bom ? UTF8_BOM : ""}${csvLines([header, ...rows])}`;
}
