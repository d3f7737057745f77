import { permissionGroups, roles } from '@portal/contract/resources/access';
import { districts, regions, stores } from '@portal/contract/resources/organisation';
import { userRolesSchema } from '@portal/contract/resources/user-admin';
import { users } from '@portal/contract/resources/users';
import type { ResourceRow } from '../../platform/resources/resource-api.ts';
import type { ReferenceSource } from '../../platform/resources/ui.ts';

/** A row's `name`, else its id. */
export const byName = (row: ResourceRow): string =>
  typeof row.name === 'string' && row.name ? row.name : `#${row.id}`;

const personName = (row: ResourceRow): string => {
  const name = [row.first_name, row.last_name].filter((part) => typeof part === 'string').join(' ');
  return name.trim() || (typeof row.email === 'string' ? row.email : `#${row.id}`);
};

/** Choices drawn from other resources; one object each, so a screen fetches each list once. */
export const regionChoices: ReferenceSource = { resource: regions, label: byName };
export const districtChoices: ReferenceSource = { resource: districts, label: byName };
export const storeChoices: ReferenceSource = { resource: stores, label: byName };
export const roleChoices: ReferenceSource = { resource: roles, label: byName };
/**
 * The roles the signed-in user may give (GET /user-roles: the server's rank rule, never a role
 * above their own or granting more than they hold): the role select of a user's form.
 */
export const assignableRoleChoices: ReferenceSource = {
  resource: {
    name: 'user_roles',
    path: '/user-roles',
    row: userRolesSchema.shape.results.element,
    label: roles.label,
    defaultSort: 'name',
  },
  label: byName,
  permission: 'read_roles',
};
export const permissionGroupChoices: ReferenceSource = {
  resource: permissionGroups,
  label: byName,
};
export const userChoices: ReferenceSource = {
  resource: users,
  label: personName,
  sort: 'last_name',
  filter: { is_deleted: 'false' },
};
