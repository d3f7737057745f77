import { and, asc, eq, lte, ne } from 'drizzle-orm';
import type { UserRoles } from '@portal/contract/resources/user-admin';
import { isRoleKey, roleAccessLevels, roleKeys } from '@portal/contract/roles';
import type { Executor } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  mayAssignBaseRole,
  mayAssignRoleWith,
  mayManageRoleOf,
  permissionsByRole,
  rankMessages,
} from './rank.ts';
import { roles } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export { mayAssignBaseRole };

/** A base role given to a user: strictly below the caller's rank (rank.ts). */
export function assertMayAssignBaseRole(ctx: RequestContext, baseRole: string) {
  if (!isRoleKey(baseRole) || !mayAssignBaseRole(ctx, baseRole)) {
    throw AppError.forbidden(rankMessages.higherRole);
  }
}

/**
 * GET /user-roles: the roles the caller may give (rank.ts `assertMayAssignRole`: strictly below their
 * rank, super_admin only by the super admin, and no permission the caller does not hold).
 */
export async function assignableRoles(db: Executor, ctx: RequestContext): Promise<UserRoles> {
  const found = await db
    .select({
      id: roles.id,
      name: roles.name,
      base_role: roles.base_role,
      access_level: roles.access_level,
    })
    .from(roles)
    .where(
      and(
        tenantScope(roles, ctx.companyId),
        eq(roles.is_active, true),
        lte(roles.access_level, ctx.accessLevel),
        isSuperAdmin(ctx) ? undefined : ne(roles.base_role, 'super_admin'),
      ),
    )
    .orderBy(asc(roles.access_level), asc(roles.name));
  const granted = await permissionsByRole(db, ctx.companyId);
  const results = found.flatMap((role) =>
    isRoleKey(role.base_role) && mayAssignRoleWith(ctx, role, granted.get(role.id) ?? [])
      ? [{ ...role, base_role: role.base_role }]
      : [],
  );
  const base_roles = roleKeys
    .filter((key) => mayManageRoleOf(ctx, key))
    .map((base_role) => ({ base_role, access_level: roleAccessLevels[base_role] }));
  return { results, total: results.length, base_roles };
}
