const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A date as SPEC.md section 9 writes it in export names: MMM DD, YYYY (`Oct 05, 2026`). */
export function formatReportDate(date: Date): string {
  const day = String(date.getDate()).padStart(2, '0');
  return `${MONTHS[date.getMonth()] ?? ''} ${day}, ${date.getFullYear()}`;
}

/** The period a report covers: one day (the export's day by default) or a range. */
export type ReportPeriod = Date | { from: Date; to: Date };

/** The report's dates as its file name and PDF header show them. */
export function formatReportPeriod(period: ReportPeriod): string {
  if (period instanceof Date) return formatReportDate(period);
  const from = formatReportDate(period.from);
  const to = formatReportDate(period.to);
  return from === to ? from : `${from} - ${to}`;
}

/** Characters no common file system takes in a name. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * The export's file name: the report name and its dates, e.g. `Stores Oct 05, 2026.csv`
 * (SPEC.md section 9). Characters a file system refuses become spaces.
 */
export function exportFileName(
  reportName: string,
  extension: 'csv' | 'pdf',
  period: ReportPeriod = new Date(),
): string {
  const name = reportName.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim() || 'Report';
  return `${name} ${formatReportPeriod(period)}.${extension}`;
}
