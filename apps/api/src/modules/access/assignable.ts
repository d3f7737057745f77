import { and, asc, eq, lte, ne } from 'drizzle-orm';
import type { UserRoles } from '@portal/contract/resources/user-admin';
import { isRoleKey, roleAccessLevels, roleKeys, type RoleKey } from '@portal/contract/roles';
import type { Executor } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { roles } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Who may hand out which role: a base role at or below the caller's access level, and the
 * cross-company super_admin only by a super admin. Checked on the server wherever a role is given
 * (creating or changing a role, a user, a bulk upload), and listed by GET /user-roles.
 */
export const mayAssignBaseRole = (ctx: RequestContext, baseRole: RoleKey) =>
  isSuperAdmin(ctx) ||
  (baseRole !== 'super_admin' && roleAccessLevels[baseRole] <= ctx.accessLevel);

export function assertMayAssignBaseRole(ctx: RequestContext, baseRole: string) {
  if (!isRoleKey(baseRole) || !mayAssignBaseRole(ctx, baseRole)) {
    throw AppError.forbidden('You cannot give a role above your own');
  }
}

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
  const results = found.flatMap((role) =>
    isRoleKey(role.base_role) && mayAssignBaseRole(ctx, role.base_role)
      ? [{ ...role, base_role: role.base_role }]
      : [],
  );
  const base_roles = roleKeys
    .filter((key) => mayAssignBaseRole(ctx, key))
    .map((base_role) => ({ base_role, access_level: roleAccessLevels[base_role] }));
  return { results, total: results.length, base_roles };
}
