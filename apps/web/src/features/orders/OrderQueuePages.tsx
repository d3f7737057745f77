import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { orderSummarySchema, type OrderSummary } from '@portal/contract/inventory';
import type { Permission } from '@portal/contract/permissions';
import { orderStatusMachine } from '@portal/contract/resources/orders';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import { moneyColumn } from '../../platform/data-table/money-column.ts';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { AccessDenied } from '../../platform/ui/AccessDenied.tsx';
import { totalColumn } from '../../platform/data-table/total-column.ts';
import { hasPermission } from '../auth/session.ts';

const statusLabel = (status: string) =>
  (orderStatusMachine.labels as Record<string, string | undefined>)[status] ?? status;

const kindOptions = [
  { value: 'device', label: 'Products' },
  { value: 'accessory', label: 'Accessories' },
] as const;

/** What a row offers: fulfil while the warehouse has it, receive once shipped. */
function OrderLinks({ order }: { order: OrderSummary }) {
  const fulfil =
    (order.status === 'submitted' || order.status === 'pending_shipment') &&
    hasPermission('write_order_fulfillment');
  const receive = order.status === 'shipped' && hasPermission('write_orders');
  return (
    <Stack direction="row" spacing={1}>
      {fulfil && (
        <Button size="small" component={RouterLink} to={`/fulfill-order/${order.id}`}>
          Fulfill
        </Button>
      )}
      {receive && (
        <Button size="small" component={RouterLink} to={`/receive-order/${order.id}`}>
          Receive
        </Button>
      )}
    </Stack>
  );
}

const columns: DataColumn<OrderSummary>[] = [
  {
    id: 'id',
    header: 'Order',
    value: (order) => order.id,
    cell: (order) => (
      <Link component={RouterLink} to={`/orders/${order.id}`}>
        #{order.id}
      </Link>
    ),
  },
  { id: 'store', header: 'Store', value: (order) => order.store_name ?? `#${order.store_id}` },
  {
    id: 'kind',
    header: 'Kind',
    value: (order) => (order.kind === 'accessory' ? 'Accessories' : 'Products'),
    filter: { options: kindOptions.map((o) => ({ value: o.label, label: o.label })) },
  },
  { id: 'status', header: 'Status', value: (order) => statusLabel(order.status) },
  totalColumn('ordered', 'Ordered', (order) => order.ordered),
  totalColumn('shipped', 'Shipped', (order) => order.shipped),
  moneyColumn('total', 'Total', (order) => order.total_cents, { total: false, filter: 'text' }),
  {
    id: 'created',
    header: 'Created',
    value: (order) => new Date(order.created_at).toLocaleDateString(),
  },
  {
    id: 'actions',
    header: 'Actions',
    value: () => '',
    cell: (order) => <OrderLinks order={order} />,
    sortable: false,
    filter: false,
    groupable: false,
    exportable: false,
  },
];

interface QueueProps {
  title: string;
  path: string;
  permission: Permission;
  empty: string;
}

function OrderQueue(props: QueueProps) {
  if (!hasPermission(props.permission)) return <AccessDenied />;
  return <Queue {...props} />;
}

function Queue(props: QueueProps) {
  // Under the orders' keys: a checkout or a move elsewhere refreshes it.
  const queue = useQuery({
    queryKey: ['resource', 'orders', 'queue', props.path],
    queryFn: async () => (await api.get(props.path, z.array(orderSummarySchema))).data,
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h5" component="h1">
        {props.title}
      </Typography>
      <DataTable
        label={props.title}
        reportName={props.title}
        columns={columns}
        rows={queue.data ?? []}
        getRowId={(order) => String(order.id)}
        loading={queue.isFetching}
        emptyMessage={queue.error ? queue.error.message : props.empty}
      />
    </Box>
  );
}

/** /unfulfilled-orders: what the warehouse has to ship (submitted, pending shipment). */
export function UnfulfilledOrdersPage() {
  return (
    <OrderQueue
      title="Unfulfilled Orders"
      path="/unfulfilled-orders"
      permission="write_order_fulfillment"
      empty="No order is waiting for the warehouse"
    />
  );
}

/** /fulfilled-orders: what the warehouse shipped (in transit, under review, received). */
export function FulfilledOrdersPage() {
  return (
    <OrderQueue
      title="Fulfilled Orders"
      path="/fulfilled-orders"
      permission="read_orders"
      empty="No order has been shipped yet"
    />
  );
}
