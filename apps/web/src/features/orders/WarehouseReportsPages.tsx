import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  openOrdersRowSchema,
  stockValueRowSchema,
  type OpenOrdersRow,
  type StockValueRow,
} from '@portal/contract/inventory';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type Parser } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

/** A money column: dollars as the value (sorted, totalled, exported), shown as currency. */
function money<Row>(id: string, header: string, cents: (row: Row) => number): DataColumn<Row> {
  return {
    id,
    header,
    value: (row) => cents(row) / 100,
    cell: (row) => formatCents(cents(row)),
    align: 'right',
    total: true,
    filter: false,
  };
}

const count = <Row,>(id: string, header: string, value: (row: Row) => number): DataColumn<Row> => ({
  id,
  header,
  value,
  align: 'right',
  total: true,
  filter: false,
});

const openOrderColumns: DataColumn<OpenOrdersRow>[] = [
  { id: 'store', header: 'Store', value: (row) => row.store_name ?? `#${row.store_id}` },
  count('open', 'Open', (row) => row.open),
  count('submitted', 'Submitted', (row) => row.submitted),
  count('pending_shipment', 'Pending Shipment', (row) => row.pending_shipment),
  count('shipped', 'Shipped', (row) => row.shipped),
  count('under_review', 'Under Review', (row) => row.under_review),
  count('orders', 'Orders', (row) => row.orders),
  count('units', 'Units', (row) => row.units),
  money('total', 'Value', (row) => row.total_cents),
];

const kinds: Record<string, string> = {
  warehouse: 'Warehouse',
  store: 'Store',
  in_transit: 'In transit',
};

const stockColumns: DataColumn<StockValueRow>[] = [
  { id: 'location', header: 'Location', value: (row) => row.location_name },
  {
    id: 'kind',
    header: 'Kind',
    value: (row) => kinds[row.location_kind] ?? row.location_kind,
    filter: { options: Object.values(kinds).map((label) => ({ value: label, label })) },
  },
  { id: 'product', header: 'Product', value: (row) => row.product_name },
  count('units', 'Units', (row) => row.units),
  money('cost', 'Value at cost', (row) => row.cost_cents),
  money('value', 'Value at price', (row) => row.value_cents),
];

function Report<Row extends object>(props: {
  title: string;
  path: string;
  parser: Parser<Row[]>;
  columns: DataColumn<Row>[];
  rowId: (row: Row) => string;
  empty: string;
}) {
  const report = useQuery({
    queryKey: ['resource', 'orders', 'report', props.path],
    queryFn: async () => (await api.get(props.path, props.parser)).data,
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        {props.title}
      </Typography>
      <DataTable
        label={props.title}
        reportName={props.title}
        columns={props.columns}
        rows={report.data ?? []}
        getRowId={props.rowId}
        loading={report.isFetching}
        emptyMessage={report.error ? report.error.message : props.empty}
      />
    </Box>
  );
}

/** /reports/open-orders: per store, the orders not yet received or canceled (CSV and PDF export). */
export function OpenOrdersReportPage() {
  if (!hasPermission('read_orders')) return <AccessDenied />;
  return (
    <Report
      title="Open Orders by Store"
      path="/reports/open-orders"
      parser={z.array(openOrdersRowSchema)}
      columns={openOrderColumns}
      rowId={(row) => String(row.store_id)}
      empty="No open orders"
    />
  );
}

/** /reports/stock-on-hand: units and their value per location and product. */
export function StockOnHandReportPage() {
  if (!hasPermission('read_orders')) return <AccessDenied />;
  return (
    <Report
      title="Stock on Hand"
      path="/reports/stock-on-hand"
      parser={z.array(stockValueRowSchema)}
      columns={stockColumns}
      rowId={(row) => `${row.location_id}-${row.product_id}`}
      empty="No stock"
    />
  );
}
