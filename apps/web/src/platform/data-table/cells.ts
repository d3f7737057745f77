import type { CellValue } from './table-types.ts';

/** A cell as text: Yes/No for booleans, nothing for empty. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two cells: empty cells last, numbers by value, text naturally (a2 < a10). */
export function compareCells(a: CellValue, b: CellValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(cellText(a), cellText(b));
}

/** Case-insensitive "contains", the client-side text filter and search. */
export function cellMatches(value: CellValue, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return needle === '' || cellText(value).toLowerCase().includes(needle);
}

/** The footer total of a column: the sum of its numeric cells. */
export function sumCells(values: Iterable<CellValue>): number {
  let total = 0;
  for (const value of values)
    if (typeof value === 'number' && Number.isFinite(value)) total += value;
  return total;
}
