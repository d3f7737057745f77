import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { products } from '@portal/contract/resources/catalog';
import {
  purchaseOrders,
  purchaseOrderStatusMachine,
  type PurchaseOrderStatus,
} from '@portal/contract/resources/purchasing';
import {
  supplierBills,
  supplierBillStatuses,
  supplierBillStatusLabels,
  supplierCreditInput,
  type SupplierBillStatus,
} from '@portal/contract/resources/supplier-bills';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { api } from '../../platform/api.ts';
import { DataTable } from '../../platform/data-table/DataTable.tsx';
import type { DataColumn } from '../../platform/data-table/table-types.ts';
import { formatDate } from '../../platform/resources/columns.tsx';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import { withId } from '../../platform/resources/paths.ts';
import { ResourceForm } from '../../platform/resources/ResourceFormPage.tsx';
import { rowParser, type ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import {
  defineResourceUi,
  mayRead,
  writePermission,
  type ReferenceSource,
  type ResourceUi,
} from '../../platform/resources/ui.ts';
import { useResourceList } from '../../platform/resources/use-resource.ts';
import { isRecord } from '../../platform/is-record.ts';
import { namedColumn } from '../../platform/resources/document-ui.ts';
import { hasPermission } from '../auth/session.ts';
import { purchasingPaths as paths } from './paths.ts';

/**
 * The three-way match's screens (issue 19 item 6): supplier bills (list, record, view with each
 * line's match reasons and the supplier's credits), and the purchase order view's Bills tab.
 */

const env = { can: hasPermission };
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

const billStatusLabel = (value: unknown) =>
  typeof value === 'string' && value in supplierBillStatusLabels
    ? supplierBillStatusLabels[value as SupplierBillStatus]
    : '';
const statusOptions = supplierBillStatuses.map((value) => ({
  value,
  label: supplierBillStatusLabels[value],
}));

/** A bill is recorded against an order approved or further, not canceled. */
const billableOrder: ReferenceSource = {
  resource: purchaseOrders,
  label: (row) =>
    `PO #${row.id}${text(row.reference) ? ` (${String(row.reference)})` : ''}, ${statusLabel(purchaseOrderStatusMachine, String(row.status))}`,
  offer: (row) =>
    !(['draft', 'pending_approval', 'canceled'] as PurchaseOrderStatus[]).includes(
      row.status as PurchaseOrderStatus,
    ),
};
const productSearch: ReferenceSource = {
  resource: products,
  label: (row) => (typeof row.sku === 'string' ? `${byName(row)} (${row.sku})` : byName(row)),
  filter: { is_active: 'true' },
};

const reasonsOf = (row: ResourceRow): string[] =>
  Array.isArray(row.match_reasons)
    ? row.match_reasons.filter((reason): reason is string => typeof reason === 'string')
    : [];

/** The credits a view's row carries, and the form recording one (a held bill may be released). */
function CreditsPanel({ row }: { row: ResourceRow }) {
  const credits = (Array.isArray(row.credits) ? row.credits : []).filter(
    (credit): credit is ResourceRow => isRecord(credit) && typeof credit.id === 'number',
  );
  const columns = useMemo(
    (): DataColumn<ResourceRow>[] => [
      { id: 'created_at', header: 'When', value: (credit) => formatDate(credit.created_at) ?? '' },
      { id: 'amount_cents', header: 'Amount', value: (credit) => formatCents(credit.amount_cents) },
      { id: 'reason', header: 'Reason', value: (credit) => text(credit.reason) ?? '' },
      { id: 'created_by', header: 'By', value: (credit) => text(credit.created_by_name) ?? '' },
    ],
    [],
  );
  const formUi = useMemo(
    (): ResourceUi => ({
      ...supplierBillUi,
      resource: { ...supplierBills, create: supplierCreditInput, lines: undefined },
      lines: undefined,
      fields: [
        {
          name: 'amount_cents',
          label: 'Credit (cents)',
          kind: 'number',
          helperText: '1999 is $19.99',
        },
        { name: 'reason', label: 'Reason', kind: 'text', wide: true },
      ],
    }),
    [],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={3} flexWrap="wrap" useFlexGap>
        <Typography>Bill total: {formatCents(row.total_cents)}</Typography>
        <Typography>Credits: {formatCents(row.credits_cents)}</Typography>
        <Typography>Left to pay: {formatCents(row.net_cents)}</Typography>
        <Typography>Allowed by the match: {formatCents(row.allowed_cents)}</Typography>
      </Stack>
      {row.status === 'held' && (
        <Alert severity="warning">
          Held for review: a credit that brings the bill within what the match allows releases it.
        </Alert>
      )}
      <DataTable
        label="Supplier credits"
        reportName={`Supplier bill ${row.id} credits`}
        columns={columns}
        rows={credits}
        getRowId={(credit) => String(credit.id)}
        emptyMessage="No credits yet."
      />
      {env.can(writePermission(supplierBills)) && (
        <ResourceForm
          ui={formUi}
          mode="create"
          refs={new Map()}
          labels={{ form: 'Record a supplier credit', submit: 'Record credit' }}
          send={(body) =>
            api.post(`${supplierBills.path}/${row.id}/credit`, body, rowParser(supplierBills))
          }
        />
      )}
    </Box>
  );
}

const supplierBillUi = defineResourceUi({
  resource: supplierBills,
  paths: paths.supplierBills,
  columns: [
    { field: 'id', header: 'Bill', kind: 'number' },
    { field: 'bill_number', header: 'Supplier’s number' },
    { field: 'purchase_order_id', header: 'PO', kind: 'number' },
    namedColumn('supplier_id', 'Supplier', 'supplier_name'),
    { field: 'bill_date', header: 'Billed on', filterable: false },
    { field: 'status', header: 'Match', kind: 'option', options: statusOptions },
    {
      field: 'total_cents',
      header: 'Total',
      value: (row) => formatCents(row.total_cents),
      filterable: false,
    },
    { field: 'created_at', header: 'Recorded', kind: 'date', filterable: false },
  ],
  fields: [
    {
      name: 'purchase_order_id',
      label: 'Purchase order',
      kind: 'search',
      reference: billableOrder,
      labelFrom: 'purchase_order_reference',
    },
    { name: 'bill_number', label: 'Supplier’s bill number', kind: 'text' },
    { name: 'bill_date', label: 'Bill date', kind: 'text', helperText: 'YYYY-MM-DD' },
    { name: 'note', label: 'Note', kind: 'textarea', wide: true },
  ],
  lines: {
    fields: [
      {
        name: 'product_id',
        label: 'Product',
        kind: 'search',
        reference: productSearch,
        labelFrom: 'product_name',
      },
      { name: 'quantity', label: 'Quantity billed', kind: 'number' },
      {
        name: 'unit_price_cents',
        label: 'Unit price billed (cents)',
        kind: 'number',
        helperText: '1999 is $19.99',
      },
    ],
    columns: [
      { field: 'product_name', header: 'Product' },
      { field: 'quantity', header: 'Billed', kind: 'number' },
      {
        field: 'unit_price_cents',
        header: 'Unit price',
        value: (row) => formatCents(row.unit_price_cents),
      },
      { field: 'total_cents', header: 'Total', value: (row) => formatCents(row.total_cents) },
      {
        field: 'match_reasons',
        header: 'Match',
        value: (row) => reasonsOf(row).join('; ') || 'Matched',
      },
    ],
  },
  totals: [{ field: 'total_cents', label: 'Total' }],
  panels: [
    {
      value: 'match',
      label: 'Match and credits',
      render: (row) => <CreditsPanel row={row} />,
    },
  ],
});

export const supplierBillScreens = createResourceScreens(supplierBillUi, env);

/** The purchase order view's Bills tab: its bills and their match, and a link to record one. */
export function OrderBillsTab({ row }: { row: ResourceRow }) {
  const list = useResourceList(supplierBills, {
    page: 0,
    perPage: 1000,
    filter: { purchase_order_id: String(row.id) },
    sort: 'id',
  });
  const columns = useMemo(
    (): DataColumn<ResourceRow>[] => [
      {
        id: 'bill_number',
        header: 'Supplier’s number',
        value: (bill) => text(bill.bill_number) ?? '',
        cell: (bill) => (
          <Link component={RouterLink} to={withId(paths.supplierBills.view, bill.id)}>
            {text(bill.bill_number)}
          </Link>
        ),
      },
      { id: 'bill_date', header: 'Billed on', value: (bill) => text(bill.bill_date) ?? '' },
      {
        id: 'status',
        header: 'Match',
        value: (bill) => billStatusLabel(bill.status),
        cell: (bill) => (
          <Chip
            size="small"
            label={billStatusLabel(bill.status)}
            color={bill.status === 'held' ? 'warning' : 'success'}
            variant="outlined"
          />
        ),
      },
      { id: 'total_cents', header: 'Total', value: (bill) => formatCents(bill.total_cents) },
      { id: 'net_cents', header: 'Left to pay', value: (bill) => formatCents(bill.net_cents) },
    ],
    [],
  );
  if (!mayRead(env, supplierBills)) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <DataTable
        label="Supplier bills"
        reportName={`Purchase order ${row.id} bills`}
        columns={columns}
        rows={list.data?.results ?? []}
        getRowId={(bill) => String(bill.id)}
        emptyMessage="No supplier bills yet."
      />
      {env.can(writePermission(supplierBills)) && (
        <Button
          component={RouterLink}
          to={paths.supplierBills.create}
          variant="outlined"
          sx={{ justifySelf: 'start' }}
        >
          Record a supplier bill
        </Button>
      )}
    </Box>
  );
}
