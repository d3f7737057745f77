import { and, eq, inArray } from 'drizzle-orm';
import { crossCompanyPermissions, isPermission } from '@portal/contract/permissions';
import { isRoleKey, roleAccessLevels, type RoleKey } from '@portal/contract/roles';
import type { Executor } from '../../platform/database.ts';
import { hasPermission, isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { permissionGroups, rolePermissionGroups, roles } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * The one rule of rank (issue 12): whom a user may act on and what they may hand out.
 *
 * - Rank is the role's access level, except that the platform's super admin ranks above every
 *   company role (super_admin and master_agent share access level 4, ranks 5 and 4).
 * - A user acts on another user (password, email, role, lock, enable, delete, terminate, PIN,
 *   face, stores, records) only if that user is themselves or strictly below them, and creates
 *   (or moves someone into) only roles strictly below them: nobody makes a peer.
 * - Nobody grants a permission they do not hold, directly, through a permission group or through
 *   a role; permissions that reach across companies are the super admin's alone.
 * - A role (and a permission group on it) is changed only by someone strictly above it: nobody
 *   edits their own role or a peer's.
 */
export const SUPER_ADMIN_RANK = 5;

export const rankOf = (baseRole: string): number =>
  baseRole === 'super_admin'
    ? SUPER_ADMIN_RANK
    : isRoleKey(baseRole)
      ? roleAccessLevels[baseRole]
      : 1;

export const callerRank = (ctx: RequestContext) => rankOf(ctx.baseRole);

export const rankMessages = {
  higherUser: 'You cannot change a user at or above your own level',
  notOnSelf: 'Someone above you makes this change for you',
  higherRole: 'You cannot give a role at or above your own level',
  roleNotBelow: 'You cannot change a role at or above your own level',
  notHeld: 'You cannot give a permission you do not have',
  superAdminOnly: 'Only the super admin can give this permission',
  inactiveRole: 'This role is inactive: activate it first, or choose an active role',
} as const;

/**
 * Whether the caller may act on a user: themselves, or a user strictly below them. The users module
 * loads the target and applies it (`assertMayActOn` in users/act-on.ts); lists use it for a row's
 * `can_manage`.
 */
export const mayActOn = (
  ctx: RequestContext,
  target: { id: number; company_id: number; base_role: string },
) =>
  (target.id === ctx.userId && target.company_id === ctx.companyId) ||
  callerRank(ctx) > rankOf(target.base_role);

/** The base role of a company's role (for the rank of a user holding it), or null. */
export async function baseRoleOf(
  db: Executor,
  companyId: number,
  roleId: number,
): Promise<string | null> {
  const [role] = await db
    .select({ base_role: roles.base_role })
    .from(roles)
    .where(and(tenantScope(roles, companyId), eq(roles.id, roleId)));
  return role?.base_role ?? null;
}

/** Permissions the caller may put in a group or a role: those they hold, never a cross-company one. */
export const mayGrant = (ctx: RequestContext, permission: string) =>
  isPermission(permission) &&
  (isSuperAdmin(ctx) ||
    (!(crossCompanyPermissions as readonly string[]).includes(permission) &&
      hasPermission(ctx, permission)));

export function assertMayGrant(ctx: RequestContext, permissions: readonly string[]) {
  for (const permission of permissions) {
    if (mayGrant(ctx, permission)) continue;
    throw AppError.forbidden(
      (crossCompanyPermissions as readonly string[]).includes(permission)
        ? rankMessages.superAdminOnly
        : rankMessages.notHeld,
    );
  }
}

/**
 * A base role the caller may give a user: strictly below their own rank (a master agent creates no
 * other master agent, a store manager no other store manager); the super admin gives any.
 */
export const mayAssignBaseRole = (ctx: RequestContext, baseRole: RoleKey) =>
  isSuperAdmin(ctx) || rankOf(baseRole) < callerRank(ctx);

/** Whether the caller may give a role with these permissions (its groups'): see `assertMayAssignRole`. */
export const mayAssignRoleWith = (
  ctx: RequestContext,
  role: { base_role: string },
  permissions: readonly string[],
) =>
  isRoleKey(role.base_role) &&
  mayAssignBaseRole(ctx, role.base_role) &&
  permissions.every((permission) => mayGrant(ctx, permission));

/** Every role's permissions through its groups, for checking many roles at once (lists, CSV rows). */
export async function permissionsByRole(
  db: Executor,
  companyId: number,
): Promise<Map<number, string[]>> {
  const links = await db
    .select({ role_id: rolePermissionGroups.role_id, permissions: permissionGroups.permissions })
    .from(rolePermissionGroups)
    .innerJoin(
      permissionGroups,
      and(
        tenantScope(permissionGroups, rolePermissionGroups.company_id),
        eq(permissionGroups.id, rolePermissionGroups.permission_group_id),
      ),
    )
    .where(tenantScope(rolePermissionGroups, companyId));
  const byRole = new Map<number, string[]>();
  for (const link of links)
    byRole.set(link.role_id, [...(byRole.get(link.role_id) ?? []), ...link.permissions]);
  return byRole;
}

/** The permission flags a set of permission groups grants (active groups only). */
export async function permissionsOfGroups(
  db: Executor,
  companyId: number,
  groupIds: readonly number[],
): Promise<string[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select({ permissions: permissionGroups.permissions })
    .from(permissionGroups)
    .where(
      and(tenantScope(permissionGroups, companyId), inArray(permissionGroups.id, [...groupIds])),
    );
  return [...new Set(rows.flatMap((row) => row.permissions))];
}

async function permissionsOfRole(db: Executor, companyId: number, roleId: number) {
  const links = await db
    .select({ id: rolePermissionGroups.permission_group_id })
    .from(rolePermissionGroups)
    .where(
      and(tenantScope(rolePermissionGroups, companyId), eq(rolePermissionGroups.role_id, roleId)),
    );
  return permissionsOfGroups(
    db,
    companyId,
    links.map((link) => link.id),
  );
}

/**
 * Giving a user a role: a base role strictly below the caller's rank (any by the super admin)
 * whose permissions the caller holds. Throws 400 for an unknown role of the company.
 */
export async function assertMayAssignRole(
  db: Executor,
  ctx: RequestContext,
  companyId: number,
  roleId: number,
) {
  const [role] = await db
    .select({
      id: roles.id,
      base_role: roles.base_role,
      access_level: roles.access_level,
      is_active: roles.is_active,
    })
    .from(roles)
    .where(and(tenantScope(roles, companyId), eq(roles.id, roleId)));
  if (!role)
    throw AppError.badRequest('Unknown role', { role_id: ['Choose a role of this company'] });
  // An inactive role signs nobody in: giving it would lock its new holder out.
  if (!role.is_active)
    throw AppError.badRequest(rankMessages.inactiveRole, { role_id: [rankMessages.inactiveRole] });
  if (!isRoleKey(role.base_role) || !mayAssignBaseRole(ctx, role.base_role))
    throw AppError.forbidden(rankMessages.higherRole);
  if (!isSuperAdmin(ctx)) assertMayGrant(ctx, await permissionsOfRole(db, companyId, roleId));
  return role;
}

/** A base role the caller may make or manage a role of: strictly below their own rank. */
export const mayManageRoleOf = (ctx: RequestContext, baseRole: string) =>
  isSuperAdmin(ctx) || rankOf(baseRole) < callerRank(ctx);

/**
 * Changing a role (its name, base role, groups, active flag): only by someone strictly above it,
 * so nobody edits their own role or a peer's, and never to a base role above the caller.
 */
export function assertMayChangeRole(
  ctx: RequestContext,
  role: { base_role: string },
  next?: { base_role?: string },
) {
  if (!mayManageRoleOf(ctx, role.base_role)) throw AppError.forbidden(rankMessages.roleNotBelow);
  if (next?.base_role !== undefined && !mayManageRoleOf(ctx, next.base_role))
    throw AppError.forbidden(rankMessages.higherRole);
}

/**
 * Changing a permission group: the caller holds every permission it grants before and after, and
 * the group is on no role at or above the caller's rank (their own role included).
 */
export async function assertMayChangeGroup(
  db: Executor,
  ctx: RequestContext,
  group: { id: number; company_id: number; permissions: readonly string[] } | null,
  nextPermissions?: readonly string[],
) {
  if (isSuperAdmin(ctx)) return;
  if (nextPermissions) assertMayGrant(ctx, nextPermissions);
  if (!group) return;
  assertMayGrant(ctx, group.permissions);
  const holders = await db
    .select({ base_role: roles.base_role })
    .from(rolePermissionGroups)
    .innerJoin(
      roles,
      and(
        tenantScope(roles, rolePermissionGroups.company_id),
        eq(roles.id, rolePermissionGroups.role_id),
      ),
    )
    .where(
      and(
        tenantScope(rolePermissionGroups, group.company_id),
        eq(rolePermissionGroups.permission_group_id, group.id),
      ),
    );
  if (holders.some((holder) => rankOf(holder.base_role) >= callerRank(ctx)))
    throw AppError.forbidden(rankMessages.roleNotBelow);
}
