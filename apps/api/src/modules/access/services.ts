import { and, eq, inArray } from 'drizzle-orm';
import {
  permissionGroups as permissionGroupResource,
  roles as roleResource,
} from '@portal/contract/resources/access';
import { roleAccessLevels } from '@portal/contract/roles';
import type { Tx } from '../../platform/database.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import { roleRemoving } from './hooks.ts';
import { assertMayAssignBaseRole } from './assignable.ts';
import {
  assertMayChangeGroup,
  assertMayChangeRole,
  assertMayGrant,
  permissionsOfGroups,
} from './rank.ts';
import { permissionGroups, rolePermissionGroups, roles } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export const roleService = createResourceService({
  definition: roleResource,
  table: roles,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx, tx) {
      // Roles are made strictly below the maker, with permissions the maker holds (rank.ts).
      assertMayAssignBaseRole(ctx, input.base_role);
      assertMayChangeRole(ctx, { base_role: input.base_role });
      await assertMayGrantGroups(tx, ctx, input.permission_group_ids);
      return { ...input, access_level: roleAccessLevels[input.base_role] };
    },
    async beforeUpdate(input, existing, ctx, tx) {
      // Nobody edits their own role, a peer's or one above, nor lifts one there (rank.ts).
      assertMayAssignBaseRole(ctx, String(existing.base_role));
      if (input.base_role) assertMayAssignBaseRole(ctx, input.base_role);
      assertMayChangeRole(ctx, { base_role: String(existing.base_role) }, input);
      await assertMayGrantGroups(tx, ctx, input.permission_group_ids);
      if (input.permission_group_ids !== undefined || input.base_role !== undefined)
        await recordSecurityEvent(tx, {
          kind: 'permissions_changed',
          companyId: Number(existing.company_id),
          actorId: ctx.userId,
          detail: {
            role_id: existing.id,
            role: String(existing.name),
            base_role: input.base_role ?? String(existing.base_role),
            permission_group_ids: input.permission_group_ids?.join(',') ?? null,
          },
        });
      return input.base_role
        ? { ...input, access_level: roleAccessLevels[input.base_role] }
        : { ...input };
    },
    async afterWrite(row, input, ctx, tx) {
      const ids = input.permission_group_ids;
      if (!Array.isArray(ids)) return;
      const groupIds = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
      await tx
        .delete(rolePermissionGroups)
        .where(
          and(
            tenantScope(rolePermissionGroups, ctx.companyId),
            eq(rolePermissionGroups.role_id, row.id),
          ),
        );
      if (groupIds.length) {
        await tx.insert(rolePermissionGroups).values(
          groupIds.map((permission_group_id) => ({
            company_id: ctx.companyId,
            role_id: row.id,
            permission_group_id,
          })),
        );
      }
    },
    /** SPEC.md: a role still held by users is neither deactivated nor activated silently. */
    async beforeRemove(row, ctx, tx) {
      assertMayChangeRole(ctx, { base_role: String(row.base_role) });
      // The engine runs this hook for an activation too: activating a role locks nobody out, even
      // one that users hold (an earlier release let an inactive role be given).
      if (row.is_active === false) return;
      await roleRemoving.run(tx, { companyId: Number(row.company_id), roleId: row.id });
    },
    async decorate(rows, _ctx, db) {
      if (!rows.length) return;
      const links = await db
        .select()
        .from(rolePermissionGroups)
        .where(
          inArray(
            rolePermissionGroups.role_id,
            rows.map((row) => row.id),
          ),
        );
      for (const row of rows) {
        row.permission_group_ids = links
          .filter((link) => link.role_id === row.id && link.company_id === row.company_id)
          .map((link) => link.permission_group_id);
      }
    },
  },
});

/** The permissions of groups about to be put on a role: all held by the caller (rank.ts). */
async function assertMayGrantGroups(tx: Tx, ctx: RequestContext, ids: unknown) {
  if (!Array.isArray(ids) || isSuperAdmin(ctx)) return;
  const groupIds = ids.filter((v): v is number => typeof v === 'number');
  assertMayGrant(ctx, await permissionsOfGroups(tx, ctx.companyId, groupIds));
}

const groupOf = (row: Row) => ({
  id: row.id,
  company_id: Number(row.company_id),
  permissions: Array.isArray(row.permissions) ? row.permissions.map(String) : [],
});

export const permissionGroupService = createResourceService({
  definition: permissionGroupResource,
  table: permissionGroups,
  tenantColumn: 'company_id',
  hooks: {
    // Nobody grants what they do not hold, nor changes a group on their own role or above (rank.ts).
    async beforeCreate(input, ctx, tx) {
      await assertMayChangeGroup(tx, ctx, null, input.permissions);
      return { ...input };
    },
    async beforeUpdate(input, existing, ctx, tx) {
      await assertMayChangeGroup(tx, ctx, groupOf(existing), input.permissions);
      if (input.permissions !== undefined)
        await recordSecurityEvent(tx, {
          kind: 'permissions_changed',
          companyId: Number(existing.company_id),
          actorId: ctx.userId,
          detail: {
            permission_group_id: existing.id,
            permission_group: String(existing.name),
            permissions: input.permissions.join(','),
          },
        });
      return { ...input };
    },
    async beforeRemove(row, ctx, tx) {
      await assertMayChangeGroup(tx, ctx, groupOf(row));
    },
  },
});
