/** A byte-order mark first, so spreadsheet programs (Excel in Spanish among them) read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One field of a CSV record (RFC 4180): a value a spreadsheet would take for a formula (it starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe; a value with a comma, a quote or a line break is
 * quoted, its quotes doubled.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV record ending in CRLF. */
export function csvRecord(cells: string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
