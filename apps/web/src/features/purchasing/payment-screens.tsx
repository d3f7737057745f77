import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  paymentMethodLabels,
  paymentMethods,
  purchaseOrderPayments,
  receiptPayments,
  unpayableOrderStatuses,
} from '@portal/contract/resources/purchase-payments';
import {
  purchaseOrderReceipts,
  purchaseOrders,
  purchaseOrderStatusMachine,
} from '@portal/contract/resources/purchasing';
import { useMemo } from 'react';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { ResourceForm } from '../../platform/resources/ResourceFormPage.tsx';
import {
  createRow,
  type AnyResource,
  type ResourceRow,
} from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import {
  defineResourceUi,
  mayRead,
  writePermission,
  type ColumnSpec,
  type FieldSpec,
  type ReferenceSource,
  type ResourceUi,
} from '../../platform/resources/ui.ts';
import { useResourceList } from '../../platform/resources/use-resource.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { purchasingPaths as paths } from './paths.ts';

const env = { can: hasPermission };
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const methodOptions = paymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] }));
const methodLabel = (value: unknown) =>
  typeof value === 'string' && value in paymentMethodLabels
    ? paymentMethodLabels[value as keyof typeof paymentMethodLabels]
    : '';
const orderName = (row: ResourceRow) =>
  `PO #${row.id}${typeof row.reference === 'string' && row.reference ? ` (${row.reference})` : ''}`;

/** Orders that take payments now: approved or further, not canceled. */
const payableOrder: ReferenceSource = {
  resource: purchaseOrders,
  label: (row) =>
    `${orderName(row)}, ${statusLabel(purchaseOrderStatusMachine, String(row.status))}, ${formatCents(row.total_cents) ?? ''}`,
  offer: (row) => !(unpayableOrderStatuses as readonly string[]).includes(String(row.status)),
};
const receiptChoice: ReferenceSource = {
  resource: purchaseOrderReceipts,
  label: (row) =>
    `Receipt #${row.id} of PO #${String(row.purchase_order_id)}, ${formatCents(row.total_cents) ?? ''} accepted`,
};

/** The fields every payment has (the amount in cents, as purchase order costs are entered). */
type PaymentField = 'amount_cents' | 'paid_on' | 'method' | 'reference' | 'note';
const paymentFields: FieldSpec<PaymentField>[] = [
  { name: 'amount_cents', label: 'Amount (cents)', kind: 'number', helperText: '1999 is $19.99' },
  { name: 'paid_on', label: 'Paid on', kind: 'date' },
  { name: 'method', label: 'Method', kind: 'select', options: methodOptions },
  { name: 'reference', label: 'Reference', kind: 'text', helperText: 'Check or transfer number' },
  { name: 'note', label: 'Note', kind: 'textarea', wide: true },
];
const paymentColumns: ColumnSpec<PaymentField | 'recorded_by'>[] = [
  { field: 'amount_cents', header: 'Amount', value: (row) => formatCents(row.amount_cents) },
  { field: 'paid_on', header: 'Paid on' },
  { field: 'method', header: 'Method', kind: 'option', options: methodOptions },
  { field: 'reference', header: 'Reference' },
  namedColumn('recorded_by', 'Recorded by', 'recorded_by_name'),
  { field: 'note', header: 'Note', hidden: true },
];
const today = () => new Date().toISOString().slice(0, 10);

export const purchaseOrderPaymentUi = defineResourceUi({
  resource: purchaseOrderPayments,
  paths: paths.orderPayments,
  columns: [
    { field: 'id', header: 'Payment', kind: 'number' },
    { field: 'purchase_order_id', header: 'PO', kind: 'number' },
    {
      field: 'purchase_order_reference',
      header: 'PO reference',
      value: (row) => text(row.purchase_order_reference),
      filterable: false,
      sortable: false,
    },
    ...paymentColumns,
  ],
  fields: [
    {
      name: 'purchase_order_id',
      label: 'Purchase order',
      kind: 'reference',
      reference: payableOrder,
      only: 'create',
    },
    ...paymentFields,
  ],
  defaults: { method: 'bank_transfer', paid_on: today() },
});
export const purchaseOrderPaymentScreens = createResourceScreens(purchaseOrderPaymentUi, env);

