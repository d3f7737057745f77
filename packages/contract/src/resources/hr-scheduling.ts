import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name } from '../fields.ts';
import { clockTime } from './organisation.ts';

/**
 * A shift template of a store (/hr/shift): a named start and end time of day, worked as a
 * department role. An end at or before the start means the shift ends the next day (a night shift).
 */
export const shiftTemplateSchema = z.object({
  id,
  company_id: id,
  store_id: id,
  name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  department_role_id: id.nullable(),
  is_active: z.boolean(),
  created_at: isoDateTime,
});
export type ShiftTemplate = z.infer<typeof shiftTemplateSchema>;

const shiftTemplateWritable = z.strictObject({
  store_id: id,
  name,
  start_time: clockTime,
  end_time: clockTime,
  department_role_id: id.nullable().default(null),
  is_active: z.boolean().default(true),
});

export const shiftTemplates = defineResource({
  name: 'hr_shift_templates',
  path: '/hr-shift-templates',
  label: { one: 'Shift Template', many: 'Shift Templates' },
  row: shiftTemplateSchema,
  create: shiftTemplateWritable,
  update: shiftTemplateWritable.partial(),
  messages: resourceMessages('Shift template', 'created'),
  afterSave: '/hr/shift',
  deleteMode: 'remove',
  searchFields: ['name'],
  queryFields: [
    'id',
    'name',
    'store_id',
    'start_time',
    'end_time',
    'department_role_id',
    'is_active',
    'created_at',
  ],
  defaultSort: 'start_time',
});

/** Department roles as the engine lists them (GET /hr-department-roles), for selects and columns. */
export const departmentRoleSchema = z.object({ id, name: z.string(), is_active: z.boolean() });
export const departmentRoleList = {
  name: 'hr_department_roles',
  path: '/hr-department-roles',
  label: { one: 'Department Role', many: 'Department Roles' },
  row: departmentRoleSchema,
  defaultSort: 'name',
} as const;
