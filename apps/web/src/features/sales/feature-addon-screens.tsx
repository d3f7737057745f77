import { activations, sales } from '@portal/contract/resources/sales';
import { products, serviceKinds } from '@portal/contract/resources/catalog';
import { formatCents } from '../../platform/resources/DocumentPanels.tsx';
import {
  currentStoreDefaults,
  documentTotals,
  namedColumn,
  productLines,
  rowName,
  rowText,
  storeField,
} from '../../platform/resources/document-ui.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../platform/resources/ui.ts';
import { hasPermission } from '../auth/session.ts';
import { saleConfirmationPath, salesPaths } from './paths.ts';
import { customerField, saleColumns, saleRowLinks } from './sale-ui.ts';

/*
 * Feature add-ons (SPEC.md /features-addons-sale, /feature-add-on): plans and features sold on a
 * customer's existing line, no device. The sales engine's screens over sales of kind
 * 'feature_addon'; payment and the receipt are the simple sale's (/sale-confirmation/{id}).
 */

const status = (row: ResourceRow) => rowText(row.status) ?? '';

/** A customer's line: its number, whose it is and its plan; canceled lines are not offered. */
const lineSearch: ReferenceSource = {
  resource: activations,
  label: (row) =>
    [rowText(row.phone_number), rowText(row.customer_name), rowText(row.carrier), rowText(row.plan)]
      .filter(Boolean)
      .join(' · '),
  offer: (row) => status(row) !== 'canceled',
};
const isService = (row: ResourceRow) =>
  (serviceKinds as readonly string[]).includes(rowText(row.kind) ?? '');
/** Plans and features only (the server refuses anything else on an add-on). */
const serviceSearch: ReferenceSource = {
  resource: products,
  label: (row) => `${rowName(row)} (${formatCents(row.price_cents)})`,
  filter: { is_active: 'true' },
  offer: isService,
};

export const featureAddOnScreens = createResourceScreens(
  defineResourceUi({
    resource: sales,
    paths: salesPaths.featureAddOns,
    title: 'Feature Add-ons',
    listFilter: { kind: 'feature_addon' },
    afterSave: { create: saleConfirmationPath(':id'), update: saleConfirmationPath(':id') },
    rowLinks: saleRowLinks,
    columns: [
      { field: 'id', header: 'Receipt', kind: 'number' },
      namedColumn('activation_id', 'Line', 'activation_phone'),
      saleColumns.customer,
      saleColumns.store,
      saleColumns.status,
      saleColumns.total,
      saleColumns.soldBy,
      saleColumns.rungUp,
    ],
    fields: [
      customerField("Optional: the line's customer is taken"),
      {
        name: 'activation_id',
        label: 'Line',
        kind: 'search',
        reference: lineSearch,
        labelFrom: 'activation_phone',
        only: 'create',
        helperText: 'Search by phone number',
      },
      storeField(),
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
    defaults: currentStoreDefaults(),
    lines: productLines({ label: 'Plan or feature', reference: serviceSearch, serial: false }),
    totals: documentTotals,
  }),
  { can: hasPermission },
);
