import { storageKeys } from '@portal/contract/storage-keys';
import { readStored } from '../storage.ts';
import { buildCsv, type CsvValue } from './csv.ts';
import { exportFileName, formatReportPeriod, type ReportPeriod } from './export-names.ts';

/** What an export holds: the visible columns' headers and the rows' plain values. */
export interface ExportTable {
  reportName: string;
  period?: ReportPeriod;
  /** What the rows cover, heading the PDF; the current store's name when absent. */
  scope?: string;
  headers: readonly string[];
  rows: readonly (readonly CsvValue[])[];
}

/** Hands a file to the browser's download, named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started; the address can go once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(table: ExportTable): void {
  const csv = buildCsv(table.headers, table.rows);
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    exportFileName(table.reportName, 'csv', table.period),
  );
}

const pdfText = (value: CsvValue): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : String(value);

/**
 * A PDF of the table, headed by the store name (SPEC.md section 9) or what the rows cover, the
 * report name and its dates; a totals row ends it when the table has totals.
 * jsPDF and its table plugin load only now, so they never weigh on the first page load.
 */
export async function downloadPdf(table: ExportTable): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([
    import('jspdf'),
    import('jspdf-autotable'),
  ]);
  const period = table.period ?? new Date();
  const doc = new jsPDF({
    orientation: table.headers.length > 6 ? 'landscape' : 'portrait',
    unit: 'pt',
    format: 'a4',
  });
  const storeName = table.scope ?? readStored(storageKeys.storeName) ?? '';
  const left = 40;
  let y = 48;
  doc.setFontSize(16);
  if (storeName) {
    doc.text(storeName, left, y);
    y += 22;
  }
  doc.setFontSize(13);
  doc.text(table.reportName, left, y);
  y += 18;
  doc.setFontSize(10);
  doc.text(formatReportPeriod(period), left, y);
  autoTable(doc, {
    startY: y + 14,
    head: [[...table.headers]],
    body: table.rows.map((row) => row.map(pdfText)),
    styles: { fontSize: 9, cellPadding: 4 },
    headStyles: { fillColor: [5, 81, 163] },
    margin: { left, right: left },
  });
  saveFile(doc.output('blob'), exportFileName(table.reportName, 'pdf', period));
}
