// The access module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries"):
// the rank rule (whom a user may act on, what they may grant) and the roles a caller may give.
import { sql } from 'drizzle-orm';
import { roles as roleResource } from '@portal/contract/resources/access';
import type { Relation } from '../../platform/resources/service.ts';
import { roles } from './schema.ts';

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
 * decoration then costs no query). Written with explicit names: drizzle leaves a single-table
 * select's columns unqualified, and the subquery must tell the outer row's columns from the role's.
 */
export const baseRoleColumn = (
  table: string,
  companyColumn = 'company_id',
  roleColumn = 'role_id',
) => {
  const outer = (column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`;
  return sql<
    string | null
  >`(select role_of_row.base_role from ${roles} role_of_row where role_of_row.company_id = ${outer(companyColumn)} and role_of_row.id = ${outer(roleColumn)})`;
};
