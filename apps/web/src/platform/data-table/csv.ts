/** What a CSV cell can hold; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so an exported name like `=HYPERLINK(...)` stays text (OWASP CSV injection).
 * Numbers are written as numbers, so negative amounts are untouched.
 */
function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: a header line, then one line per row, CRLF line ends (RFC 4180) and a byte
 * order mark so spreadsheet programs read UTF-8 names correctly.
 */
export function buildCsv(
  headers: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): string {
  const lines = [headers, ...rows].map((cells) =>
    cells.map((cell) => quoted(cellText(cell))).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
