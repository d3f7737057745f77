import { roles } from '@portal/contract/resources/access';
import {
  commissionCarrierRates,
  commissionCategories,
  commissionCategoryLabels,
  commissionPlans,
  rateTypeLabels,
  rateTypes,
} from '@portal/contract/resources/commissions';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { commissionPaths } from './paths.ts';

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${String(row.id)}`;
const roleSearch: ReferenceSource = { resource: roles, label: byName };
const categoryOptions = commissionCategories.map((value) => ({
  value,
  label: commissionCategoryLabels[value],
}));
const rateTypeOptions = rateTypes.map((value) => ({ value, label: rateTypeLabels[value] }));

/** A rate as its type reads: $10.00 a unit, or 2.5% of the net. */
const rateText = (row: ResourceRow, value: unknown): string | null =>
  typeof value !== 'number'
    ? null
    : row.rate_type === 'percent'
      ? `${(value / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`
      : formatCents(value);

/** /commission-plans: what each role earns per category, with an optional monthly quota. */
export const commissionPlanScreens = createResourceScreens(
  defineResourceUi({
    resource: commissionPlans,
    paths: commissionPaths.plans,
    title: 'Commission Plans',
    columns: [
      { field: 'name', header: 'Plan' },
      {
        field: 'role_id',
        header: 'Role',
        value: (row) => (typeof row.role_name === 'string' ? row.role_name : null),
        filterable: false,
      },
      { field: 'category', header: 'Category', kind: 'option', options: categoryOptions },
      { field: 'rate_type', header: 'Rate type', kind: 'option', options: rateTypeOptions },
      {
        field: 'rate',
        header: 'Rate',
        value: (row) => rateText(row, row.rate),
        sortable: false,
        filterable: false,
      },
      { field: 'quota_units', header: 'Monthly quota', sortable: false, filterable: false },
      {
        field: 'rate_above_quota',
        header: 'Above quota',
        value: (row) => rateText(row, row.rate_above_quota),
        sortable: false,
        filterable: false,
      },
      { field: 'version', header: 'Version', sortable: false, filterable: false },
      { field: 'is_active', header: 'Active', kind: 'boolean' },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      {
        name: 'role_id',
        label: 'Role',
        kind: 'search',
        reference: roleSearch,
        labelFrom: 'role_name',
      },
      { name: 'category', label: 'Category', kind: 'select', options: categoryOptions },
      { name: 'rate_type', label: 'Rate type', kind: 'select', options: rateTypeOptions },
      {
        name: 'rate',
        label: 'Rate',
        kind: 'number',
        helperText: 'Flat: cents per unit (1000 = $10.00). Percent: basis points (250 = 2.5%)',
      },
      {
        name: 'quota_units',
        label: 'Monthly quota (units)',
        kind: 'number',
        helperText: 'Leave empty for no quota',
      },
      {
        name: 'rate_above_quota',
        label: 'Rate above the quota',
        kind: 'number',
        helperText: 'Same unit as the rate; needed with a quota',
      },
      { name: 'is_active', label: 'Active', kind: 'switch' },
    ],
  }),
  { can: hasPermission },
);

/** /commission-processing/rates: what a carrier pays per activation, by plan or for any plan. */
export const carrierRateScreens = createResourceScreens(
  defineResourceUi({
    resource: commissionCarrierRates,
    paths: commissionPaths.carrierRates,
    title: 'Carrier Rates',
    columns: [
      { field: 'carrier', header: 'Carrier' },
      {
        field: 'plan',
        header: 'Plan',
        value: (row) => (typeof row.plan === 'string' ? row.plan : 'Any plan'),
      },
      {
        field: 'expected_cents',
        header: 'Expected per activation',
        value: (row) => formatCents(row.expected_cents),
        filterable: false,
      },
    ],
    fields: [
      { name: 'carrier', label: 'Carrier', kind: 'text' },
      {
        name: 'plan',
        label: 'Plan',
        kind: 'text',
        helperText: 'Leave empty for any plan of the carrier without a rate of its own',
      },
      {
        name: 'expected_cents',
        label: 'Expected amount (cents)',
        kind: 'number',
        helperText: '4500 = $45.00',
      },
    ],
  }),
  { can: hasPermission },
);
