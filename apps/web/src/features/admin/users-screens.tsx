import { lockUserRequestSchema } from '@portal/contract/auth';
import {
  USER_DISABLE_PATH,
  USER_ENABLE_PATH,
  userStatusMessages,
} from '@portal/contract/resources/user-admin';
import { users } from '@portal/contract/resources/users';
import { api, ignoreData } from '../../platform/api.ts';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import { createResourceScreens } from '../../platform/resources/screens.tsx';
import { defineResourceUi, type RowAction } from '../../platform/resources/ui.ts';
import { adminEnv } from './env.ts';
import { withId } from '../../platform/resources/paths.ts';
import { adminPaths, userPasswordPath } from './paths.ts';
import { assignableRoleChoices, roleChoices, storeChoices } from './references.ts';

const live = (row: ResourceRow) => row.is_deleted !== true;

/** SPEC.md section 4: users are enabled, disabled, locked and unlocked (deactivate is Delete). */
const userActions: RowAction[] = [
  {
    label: 'Enable',
    permission: 'write_users',
    when: (row) => live(row) && row.is_active === false,
    run: (row) => api.patch(`${USER_ENABLE_PATH}/${row.id}`, undefined, ignoreData),
    successFallback: userStatusMessages.enabled,
    failureFallback: userStatusMessages.notEnabled,
  },
  {
    label: 'Disable',
    permission: 'write_users',
    when: (row) => live(row) && row.is_active !== false,
    confirm: (row) =>
      `Disable ${String(row.first_name)} ${String(row.last_name)}? Their sessions end.`,
    run: (row) => api.patch(`${USER_DISABLE_PATH}/${row.id}`, undefined, ignoreData),
    successFallback: userStatusMessages.disabled,
    failureFallback: userStatusMessages.notDisabled,
  },
  {
    label: 'Lock',
    permission: 'write_users',
    when: (row) => live(row) && row.is_locked !== true,
    confirm: (row) =>
      `Lock ${String(row.first_name)} ${String(row.last_name)}? Their sessions end.`,
    run: (row) =>
      api.post('/lock-user', lockUserRequestSchema.parse({ user_id: row.id }), ignoreData),
    successFallback: 'User locked',
    failureFallback: 'User not locked',
  },
  {
    label: 'Unlock',
    permission: 'write_users',
    when: (row) => live(row) && row.is_locked === true,
    run: (row) =>
      api.post('/unlock-user', lockUserRequestSchema.parse({ user_id: row.id }), ignoreData),
    successFallback: 'User unlocked',
    failureFallback: 'User not unlocked',
  },
];

export const userScreens = createResourceScreens(
  defineResourceUi({
    resource: users,
    paths: adminPaths.users,
    columns: [
      { field: 'first_name', header: 'First name' },
      { field: 'last_name', header: 'Last name' },
      { field: 'email', header: 'Email' },
      { field: 'role_id', header: 'Role', kind: 'reference', reference: roleChoices },
      { field: 'current_store', header: 'Store', kind: 'reference', reference: storeChoices },
      { field: 'access_level', header: 'Access level', kind: 'number', hidden: true },
      { field: 'is_locked', header: 'Locked', kind: 'boolean' },
      { field: 'is_b2b', header: 'B2B', kind: 'boolean', hidden: true },
      { field: 'created_at', header: 'Created', kind: 'date', hidden: true },
    ],
    fields: [
      { name: 'first_name', label: 'First name', kind: 'text' },
      { name: 'last_name', label: 'Last name', kind: 'text' },
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'password', label: 'Password', kind: 'password', only: 'create' },
      { name: 'role_id', label: 'Role', kind: 'reference', reference: assignableRoleChoices },
      { name: 'current_store', label: 'Store', kind: 'reference', reference: storeChoices },
      { name: 'job_order_type', label: 'Job order type', kind: 'text' },
      { name: 'business_type', label: 'Business type', kind: 'text' },
      { name: 'is_b2b', label: 'B2B', kind: 'switch' },
    ],
    rowActions: userActions,
    rowLinks: [
      {
        label: 'Set password',
        to: (row) => withId(userPasswordPath, row.id),
        when: live,
        permission: 'write_users',
      },
    ],
    links: [{ label: 'Bulk upload', to: '/csv-upload' }],
  }),
  adminEnv,
);
