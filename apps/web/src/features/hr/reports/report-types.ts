import type { Permission } from '@portal/contract/permissions';
import type { DataColumn } from '../../../platform/data-table/table-types.ts';
import { totalColumn } from '../../../platform/data-table/total-column.ts';

/** One row of a report: flat values the table shows, totals and exports. */
export type ReportRecord = Record<string, string | number | null>;

/** The dates a report covers (YYYY-MM-DD, inclusive). */
export interface ReportRange {
  from: string;
  to: string;
}

/**
 * A report of /hr/reports. Adding a report is appending one of these to `hrReports` in hr-reports.ts:
 * the page lists it, loads it for the chosen dates, shows it on the data table and exports it
 * (CSV and PDF named `<name> <MMM DD, YYYY> - <MMM DD, YYYY>`).
 */
export interface ReportDefinition {
  /** Unique; the page's `?report=` value. */
  id: string;
  /** Heads the page and names the export files. */
  name: string;
  description: string;
  /** Shown to holders of this permission (default read_hr_reports). */
  permission?: Permission;
  /**
   * `range` (default): the user picks From and To; `year`: the report covers a calendar year
   * (From and To are Jan 1st and Dec 31st of the chosen year).
   */
  period?: 'range' | 'year';
  load: (range: ReportRange, signal?: AbortSignal) => Promise<ReportRecord[]>;
  columns: DataColumn<ReportRecord>[];
  /** Row id; the `key` field by default. */
  rowId?: (row: ReportRecord) => string;
}

/** Helpers for columns over report records. */
export const text = (id: string, header: string): DataColumn<ReportRecord> => ({
  id,
  header,
  value: (row) => row[id] ?? '',
});
export const count = (id: string, header: string): DataColumn<ReportRecord> =>
  totalColumn(id, header, (row) => Number(row[id] ?? 0));
/** A minutes field shown as hours with two decimals. */
export const hoursColumn = (id: string, header: string): DataColumn<ReportRecord> =>
  totalColumn(id, header, (row) => Math.round((Number(row[id] ?? 0) / 60) * 100) / 100);
