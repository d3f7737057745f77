import type { ReactNode } from 'react';
import type { ReportPeriod } from './export-names.ts';

/** A plain cell value: what sorting, filtering, grouping, totals and exports work on. */
export type CellValue = string | number | boolean | null | undefined;

export interface FilterOption {
  value: string;
  label: string;
}

export interface DataColumn<Row> {
  /** Unique; in server mode also the field the API sorts and filters on. */
  id: string;
  header: string;
  /** The value shown, sorted, grouped on, totalled and exported. */
  value: (row: Row) => CellValue;
  /** Custom display; defaults to the formatted value. */
  cell?: (row: Row) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /**
   * The column's filter: free text (contains, on the server too), a choice of options
   * (matched against `filterKey`), or none. Default 'text'.
   */
  filter?: 'text' | { options: readonly FilterOption[] } | false;
  /** What an option filter compares with; defaults to the value as text. */
  filterKey?: (row: Row) => string | null;
  /** Hidden until shown from the Columns menu. */
  hidden?: boolean;
  /** Default true: can be picked in Group by. */
  groupable?: boolean;
  /** Adds a footer total of the column (numbers). */
  total?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Default true: part of CSV and PDF exports. */
  exportable?: boolean;
}

/** The state a list query depends on: in server mode the parent owns it and asks the API. */
export interface TableQuery {
  pageIndex: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  /** Column id -> filter value. */
  filters: Readonly<Record<string, string>>;
  search: string;
}

export interface ServerMode<Row> {
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  /** All rows matching the query (every page), for exports. */
  total: number;
  fetchAll: () => Promise<readonly Row[]>;
}

export interface BulkAction<Row> {
  label: string;
  /** Runs on the selected rows; the selection clears when it resolves. */
  run: (rows: readonly Row[]) => Promise<void> | void;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  /** The current page in server mode; every row in client mode. */
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** Names the export files and heads the PDF. */
  reportName: string;
  /** Dates in the export name; the day of the export by default. */
  exportPeriod?: ReportPeriod;
  /**
   * What the rows cover, heading the PDF (e.g. the stores of a report); the current store's name
   * when absent.
   */
  exportScope?: string;
  /** Absent: the table sorts, filters and pages the rows itself. */
  server?: ServerMode<Row>;
  loading?: boolean;
  emptyMessage?: string;
  emptyLink?: { to: string; label: string };
  bulkActions?: readonly BulkAction<Row>[];
  /** Makes rows expandable, showing this under the row. */
  renderDetail?: (row: Row) => ReactNode;
  /** A trailing cell per row (buttons). */
  rowActions?: (row: Row) => ReactNode;
  /** Extra toolbar content, before the table's own controls (e.g. an Add button). */
  toolbar?: ReactNode;
  /** Client mode only: false shows every row in one scrolling, virtualized list. Default true. */
  paginate?: boolean;
  initialSort?: { id: string; desc: boolean } | null;
  initialGroupBy?: string | null;
  /** Greys out a row (e.g. an inactive store). */
  rowMuted?: (row: Row) => boolean;
  /** Table caption for assistive technology. */
  label?: string;
}
