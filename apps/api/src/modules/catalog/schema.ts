import { foreignKey, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

export const categories = pgTable(
  'categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ],
);
