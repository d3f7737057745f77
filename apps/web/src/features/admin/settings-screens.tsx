import { paymentAccounts, paymentProviders, taxInfo } from '@portal/contract/resources/billing';
import {
  carrierSchema,
  companyAssetKinds,
  companyAssets,
  companyCarriers,
} from '@portal/contract/resources/company';
import {
  MODULE_FIELDS_BULK_MAX,
  moduleFieldMessages,
  moduleFields,
  roleBasedFields,
} from '@portal/contract/resources/module-fields';
import { api, ignoreData } from '../../platform/api.ts';
import type { ListSource, ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import {
  defineResourceUi,
  type ReferenceSource,
  type ResourceBulkAction,
} from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { optionsOf } from './labels.ts';
import { adminPaths } from './paths.ts';
import { roleChoices, storeChoices } from './references.ts';

export const taxScreens = createResourceScreens(
  defineResourceUi({
    resource: taxInfo,
    paths: adminPaths.taxes,
    columns: [
      { field: 'name', header: 'Name' },
      {
        field: 'rate_bps',
        header: 'Rate (%)',
        kind: 'number',
        value: (row) => (typeof row.rate_bps === 'number' ? row.rate_bps / 100 : null),
      },
      { field: 'store_id', header: 'Store', kind: 'reference', reference: storeChoices },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      {
        name: 'rate_bps',
        label: 'Rate (basis points)',
        kind: 'number',
        helperText: '825 is 8.25%',
      },
      {
        name: 'store_id',
        label: 'Store',
        kind: 'reference',
        reference: storeChoices,
        helperText: 'None: the company-wide rate',
      },
    ],
  }),
  adminEnv,
);

const assetKindOptions = optionsOf(companyAssetKinds);

export const companyAssetScreens = createResourceScreens(
  defineResourceUi({
    resource: companyAssets,
    paths: adminPaths.companyAssets,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'kind', header: 'Kind', kind: 'option', options: assetKindOptions },
      { field: 'url', header: 'Address' },
      { field: 'created_at', header: 'Added', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'kind', label: 'Kind', kind: 'select', options: assetKindOptions },
      { name: 'url', label: 'Address', kind: 'text', wide: true },
    ],
    defaults: { kind: 'document' },
  }),
  adminEnv,
);

/** The global list of carriers (GET /carriers), offered when a company adds one it sells for. */
const carriers: ListSource = {
  name: 'carriers',
  path: '/carriers',
  row: carrierSchema,
  label: { one: 'Carrier', many: 'Carriers' },
  defaultSort: 'name',
};
const carrierChoices: ReferenceSource = {
  resource: carriers,
  label: (row) => (typeof row.name === 'string' ? row.name : `#${row.id}`),
};

export const companyCarrierScreens = createResourceScreens(
  defineResourceUi({
    resource: companyCarriers,
    paths: adminPaths.companyCarriers,
    columns: [
      { field: 'carrier_id', header: 'Carrier', kind: 'reference', reference: carrierChoices },
      { field: 'account_number', header: 'Account number' },
      { field: 'created_at', header: 'Added', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'carrier_id', label: 'Carrier', kind: 'reference', reference: carrierChoices },
      { name: 'account_number', label: 'Account number', kind: 'text' },
    ],
  }),
  adminEnv,
);

/** Shows or hides many fields in one request (PATCH /module-fields-admin/update/bulk). */
const setVisible = (label: string, is_visible: boolean): ResourceBulkAction => ({
  label,
  permission: 'write_module_fields',
  run: (rows: readonly ResourceRow[]) =>
    api.patch(
      `${moduleFields.path}/update/bulk`,
      { items: rows.slice(0, MODULE_FIELDS_BULK_MAX).map((row) => ({ id: row.id, is_visible })) },
      ignoreData,
    ),
  successFallback: moduleFieldMessages.bulkUpdated,
  failureFallback: moduleFieldMessages.notBulkUpdated,
});

