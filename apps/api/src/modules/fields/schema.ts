import { boolean, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey, tenantForeignKey } from '../../db/columns.ts';
import { roles } from '../access/schema.ts';
import { companies } from '../organisation/schema.ts';

export const moduleFields = pgTable(
  'module_fields',
  {
    ...tenantColumns(),
    module: text().notNull(),
    field_key: text().notNull(),
    label: text().notNull(),
    is_visible: boolean().notNull().default(true),
    is_required: boolean().notNull().default(false),
    order: integer().notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.module, t.field_key),
    index().on(t.company_id, t.module, t.order),
  ],
);

/** Per-role visibility of a module field. */
export const roleModuleFields = pgTable(
  'role_module_fields',
  {
    ...tenantColumns(),
    role_id: integer().notNull(),
    module_field_id: integer().notNull(),
    is_visible: boolean().notNull().default(true),
    is_editable: boolean().notNull().default(true),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.role_id, roles),
    tenantForeignKey(t.company_id, t.module_field_id, moduleFields).onDelete('cascade'),
    unique().on(t.company_id, t.role_id, t.module_field_id),
  ],
);
