import Box from '@mui/material/Box';
import { assetConditions, companyAssets } from '@portal/contract/resources/company';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { ResourceViewPage } from '../../platform/resources/ResourceViewPage.tsx';
import { defineResourceUi, mayRead } from '../../platform/resources/ui.ts';
import { adminEnv } from '../admin/env.ts';
import { optionsOf } from '../admin/labels.ts';
import { storeChoices, userChoices } from '../admin/references.ts';
import { AssetPanel } from './AssetPanel.tsx';
import { assetTrackerPaths } from './paths.ts';

export const conditionOptions = optionsOf(assetConditions);

/**
 * /asset-tracker: the company's equipment (company assets of kind equipment), grouped by store,
 * filtered by store, type and condition; the view adds the photo, the Move and the moves made.
 */
export const assetTrackerUi = defineResourceUi({
  resource: companyAssets,
  paths: assetTrackerPaths,
  title: 'Asset Tracker',
  listFilter: { kind: 'equipment' },
  initialGroupBy: 'store_id',
  emptyMessage: 'No assets yet',
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'asset_type', header: 'Type' },
    { field: 'serial_number', header: 'Serial' },
    { field: 'store_id', header: 'Store', kind: 'reference', reference: storeChoices },
    {
      field: 'assigned_user_id',
      header: 'Assigned to',
      value: (row) => (typeof row.assigned_user_name === 'string' ? row.assigned_user_name : ''),
      filterable: false,
    },
    { field: 'condition', header: 'Condition', kind: 'option', options: conditionOptions },
    { field: 'created_at', header: 'Added', kind: 'date', hidden: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'asset_type', label: 'Type', kind: 'text', helperText: 'Laptop, POS terminal, …' },
    { name: 'serial_number', label: 'Serial number', kind: 'text' },
    {
      name: 'store_id',
      label: 'Store',
      kind: 'reference',
      reference: storeChoices,
      only: 'create',
      helperText: 'Later changes of store are moves, kept in the history',
    },
    {
      name: 'assigned_user_id',
      label: 'Assigned to',
      kind: 'search',
      reference: userChoices,
    },
    { name: 'condition', label: 'Condition', kind: 'select', options: conditionOptions },
  ],
});

const screens = createResourceScreens(assetTrackerUi, adminEnv);

export const assetTrackerScreens = {
  ...screens,
  View: function View() {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ResourceViewPage ui={assetTrackerUi} env={adminEnv} />
        {mayRead(adminEnv, companyAssets) && <AssetPanel />}
      </Box>
    );
  },
};
