import { shiftTemplates, departmentRoleList } from '@portal/contract/resources/hr-scheduling';
import { stores } from '@portal/contract/resources/organisation';
import type { ResourceRow } from '../../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../../platform/resources/screens.tsx';
import { defineResourceUi, type ReferenceSource } from '../../../platform/resources/ui.ts';
import { hasPermission } from '../../auth/session.ts';
import { SCHEDULE_PATH, shiftTemplatePaths } from './paths.ts';

const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

const storeChoices: ReferenceSource = { resource: stores, label: byName, sort: 'name' };
const roleChoices: ReferenceSource = { resource: departmentRoleList, label: byName };

/** Shift templates (/hr/shift): the schedule grid's palette, per store. */
export const shiftTemplateScreens = createResourceScreens(
  defineResourceUi({
    resource: shiftTemplates,
    paths: shiftTemplatePaths,
    title: 'Shift Templates',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'store_id', header: 'Store', kind: 'reference', reference: storeChoices },
      { field: 'start_time', header: 'Starts' },
      {
        field: 'end_time',
        header: 'Ends',
        value: (row) =>
          typeof row.end_time === 'string' &&
          typeof row.start_time === 'string' &&
          row.end_time <= row.start_time
            ? `${row.end_time} (next day)`
            : String(row.end_time ?? ''),
      },
      {
        field: 'department_role_id',
        header: 'Department role',
        kind: 'reference',
        reference: roleChoices,
      },
      { field: 'is_active', header: 'Active', kind: 'boolean' },
    ],
    fields: [
      { name: 'store_id', label: 'Store', kind: 'reference', reference: storeChoices },
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'start_time', label: 'Starts at', kind: 'time' },
      {
        name: 'end_time',
        label: 'Ends at',
        kind: 'time',
        helperText: 'At or before the start: the shift ends the next day',
      },
      {
        name: 'department_role_id',
        label: 'Department role',
        kind: 'reference',
        reference: roleChoices,
      },
      { name: 'is_active', label: 'Active', kind: 'switch' },
    ],
    defaults: { is_active: true },
    links: [{ label: 'Work schedule', to: SCHEDULE_PATH, permission: 'read_hr_schedules' }],
  }),
  { can: hasPermission },
);
