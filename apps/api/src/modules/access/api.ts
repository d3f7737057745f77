// The access module's public functions for other modules (see docs/ARCHITECTURE.md, "Boundaries"):
// the rank rule (whom a user may act on, what they may grant) and the roles a caller may give.
import { roles as roleResource } from '@portal/contract/resources/access';
import { pointedColumn, type ResourceTable } from '../../platform/resources/references.ts';
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
 * decoration then costs no query).
 */
export const baseRoleColumn = (from: ResourceTable, roleColumn = 'role_id') =>
  pointedColumn(from, roleColumn, roles, 'base_role');
