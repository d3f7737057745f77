import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adjustableOrderStatuses,
  priceAdjustmentMessages,
  priceAdjustments,
} from '@portal/contract/price-adjustments';
import { adjustmentReasons } from '@portal/contract/resources/catalog';
import { orderSchema, orderStatusMachine, type Order } from '@portal/contract/resources/orders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { ResourcePanel } from '../../platform/resources/ResourcePanel.tsx';
import { ResourceForm } from '../../platform/resources/ResourceFormPage.tsx';
import { referenceSources } from '../../platform/resources/ResourceListPage.tsx';
import { createRow, type ResourceRow } from '../../platform/resources/resource-api.ts';
import { resourceKeys } from '../../platform/resources/query-keys.ts';
import { defineResourceUi, type ResourceEnv } from '../../platform/resources/ui.ts';
import { useReferenceData } from '../../platform/resources/use-resource.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { hasPermission } from '../auth/session.ts';

const env: ResourceEnv = { can: hasPermission };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
type OrderLine = NonNullable<Order['lines']>[number];

export const isAdjustable = (status: string) =>
  (adjustableOrderStatuses as readonly string[]).includes(status);

/** The engine's config of an order's price adjustments; the line choice comes from the order. */
function adjustmentUi(order: Order) {
  const lineOptions = (order.lines ?? []).map((line) => ({
    value: String(line.id),
    label: `${line.product_name ?? `Line #${line.id}`} x ${line.quantity} (${formatCents(line.total_cents) ?? ''})`,
  }));
  return defineResourceUi({
    resource: priceAdjustments,
    paths: { list: `/orders/${order.id}` },
    mode: 'client',
    emptyMessage: 'No price adjustments.',
    columns: [
      { field: 'created_at', header: 'When', kind: 'date' },
      { field: 'product_name', header: 'Line', value: (row) => text(row.product_name) },
      {
        field: 'delta_cents',
        header: 'Adjustment',
        value: (row) => formatCents(row.delta_cents),
      },
      { field: 'reason_name', header: 'Reason', value: (row) => text(row.reason_name) },
      { field: 'note', header: 'Note' },
      {
        field: 'approved_by_name',
        header: 'Approved by',
        value: (row) => text(row.approved_by_name),
      },
      {
        field: 'line_total_after_cents',
        header: 'Line total after',
        value: (row) => formatCents(row.line_total_after_cents),
      },
    ],
    fields: [
      { name: 'order_line_id', label: 'Line', kind: 'select', options: lineOptions },
      {
        name: 'delta_cents',
        label: 'Amount in cents',
        kind: 'number',
        helperText: 'Negative for a credit: -500 takes $5.00 off the line',
      },
      {
        name: 'reason_id',
        label: 'Reason',
        kind: 'reference',
        reference: {
          resource: adjustmentReasons,
          label: (row: ResourceRow) => text(row.name),
          sort: 'name',
        },
      },
      { name: 'note', label: 'Note', kind: 'text' },
    ],
  });
}

/** The add form: the engine's form, refreshing the order after a save (its totals changed). */
function AddAdjustment({
  ui,
  order,
  create,
}: {
  ui: ReturnType<typeof adjustmentUi>;
  order: Order;
  create: (body: unknown) => ReturnType<typeof createRow>;
}) {
  const sources = useMemo(() => referenceSources(ui), [ui]);
  const refs = useReferenceData(sources);
  if (!isAdjustable(order.status))
    return <Alert severity="info">{priceAdjustmentMessages.notAdjustable}</Alert>;
  return (
    <ResourceForm
      ui={ui}
      mode="create"
      refs={refs}
      labels={{ form: 'Adjust a line price', submit: 'Add adjustment' }}
      send={create}
    />
  );
}

/**
 * An order's price adjustments: the list (reason, amount, who approved it) for whoever reads the
 * order, and the add form for approvers (approve_price_adjustments) once the warehouse accepted it.
 */
