import { z } from 'zod';
import { defineResource, resourceMessages } from '../resource.ts';
import { id, isoDateTime, name, optionalText } from '../fields.ts';

export const categorySchema = z.object({
  id,
  company_id: id,
  name: z.string(),
  description: z.string().nullable(),
  created_at: isoDateTime,
});
export type Category = z.infer<typeof categorySchema>;
const categoryWritable = z.strictObject({ name, description: optionalText(500) });

export const categories = defineResource({
  name: 'categories',
  path: '/categories',
  label: { one: 'Category', many: 'Categories' },
  row: categorySchema,
  create: categoryWritable,
  update: categoryWritable.partial(),
  messages: resourceMessages('Category', 'added'),
  afterSave: '/categories',
  deleteMode: 'remove',
  searchFields: ['name', 'description'],
  queryFields: ['id', 'name', 'company_id', 'created_at'],
  defaultSort: 'name',
});