export const receiptPaymentUi = defineResourceUi({
  resource: receiptPayments,
  paths: paths.receiptPayments,
  columns: [
    { field: 'id', header: 'Payment', kind: 'number' },
    { field: 'receipt_id', header: 'Receipt', kind: 'number' },
    { field: 'purchase_order_id', header: 'PO', kind: 'number' },
    ...paymentColumns,
  ],
  fields: [
    {
      name: 'receipt_id',
      label: 'Receipt',
      kind: 'reference',
      reference: receiptChoice,
      only: 'create',
    },
    ...paymentFields,
  ],
  defaults: { method: 'bank_transfer', paid_on: today() },
});
export const receiptPaymentScreens = createResourceScreens(receiptPaymentUi, env);

const tableColumns: DataColumn<ResourceRow>[] = [
  { id: 'paid_on', header: 'Paid on', value: (row) => text(row.paid_on) ?? '' },
  { id: 'amount', header: 'Amount', value: (row) => formatCents(row.amount_cents) ?? '' },
  { id: 'method', header: 'Method', value: (row) => methodLabel(row.method) },
  { id: 'reference', header: 'Reference', value: (row) => text(row.reference) ?? '' },
  { id: 'recorded_by', header: 'Recorded by', value: (row) => text(row.recorded_by_name) ?? '' },
];

/**
 * A purchase order's (a receipt's) payments on its view: the list, what is paid and the balance,
 * and the form to record one (the order or receipt filled in).
 */
function PaymentsPanel({
  ui,
  formResource,
  against,
  id,
  limit,
  payable,
  limitLabel,
}: {
  ui: ResourceUi;
  /** the resource as the panel's form posts it: without the order (receipt) field */
  formResource: AnyResource;
  against: 'purchase_order_id' | 'receipt_id';
  id: number;
  limit: number;
  payable: boolean;
  limitLabel: string;
}) {
  const resource = ui.resource;
  const list = useResourceList(resource, {
    page: 0,
    perPage: 1000,
    filter: { [against]: String(id) },
    sort: 'id',
  });
  // The panel's form: the payment fields only; the order (receipt) is this one.
  const formUi = useMemo(
    (): ResourceUi => ({
      ...ui,
      resource: formResource,
      fields: paymentFields,
    }),
    [ui, formResource],
  );
  if (!mayRead(env, resource)) return null;
  const rows = list.data?.results ?? [];
  const paid = rows.reduce((sum, row) => sum + Number(row.amount_cents ?? 0), 0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={3} flexWrap="wrap" useFlexGap>
        <Typography>
          {limitLabel}: {formatCents(limit)}
        </Typography>
        <Typography aria-label="Paid">Paid: {formatCents(paid)}</Typography>
        <Typography aria-label="Balance">Balance: {formatCents(limit - paid)}</Typography>
      </Stack>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <DataTable
        label="Payments"
        reportName={`${resource.label.many} ${id}`}
        columns={tableColumns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        emptyMessage="No payments yet."
      />
      {env.can(writePermission(resource)) &&
        (payable ? (
          <ResourceForm
            ui={formUi}
            mode="create"
            refs={new Map()}
            labels={{ form: 'Record a payment', submit: 'Record payment' }}
            send={(body) => createRow(resource, { ...body, [against]: id })}
          />
        ) : (
          <Alert severity="info">This purchase order takes no payment in its status.</Alert>
        ))}
    </Box>
  );
}

const orderPaymentForm = {
  ...purchaseOrderPayments,
  create: purchaseOrderPayments.create.omit({ purchase_order_id: true }),
};
const receiptPaymentForm = {
  ...receiptPayments,
  create: receiptPayments.create.omit({ receipt_id: true }),
};

/** The purchase order view's Payments tab. */
export function OrderPaymentsTab({ row }: { row: ResourceRow }) {
  return (
    <PaymentsPanel
      ui={purchaseOrderPaymentUi}
      formResource={orderPaymentForm}
      against="purchase_order_id"
      id={row.id}
      limit={Number(row.total_cents ?? 0)}
      payable={!(unpayableOrderStatuses as readonly string[]).includes(String(row.status))}
      limitLabel="Order total"
    />
  );
}

/** The receipt view's Payments tab: limited by the accepted value. */
export function ReceiptPaymentsTab({ row }: { row: ResourceRow }) {
  return (
    <PaymentsPanel
      ui={receiptPaymentUi}
      formResource={receiptPaymentForm}
      against="receipt_id"
      id={row.id}
      limit={Number(row.subtotal_cents ?? 0)}
      payable
      limitLabel="Accepted value"
    />
  );
}
