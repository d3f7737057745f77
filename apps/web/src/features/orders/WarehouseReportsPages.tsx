import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adjustmentReportRowSchema,
  fulfilmentTimeRowSchema,
  inTransitRowSchema,
  openOrdersRowSchema,
  stockValueRowSchema,
  warehouseReportBounds,
  type AdjustmentReportRow,
  type FulfilmentTimeRow,
  type InTransitRow,
  type OpenOrdersRow,
  type StockValueRow,
} from '@portal/contract/inventory';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api, type Parser } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { moneyColumn } from '../../platform/data-table/money-column.ts';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { totalColumn } from '../../platform/data-table/total-column.ts';
import { formatDate } from '../../platform/resources/columns.tsx';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

const count = <Row,>(id: string, header: string, value: (row: Row) => number) =>
  totalColumn(id, header, value, { filter: false });

const openOrderColumns: DataColumn<OpenOrdersRow>[] = [
  { id: 'store', header: 'Store', value: (row) => row.store_name ?? `#${row.store_id}` },
  count('open', 'Open', (row) => row.open),
  count('submitted', 'Submitted', (row) => row.submitted),
  count('pending_shipment', 'Pending Shipment', (row) => row.pending_shipment),
  count('shipped', 'Shipped', (row) => row.shipped),
  count('under_review', 'Under Review', (row) => row.under_review),
  count('orders', 'Orders', (row) => row.orders),
  count('units', 'Units', (row) => row.units),
  moneyColumn('total', 'Value', (row) => row.total_cents),
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
  moneyColumn('cost', 'Value at cost', (row) => row.cost_cents),
  moneyColumn('value', 'Value at price', (row) => row.value_cents),
];

/** Days, shown with up to two decimals; not totalled (an average of averages means nothing). */
const dayColumn = <Row,>(
  id: string,
  header: string,
  value: (row: Row) => number,
): DataColumn<Row> => ({
  id,
  header,
  value,
  align: 'right',
  filter: false,
});

const fulfilmentColumns: DataColumn<FulfilmentTimeRow>[] = [
  { id: 'store', header: 'Store', value: (row) => row.store_name ?? `#${row.store_id}` },
  {
    id: 'orders',
    header: 'Orders Shipped',
    value: (row) => row.orders,
    align: 'right',
    filter: false,
  },
  dayColumn('average', 'Average Days', (row) => row.average_days),
  dayColumn('median', 'Median Days', (row) => row.median_days),
  dayColumn('p90', '90th Percentile Days', (row) => row.p90_days),
];

const adjustmentKinds: Record<AdjustmentReportRow['kind'], string> = {
  stock: 'Stock',
  price: 'Price',
};

const adjustmentColumns: DataColumn<AdjustmentReportRow>[] = [
  { id: 'date', header: 'Date', value: (row) => formatDate(row.created_at) },
  {
    id: 'kind',
    header: 'Type',
    value: (row) => adjustmentKinds[row.kind],
    filter: { options: Object.values(adjustmentKinds).map((label) => ({ value: label, label })) },
  },
  {
    id: 'where',
    header: 'Location / Order',
    value: (row) =>
      row.kind === 'stock'
        ? row.location_name
        : `Order #${row.order_id ?? ''}${row.store_name ? ` (${row.store_name})` : ''}`,
  },
  { id: 'product', header: 'Product', value: (row) => row.product_name },
  { id: 'reason', header: 'Reason', value: (row) => row.reason_name },
  { id: 'who', header: 'By', value: (row) => row.user_name },
  {
    id: 'quantity',
    header: 'Quantity',
    value: (row) => row.quantity,
    align: 'right',
    total: true,
    filter: false,
  },
  moneyColumn('amount', 'Amount', (row) => row.amount_cents),
  { id: 'note', header: 'Note', value: (row) => row.note },
];

const inTransitColumns: DataColumn<InTransitRow>[] = [
  { id: 'store', header: 'Store', value: (row) => row.store_name ?? `#${row.store_id}` },
  count('days_0_2', '0–2 Days', (row) => row.days_0_2),
  count('days_3_7', '3–7 Days', (row) => row.days_3_7),
  count('days_8_plus', '8+ Days', (row) => row.days_8_plus),
  count('orders', 'Orders', (row) => row.orders),
  {
    id: 'oldest',
    header: 'Oldest (Days)',
    value: (row) => row.oldest_days,
    align: 'right',
    filter: false,
  },
];

function Report<Row extends object>(props: {
  title: string;
  path: string;
  parser: Parser<Row[]>;
  columns: DataColumn<Row>[];
  rowId: (row: Row) => string;
  empty: string;
  /** a From / To day range sent as ?from=&to= (the API's default: the last 30 days) */
  range?: boolean;
}) {
  const [range, setRange] = useState(() => {
    const { from, to } = warehouseReportBounds({});
    return { from, to };
  });
  const path = props.range
    ? `${props.path}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`
    : props.path;
  const report = useQuery({
    queryKey: ['resource', 'orders', 'report', path],
    queryFn: async () => (await api.get(path, props.parser)).data,
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
        toolbar={
          props.range ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <TextField
                type="date"
                size="small"
                label="From"
                value={range.from}
                onChange={(event) => setRange({ ...range, from: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
              />
              <TextField
                type="date"
                size="small"
                label="To"
                value={range.to}
                onChange={(event) => setRange({ ...range, to: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
              />
            </Stack>
          ) : undefined
        }
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

/** /reports/fulfilment-time: days from submission to shipment of the orders shipped in a range. */
export function FulfilmentTimeReportPage() {
  if (!hasPermission('read_orders')) return <AccessDenied />;
  return (
    <Report
      title="Fulfilment Time"
      path="/reports/fulfilment-time"
      parser={z.array(fulfilmentTimeRowSchema)}
      columns={fulfilmentColumns}
      rowId={(row) => String(row.store_id ?? 'all')}
      empty="No orders shipped in this range"
      range
    />
  );
}

/** /reports/adjustments: the stock and price adjustments made in a range. */
export function AdjustmentsReportPage() {
  if (!hasPermission('read_orders')) return <AccessDenied />;
  return (
    <Report
      title="Adjustments"
      path="/reports/adjustments"
      parser={z.array(adjustmentReportRowSchema)}
      columns={adjustmentColumns}
      rowId={(row) => row.key}
      empty="No adjustments in this range"
      range
    />
  );
}

/** /reports/in-transit: shipped orders not yet received, per store, by days since shipment. */
export function InTransitReportPage() {
  if (!hasPermission('read_orders')) return <AccessDenied />;
  return (
    <Report
      title="In Transit"
      path="/reports/in-transit"
      parser={z.array(inTransitRowSchema)}
      columns={inTransitColumns}
      rowId={(row) => String(row.store_id)}
      empty="No orders in transit"
    />
  );
}
