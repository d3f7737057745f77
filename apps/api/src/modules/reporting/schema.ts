import { foreignKey, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A saved chart (/reporting/charts): a dataset, measure, group-by, filters, chart type, scope and
 * the last `days` days, by its author, shown also to the roles it is shared with.
 */
export const reportingCharts = pgTable(
  'reporting_charts',
  {
    ...tenantColumns(),
    owner_id: integer().notNull(),
    name: text().notNull(),
    dataset: text().notNull(),
    measure: text().notNull(),
    group_by: text().notNull(),
    filters: jsonb().$type<Record<string, string>>().notNull().default({}),
    chart_type: text().notNull(),
    scope_level: text(),
    scope_id: integer(),
    days: integer().notNull().default(30),
    shared_role_ids: integer().array().notNull().default([]),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.owner_id, users),
    index().on(t.company_id, t.owner_id),
  ],
);