export const moduleFieldScreens = createResourceScreens(
  defineResourceUi({
    resource: moduleFields,
    paths: adminPaths.moduleFields,
    initialGroupBy: 'module',
    columns: [
      { field: 'module', header: 'Module' },
      { field: 'label', header: 'Label' },
      { field: 'field_key', header: 'Key' },
      { field: 'is_visible', header: 'Visible', kind: 'boolean' },
      { field: 'is_required', header: 'Required', kind: 'boolean' },
      { field: 'order', header: 'Order', kind: 'number' },
    ],
    fields: [
      { name: 'module', label: 'Module', kind: 'text', helperText: 'e.g. sales, customers' },
      { name: 'field_key', label: 'Key', kind: 'text' },
      { name: 'label', label: 'Label', kind: 'text' },
      { name: 'order', label: 'Order', kind: 'number' },
      { name: 'is_visible', label: 'Visible', kind: 'switch' },
      { name: 'is_required', label: 'Required', kind: 'switch' },
    ],
    defaults: { is_visible: true, order: 0 },
    bulkActions: [setVisible('Show selected', true), setVisible('Hide selected', false)],
  }),
  adminEnv,
);

const moduleFieldChoices: ReferenceSource = {
  resource: moduleFields,
  label: (row) => `${String(row.module)}: ${String(row.label)}`,
};

export const roleBasedFieldScreens = createResourceScreens(
  defineResourceUi({
    resource: roleBasedFields,
    paths: adminPaths.roleBasedFields,
    title: 'Role Based Fields',
    initialGroupBy: 'role_id',
    columns: [
      { field: 'role_id', header: 'Role', kind: 'reference', reference: roleChoices },
      {
        field: 'module_field_id',
        header: 'Field',
        kind: 'reference',
        reference: moduleFieldChoices,
      },
      { field: 'is_visible', header: 'Visible', kind: 'boolean' },
      { field: 'is_editable', header: 'Editable', kind: 'boolean' },
    ],
    fields: [
      { name: 'role_id', label: 'Role', kind: 'reference', reference: roleChoices, only: 'create' },
      {
        name: 'module_field_id',
        label: 'Field',
        kind: 'reference',
        reference: moduleFieldChoices,
        only: 'create',
      },
      { name: 'is_visible', label: 'Visible', kind: 'switch' },
      { name: 'is_editable', label: 'Editable', kind: 'switch' },
    ],
    defaults: { is_visible: true, is_editable: true },
  }),
  adminEnv,
);

const providerOptions = optionsOf(paymentProviders);

/** A store's payment account (SPEC.md: POST /charge/account, PATCH and DELETE by id). */
export const paymentAccountScreens = createResourceScreens(
  defineResourceUi({
    resource: paymentAccounts,
    paths: adminPaths.paymentAccounts,
    columns: [
      { field: 'store_id', header: 'Store', kind: 'reference', reference: storeChoices },
      { field: 'provider', header: 'Provider', kind: 'option', options: providerOptions },
      { field: 'account_ref', header: 'Account id' },
      { field: 'display_name', header: 'Name on statements' },
      { field: 'charge_enabled', header: 'Charges enabled', kind: 'boolean' },
      { field: 'created_at', header: 'Added', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'store_id', label: 'Store', kind: 'reference', reference: storeChoices },
      { name: 'provider', label: 'Provider', kind: 'select', options: providerOptions },
      {
        name: 'account_ref',
        label: 'Account id',
        kind: 'text',
        helperText: 'The id the provider gave, e.g. acct_1A2b3C',
      },
      { name: 'display_name', label: 'Name on statements', kind: 'text' },
      { name: 'charge_enabled', label: 'Charges enabled', kind: 'switch' },
    ],
    defaults: { provider: 'stripe', charge_enabled: false },
  }),
  adminEnv,
);
