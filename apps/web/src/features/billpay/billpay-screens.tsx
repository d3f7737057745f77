import { billPayments, billPayStatusMachine } from '@portal/contract/resources/billpay';
import { formatCents, statusLabel } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { billPayPaths } from './paths.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** /billpay: the company's bill payments and prepaid sales, newest first (read only). */
export const billPayScreens = createResourceScreens(
  defineResourceUi({
    resource: billPayments,
    paths: billPayPaths.payments,
    title: 'Bill Payments',
    columns: [
      { field: 'id', header: 'Payment', kind: 'number' },
      {
        field: 'kind',
        header: 'Kind',
        kind: 'option',
        options: [
          { value: 'bill', label: 'Bill' },
          { value: 'prepaid', label: 'Prepaid' },
        ],
      },
      { field: 'carrier', header: 'Carrier' },
      { field: 'account_number', header: 'Account / phone' },
      {
        field: 'status',
        header: 'Status',
        kind: 'option',
        options: billPayStatusMachine.states.map((value) => ({
          value,
          label: statusLabel(billPayStatusMachine, value),
        })),
      },
      {
        field: 'total_cents',
        header: 'Total',
        value: (row: ResourceRow) => formatCents(row.total_cents),
        filterable: false,
      },
      {
        field: 'store_id',
        header: 'Store',
        value: (row: ResourceRow) => text(row.store_name),
        filterable: false,
      },
      { field: 'provider_reference', header: 'Confirmation', filterable: false },
      { field: 'created_at', header: 'Taken', kind: 'date', filterable: false },
    ],
    fields: [],
    links: [
      { label: 'Prepaid refill', to: billPayPaths.incomm, permission: 'write_bill_payments' },
    ],
  }),
  { can: hasPermission },
);
