import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name } from '../fields.ts';
import { allPermissions } from '../permissions.ts';
import { roleKeys } from '../roles.ts';

export const roleSchema = z.object({
  id,
  company_id: id,
  name,
  base_role: z.enum(roleKeys),
  access_level: z.number().int().min(1).max(4),
  is_active: z.boolean(),
  is_b2b: z.boolean(),
  permission_group_ids: z.array(id),
  created_at: isoDateTime,
});
export type Role = z.infer<typeof roleSchema>;
const roleWritable = z.strictObject({
  name,
  base_role: z.enum(roleKeys),
  is_b2b: z.boolean().default(false),
  permission_group_ids: z.array(id).max(200).default([]),
});

export const roles = defineResource({
  name: 'roles',
  path: '/roles',
  label: { one: 'Role', many: 'Roles' },
  row: roleSchema,
  create: roleWritable,
  update: roleWritable.partial(),
  messages: resourceMessages('Role', 'added'),
  afterSave: '/admin-role-settings',
  deleteMode: 'deactivate',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'base_role', 'access_level', 'is_active', 'is_b2b', 'company_id'],
  defaultSort: 'name',
});

export const permissionGroupSchema = z.object({
  id,
  company_id: id,
  name,
  permissions: z.array(z.enum(allPermissions)),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
const permissionGroupWritable = z.strictObject({
  name,
  permissions: z.array(z.enum(allPermissions)).max(allPermissions.length).default([]),
});

export const permissionGroups = defineResource({
  name: 'permission_groups',
  path: '/permission-groups',
  label: { one: 'Permission Group', many: 'Permission Groups' },
  row: permissionGroupSchema,
  create: permissionGroupWritable,
  update: permissionGroupWritable.partial(),
  messages: resourceMessages('Permission Group', 'added'),
  afterSave: '/districts',
  deleteMode: 'remove',
  searchFields: ['name'],
  queryFields: ['id', 'name', 'company_id'],
  defaultSort: 'name',
});