export function OrderPriceAdjustments({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const ui = useMemo(() => adjustmentUi(order), [order]);
  return (
    <ResourcePanel
      ui={ui}
      env={env}
      parentId={order.id}
      renderAdd={(resource, refresh) => (
        <AddAdjustment
          ui={ui}
          order={order}
          create={async (body) => {
            const reply = await createRow(resource, body);
            await refresh();
            await queryClient.invalidateQueries({ queryKey: resourceKeys('orders').all });
            await queryClient.invalidateQueries({ queryKey: ['price-adjustment', 'order'] });
            return reply;
          }}
        />
      )}
    />
  );
}

/** The order view's tab: the order as the engine loaded it, read again with its lines. */
export function OrderPriceAdjustmentsTab({ row }: { row: ResourceRow }) {
  const parsed = orderSchema.safeParse(row);
  if (!parsed.success) return null;
  return <OrderPriceAdjustments order={parsed.data} />;
}

const lineColumns: DataColumn<OrderLine>[] = [
  { id: 'product', header: 'Product', value: (row) => row.product_name ?? '' },
  { id: 'quantity', header: 'Quantity', value: (row) => row.quantity, align: 'right' },
  { id: 'price', header: 'Unit price', value: (row) => formatCents(row.unit_price_cents) ?? '' },
  { id: 'tax', header: 'Tax', value: (row) => formatCents(row.tax_cents) ?? '' },
  {
    id: 'adjustment',
    header: 'Adjustment',
    value: (row) => formatCents(row.adjustment_cents) ?? '',
  },
  { id: 'total', header: 'Total', value: (row) => formatCents(row.total_cents) ?? '' },
];

/**
 * /price-adjustment: choose an order by number (or arrive with ?order=), see its lines and
 * totals, adjust a line's price with a reason; the adjustments list below.
 */
export function PriceAdjustmentPage() {
  if (!hasPermission('approve_price_adjustments')) return <AccessDenied />;
  return <PriceAdjustment />;
}

function PriceAdjustment() {
  const [params, setParams] = useSearchParams();
  const orderId = Number(params.get('order')) || null;
  const [typed, setTyped] = useState(orderId ? String(orderId) : '');
  const order = useQuery({
    queryKey: ['price-adjustment', 'order', orderId],
    enabled: orderId !== null,
    queryFn: async () => (await api.get(`/orders/${orderId}`, orderSchema)).data,
  });
  const open = (event: FormEvent) => {
    event.preventDefault();
    const next = Number(typed);
    if (Number.isInteger(next) && next > 0) setParams({ order: String(next) });
  };
  const data = order.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1100 }}>
      <Typography variant="h5" component="h1">
        Price Adjustment
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction="row" spacing={1} onSubmit={open} alignItems="center">
          <TextField
            size="small"
            label="Order number"
            value={typed}
            onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="outlined" disabled={!typed}>
            Open order
          </Button>
        </Stack>
      </Paper>
      {order.isLoading && <CircularProgress aria-label="Loading order" />}
      {order.isError && <Alert severity="error">{order.error.message}</Alert>}
      {data && (
        <>
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="baseline">
            <Typography variant="h6" component="h2">
              Order #{data.id}
            </Typography>
            <Typography>{data.store_name}</Typography>
            <Typography>{statusLabel(orderStatusMachine, data.status)}</Typography>
            <Typography>
              Total {formatCents(data.total_cents)} (adjustments{' '}
              {formatCents(data.adjustment_cents)})
            </Typography>
            <Button component={RouterLink} to={`/orders/${data.id}`}>
              View order
            </Button>
          </Stack>
          <DataTable
            label="Order lines"
            reportName={`Order ${data.id} lines`}
            columns={lineColumns}
            rows={data.lines ?? []}
            getRowId={(row) => String(row.id)}
          />
          <OrderPriceAdjustments order={data} />
        </>
      )}
    </Box>
  );
}
