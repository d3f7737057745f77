import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { activeFlag, tenantColumns, tenantPrimaryKey, tenantForeignKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

export const roles = pgTable(
  'roles',
  {
    ...tenantColumns(),
    name: text().notNull(),
    /** One of the seven built-in roles this role behaves as. */
    base_role: text().notNull(),
    access_level: integer().notNull(),
    is_active: activeFlag(),
    is_b2b: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

export const permissionGroups = pgTable(
  'permission_groups',
  {
    ...tenantColumns(),
    name: text().notNull(),
    /** Permission flags (contract `allPermissions`) this group grants. */
    permissions: text().array().notNull().default([]),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);

export const rolePermissionGroups = pgTable(
  'role_permission_groups',
  {
    company_id: integer().notNull(),
    role_id: integer().notNull(),
    permission_group_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.role_id, t.permission_group_id] }),
    tenantForeignKey(t.company_id, t.role_id, roles).onDelete('cascade'),
    tenantForeignKey(t.company_id, t.permission_group_id, permissionGroups).onDelete('cascade'),
  ],
);
