import { useState } from 'react';
import { notify } from '../toasts.ts';
import { sumCells } from './cells.ts';
import { downloadCsv, downloadPdf } from './export-files.ts';
import type { DataColumn, DataTableProps } from './table-types.ts';
import { leafRowsInOrder, type DataTableModel } from './use-data-table.ts';

/**
 * CSV and PDF export of what the table shows: its visible, exportable columns over every row that
 * matches (every page: the server's in server mode, the filtered and sorted rows otherwise).
 */
export function useTableExport<TRow extends object>(
  model: DataTableModel<TRow>,
  {
    server,
    reportName,
    exportPeriod,
    exportScope,
  }: Pick<DataTableProps<TRow>, 'server' | 'reportName' | 'exportPeriod' | 'exportScope'>,
) {
  const [exporting, setExporting] = useState(false);
  const exportTable = async (format: 'csv' | 'pdf') => {
    setExporting(true);
    try {
      const source = server
        ? await server.fetchAll()
        : leafRowsInOrder(model.table.getPrePaginatedRowModel().rows);
      const exported = model.table
        .getVisibleLeafColumns()
        .map((column) => model.byId.get(column.id))
        .filter((column): column is DataColumn<TRow> => column?.exportable !== false && !!column);
      const rows = source.map((row) => exported.map((column) => column.value(row)));
      // The footer's totals, as the last row: "Total" first, then each totalled column's sum.
      if (exported.some((column) => column.total))
        rows.push(
          exported.map((column, index) =>
            column.total
              ? Math.round(sumCells(source.map((row) => column.value(row))) * 100) / 100
              : index === 0
                ? 'Total'
                : '',
          ),
        );
      const file = {
        reportName,
        period: exportPeriod,
        scope: exportScope,
        headers: exported.map((column) => column.header),
        rows,
      };
      if (format === 'csv') downloadCsv(file);
      else await downloadPdf(file);
    } catch (error) {
      notify.danger(error instanceof Error && error.message ? error.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportTable };
}
