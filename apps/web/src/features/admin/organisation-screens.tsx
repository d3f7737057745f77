import Box from '@mui/material/Box';
import { storeTimeZones } from '@portal/contract/constants';
import { companies, districts, regions, stores } from '@portal/contract/resources/organisation';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { adminPaths } from './paths.ts';
import { districtChoices, regionChoices } from './references.ts';

const timeZoneOptions = storeTimeZones.map((zone) => ({ value: zone.value, label: zone.label }));

/** The company's screens; /my-company-settings edits the caller's own company with its form. */
export const companyUi = defineResourceUi({
  resource: companies,
  paths: adminPaths.companies,
  // SPEC.md section 2: a new company goes to /companies, an updated one to the settings list.
  afterSave: { update: '/admin-company-settings' },
  columns: [
    { field: 'name', header: 'Name' },
    { field: 'timezone', header: 'Time zone', kind: 'option', options: timeZoneOptions },
    { field: 'timeout_limit', header: 'Auto logout (minutes)', kind: 'number' },
    {
      field: 'theme_color',
      header: 'Theme colour',
      cell: (row) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: String(row.theme_color) }}
          />
          {String(row.theme_color)}
        </Box>
      ),
    },
    { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'timezone', label: 'Time zone', kind: 'select', options: timeZoneOptions },
    { name: 'theme_color', label: 'Theme colour', kind: 'color' },
    { name: 'timeout_limit', label: 'Auto logout after (minutes)', kind: 'number' },
    { name: 'logo_url', label: 'Logo address', kind: 'text', wide: true },
  ],
  defaults: { theme_color: '#004995', timezone: 'America/Virgin', timeout_limit: 10 },
});
export const companyScreens = createResourceScreens(companyUi, adminEnv);

const b2bColumn = { field: 'is_b2b', header: 'B2B', kind: 'boolean' } as const;
const b2bField = { name: 'is_b2b', label: 'B2B', kind: 'switch' } as const;

export const regionScreens = createResourceScreens(
  defineResourceUi({
    resource: regions,
    paths: adminPaths.regions,
    columns: [
      { field: 'name', header: 'Name' },
      b2bColumn,
      { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
    ],
    fields: [{ name: 'name', label: 'Name', kind: 'text' }, b2bField],
  }),
  adminEnv,
);

export const districtScreens = createResourceScreens(
  defineResourceUi({
    resource: districts,
    paths: adminPaths.districts,
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'region_id', header: 'Region', kind: 'reference', reference: regionChoices },
      b2bColumn,
      { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'region_id', label: 'Region', kind: 'reference', reference: regionChoices },
      b2bField,
    ],
  }),
  adminEnv,
);

export const storeScreens = createResourceScreens(
  defineResourceUi({
    resource: stores,
    paths: adminPaths.stores,
    title: 'Locations',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'unique_id', header: 'Store ID' },
      { field: 'district_id', header: 'District', kind: 'reference', reference: districtChoices },
      { field: 'time_zone', header: 'Time zone', kind: 'option', options: timeZoneOptions },
      { field: 'phone', header: 'Phone', hidden: true },
      { field: 'address', header: 'Address', hidden: true },
      { field: 'opens_at', header: 'Opens', hidden: true },
      { field: 'closes_at', header: 'Closes', hidden: true },
      b2bColumn,
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      {
        name: 'unique_id',
        label: 'Store ID',
        kind: 'text',
        helperText: 'Left empty, the portal makes one',
      },
      { name: 'district_id', label: 'District', kind: 'reference', reference: districtChoices },
      { name: 'time_zone', label: 'Time zone', kind: 'select', options: timeZoneOptions },
      { name: 'phone', label: 'Phone', kind: 'text' },
      { name: 'opens_at', label: 'Opens at', kind: 'time' },
      { name: 'closes_at', label: 'Closes at', kind: 'time' },
      { name: 'address', label: 'Address', kind: 'textarea' },
      b2bField,
    ],
    defaults: { time_zone: 'America/Virgin' },
    links: [{ label: 'Store report', to: '/stores/report', permission: 'read_stores' }],
  }),
  adminEnv,
);
