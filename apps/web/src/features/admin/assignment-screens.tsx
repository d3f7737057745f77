import { userDistricts, userRegions, userStores } from '@portal/contract/resources/assignments';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { adminPaths } from './paths.ts';
import { districtChoices, regionChoices, storeChoices, userChoices } from './references.ts';

const userColumn = {
  field: 'user_id',
  header: 'User',
  kind: 'reference',
  reference: userChoices,
} as const;
const userField = {
  name: 'user_id',
  label: 'User',
  kind: 'reference',
  reference: userChoices,
} as const;
const createdColumn = {
  field: 'created_at',
  header: 'Assigned',
  kind: 'date',
  hidden: true,
} as const;

export const userStoreScreens = createResourceScreens(
  defineResourceUi({
    resource: userStores,
    paths: adminPaths.userStores,
    title: 'User Stores',
    columns: [
      userColumn,
      { field: 'store_id', header: 'Store', kind: 'reference', reference: storeChoices },
      { field: 'is_primary', header: 'Primary', kind: 'boolean' },
      createdColumn,
    ],
    fields: [
      userField,
      { name: 'store_id', label: 'Store', kind: 'reference', reference: storeChoices },
      { name: 'is_primary', label: 'Primary store', kind: 'switch' },
    ],
  }),
  adminEnv,
);

export const userRegionScreens = createResourceScreens(
  defineResourceUi({
    resource: userRegions,
    paths: adminPaths.userRegions,
    columns: [
      userColumn,
      { field: 'region_id', header: 'Region', kind: 'reference', reference: regionChoices },
      createdColumn,
    ],
    fields: [
      userField,
      { name: 'region_id', label: 'Region', kind: 'reference', reference: regionChoices },
    ],
  }),
  adminEnv,
);

export const userDistrictScreens = createResourceScreens(
  defineResourceUi({
    resource: userDistricts,
    paths: adminPaths.userDistricts,
    columns: [
      userColumn,
      { field: 'district_id', header: 'District', kind: 'reference', reference: districtChoices },
      createdColumn,
    ],
    fields: [
      userField,
      { name: 'district_id', label: 'District', kind: 'reference', reference: districtChoices },
    ],
  }),
  adminEnv,
);
