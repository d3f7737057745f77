import { describe, expect, it } from 'vitest';
import { buildCsv } from '../../src/platform/data-table/csv.ts';
import {
  exportFileName,
  formatReportDate,
  formatReportPeriod,
} from '../../src/platform/data-table/export-names.ts';
import { cellMatches, compareCells, sumCells } from '../../src/platform/data-table/cells.ts';

const BOM = '\uFEFF';

describe('buildCsv', () => {
  it('writes a header line and one CRLF-ended line per row, after a byte order mark', () => {
    expect(
      buildCsv(
        ['Name', 'Stores'],
        [
          ['East', 3],
          ['West', 2],
        ],
      ),
    ).toBe(`${BOM}Name,Stores\r\nEast,3\r\nWest,2\r\n`);
  });

  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    const csv = buildCsv(['Note'], [['a, b'], ['say "hi"'], ['two\nlines']]);
    expect(csv).toBe(`${BOM}Note\r\n"a, b"\r\n"say ""hi"""\r\n"two\nlines"\r\n`);
  });

  it('writes empty cells for null and undefined, and Yes/No for booleans', () => {
    expect(buildCsv(['a', 'b', 'c', 'd'], [[null, undefined, true, false]])).toBe(
      `${BOM}a,b,c,d\r\n,,Yes,No\r\n`,
    );
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    const csv = buildCsv(['x'], [['=HYPERLINK("http://evil")'], ['+1'], ['@SUM(A1)'], ['-2']]);
    expect(csv.split('\r\n').slice(1, 5)).toEqual([
      `"'=HYPERLINK(""http://evil"")"`,
      "'+1",
      "'@SUM(A1)",
      "'-2",
    ]);
  });

  it('leaves negative numbers as numbers', () => {
    expect(buildCsv(['Amount'], [[-12.5]])).toBe(`${BOM}Amount\r\n-12.5\r\n`);
  });
});

describe('export file names', () => {
  it('writes dates as MMM DD, YYYY', () => {
    expect(formatReportDate(new Date(2026, 9, 5))).toBe('Oct 05, 2026');
    expect(formatReportDate(new Date(2025, 0, 31))).toBe('Jan 31, 2025');
  });

  it('names the file from the report name and the day', () => {
    expect(exportFileName('Districts', 'csv', new Date(2026, 10, 22))).toBe(
      'Districts Nov 22, 2026.csv',
    );
    expect(exportFileName('Locations', 'pdf', new Date(2026, 1, 3))).toBe(
      'Locations Feb 03, 2026.pdf',
    );
  });

  it('names a range by both ends, and a one-day range by its day', () => {
    const from = new Date(2026, 0, 1);
    const to = new Date(2026, 0, 31);
    expect(exportFileName('Sales Report', 'csv', { from, to })).toBe(
      'Sales Report Jan 01, 2026 - Jan 31, 2026.csv',
    );
    expect(formatReportPeriod({ from, to: new Date(2026, 0, 1, 18) })).toBe('Jan 01, 2026');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileName('Sales / Returns: Q1?', 'csv', new Date(2026, 2, 9))).toBe(
      'Sales Returns Q1 Mar 09, 2026.csv',
    );
    expect(exportFileName('  ', 'pdf', new Date(2026, 2, 9))).toBe('Report Mar 09, 2026.pdf');
  });
});

describe('cells', () => {
  it('sorts numbers by value, text naturally, and empty cells last', () => {
    const values = ['Store 10', null, 'store 2', '', 'Store 1'];
    expect([...values].sort(compareCells)).toEqual(['Store 1', 'store 2', 'Store 10', null, '']);
    expect([10, 9, 100].sort(compareCells)).toEqual([9, 10, 100]);
  });

  it('matches text case-insensitively, and everything on an empty term', () => {
    expect(cellMatches('Times Square', 'square')).toBe(true);
    expect(cellMatches('Times Square', 'park')).toBe(false);
    expect(cellMatches(true, 'yes')).toBe(true);
    expect(cellMatches(null, '  ')).toBe(true);
  });

  it('totals the numeric cells only', () => {
    expect(sumCells([1, 2.5, null, 'x', 3])).toBe(6.5);
  });
});
