// The access module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries"):
// the rank rule (whom a user may act on, what they may grant) and the roles a caller may give.
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { roles as roleResource } from '@portal/contract/resources/access';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { pointedColumn, type ResourceTable } from '../../platform/resources/references.ts';
import type { Relation } from '../../platform/resources/service.ts';
import { permissionGroups, rolePermissionGroups, roles } from './schema.ts';

export {
  assertMayAssignRole,
  assertMayGrant,
  baseRoleOf,
  callerRank,
  mayActOn,
  mayAssignRoleWith,
  mayGrant,
  permissionsByRole,
  rankMessages,
  rankOf,
} from './rank.ts';

/** The resource engine's belongs-to relation (`related=role`) to the role whose id `column` holds. */
export const roleRelation = (column = 'role_id'): Relation => ({
  table: roles,
  definition: roleResource,
  column,
});

/**
 * The base role of the role a row names, as a column of the row's own query (the list's rank
 * decoration then costs no query).
 */
export const baseRoleColumn = (from: ResourceTable, roleColumn = 'role_id') =>
  pointedColumn(from, roleColumn, roles, 'base_role');

/**
 * Roles as a subquery aliased `role` (company, id, name, base role, access level, whether active,
 * whether B2B), for a query that joins its rows to their role in one statement (the session lookup,
 * the signed-in user, the employees list); with `companyId`, only that company's.
 */
export const rolesToJoin = (db: Executor, companyId?: number | Placeholder) =>
  db
    .select({
      company_id: roles.company_id,
      id: roles.id,
      name: roles.name,
      base_role: roles.base_role,
      access_level: roles.access_level,
      is_active: roles.is_active,
      is_b2b: roles.is_b2b,
    })
    .from(roles)
    .where(companyId === undefined ? undefined : tenantScope(roles, companyId))
    .as('role');

/**
 * The permission flags the role a row names (by `companyId` and `roleId`, columns of the caller's
 * query) grants through its active permission groups, as an SQL expression (an array, or null).
 */
export const grantedFlagsOf = (companyId: AnyPgColumn, roleId: AnyPgColumn): SQL<string[] | null> =>
  sql<string[] | null>`(
  select array_agg(distinct p) from ${rolePermissionGroups} rpg
    join ${permissionGroups} g on g.company_id = rpg.company_id and g.id = rpg.permission_group_id and g.is_active
    cross join lateral unnest(g.permissions) as p
   where rpg.company_id = ${companyId} and rpg.role_id = ${roleId})`;

/** The company's active roles: id, name, base role and access level (a bulk upload's role column). */
export const activeRolesOf = (db: Executor, companyId: number) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      base_role: roles.base_role,
      access_level: roles.access_level,
    })
    .from(roles)
    .where(and(tenantScope(roles, companyId), eq(roles.is_active, true)));

/** The company and base role of each role among `roleIds` (any company's: the caller matches them). */
export const baseRolesOf = (db: Executor, roleIds: readonly number[]) =>
  db
    .select({ company_id: roles.company_id, id: roles.id, base_role: roles.base_role })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
