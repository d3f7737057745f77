import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { activeFlag, tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { stores } from '../organisation/schema.ts';
import { hrDepartmentRoles } from '../hr/schema.ts';

/**
 * A store's shift templates (/hr/shift): a start and end time of day ('HH:MM', the store's local
 * time; an end at or before the start ends the next day) and the department role it is worked as.
 * The schedule grid's palette; a scheduled shift keeps the id of the template it was made from.
 */
export const hrShiftTemplates = pgTable(
  'hr_shift_templates',
  {
    ...tenantColumns(),
    store_id: integer().notNull(),
    name: text().notNull(),
    start_time: text().notNull(),
    end_time: text().notNull(),
    department_role_id: integer(),
    is_active: activeFlag(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.store_id, stores),
    tenantForeignKey(t.company_id, t.department_role_id, hrDepartmentRoles),
    unique().on(t.company_id, t.store_id, t.name),
  ],
);
