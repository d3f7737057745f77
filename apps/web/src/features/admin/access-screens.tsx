import { allPermissions } from '@portal/contract/permissions';
import { permissionGroups, roles } from '@portal/contract/resources/access';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi } from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { baseRoleOptions, permissionOptionsOf } from './labels.ts';
import { adminPaths } from './paths.ts';
import { permissionGroupChoices } from './references.ts';

export const roleScreens = createResourceScreens(
  defineResourceUi({
    resource: roles,
    paths: adminPaths.roles,
    title: 'Role Settings',
    columns: [
      { field: 'name', header: 'Name' },
      { field: 'base_role', header: 'Base role', kind: 'option', options: baseRoleOptions },
      { field: 'access_level', header: 'Access level', kind: 'number' },
      {
        field: 'permission_group_ids',
        header: 'Permission groups',
        kind: 'reference',
        reference: permissionGroupChoices,
      },
      { field: 'is_b2b', header: 'B2B', kind: 'boolean' },
      { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'base_role', label: 'Base role', kind: 'select', options: baseRoleOptions },
      {
        name: 'permission_group_ids',
        label: 'Permission groups',
        kind: 'multiReference',
        reference: permissionGroupChoices,
        wide: true,
      },
      { name: 'is_b2b', label: 'B2B', kind: 'switch' },
    ],
    defaults: { base_role: 'base_user' },
  }),
  adminEnv,
);

const permissionOptions = permissionOptionsOf(allPermissions);

export const permissionGroupScreens = createResourceScreens(
  defineResourceUi({
    resource: permissionGroups,
    paths: adminPaths.permissionGroups,
    columns: [
      { field: 'name', header: 'Name' },
      {
        field: 'permissions',
        header: 'Permissions',
        kind: 'number',
        value: (row) => (Array.isArray(row.permissions) ? row.permissions.length : 0),
      },
      { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      {
        name: 'permissions',
        label: 'Permissions',
        kind: 'multiSelect',
        options: permissionOptions,
        wide: true,
      },
    ],
  }),
  adminEnv,
);
