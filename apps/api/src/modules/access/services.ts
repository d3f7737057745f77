import { and, eq, inArray } from 'drizzle-orm';
import {
  permissionGroups as permissionGroupResource,
  roles as roleResource,
} from '@portal/contract/resources/access';
import { roleAccessLevels } from '@portal/contract/roles';
import { createResourceService } from '../../platform/resources/service.ts';
import { roleRemoving } from './hooks.ts';
import { assertMayAssignBaseRole } from './assignable.ts';
import { permissionGroups, rolePermissionGroups, roles } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export const roleService = createResourceService({
  definition: roleResource,
  table: roles,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx) {
      assertMayAssignBaseRole(ctx, input.base_role);
      return { ...input, access_level: roleAccessLevels[input.base_role] };
    },
    async beforeUpdate(input, existing, ctx) {
      // Nobody edits a role above their own level, nor lifts one there.
      assertMayAssignBaseRole(ctx, String(existing.base_role));
      if (input.base_role) assertMayAssignBaseRole(ctx, input.base_role);
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
    async beforeRemove(row, _ctx, tx) {
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

export const permissionGroupService = createResourceService({
  definition: permissionGroupResource,
  table: permissionGroups,
  tenantColumn: 'company_id',
});
