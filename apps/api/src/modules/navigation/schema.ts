import { boolean, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey, tenantForeignKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

export const embedsAndLinks = pgTable(
  'embeds_and_links',
  {
    ...tenantColumns(),
    slug: text().notNull(),
    title: text().notNull(),
    url: text().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.slug),
  ],
);

export const sidebarItems = pgTable(
  'sidebar_items',
  {
    ...tenantColumns(),
    name: text().notNull(),
    route: text(),
    external_link: text(),
    parent_id: integer(),
    order: integer().notNull().default(0),
    icon: text(),
    embed_and_links_id: integer(),
    powerbi_report_id: text(),
    permission: text(),
    is_deleted: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.parent_id, t),
    tenantForeignKey(t.company_id, t.embed_and_links_id, embedsAndLinks),
    index().on(t.company_id, t.parent_id, t.order),
  ],
);

export const requiredFields = pgTable(
  'required_fields',
  {
    ...tenantColumns(),
    type: text().notNull(),
    title: text().notNull(),
    order: integer().notNull().default(0),
    is_required: boolean().notNull().default(true),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    index().on(t.company_id, t.type, t.order),
  ],
);
