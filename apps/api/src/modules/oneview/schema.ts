import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { WidgetPosition } from '@portal/contract/oneview';
import { tenantColumns, tenantForeignKey, tenantPrimaryKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * The company's OneView layouts: one row per widget placed in a mode (1 normal, 2 manager,
 * 3 employee). A locked widget cannot be moved or removed, by anyone, until an admin unlocks it.
 */
export const oneviewCompanyWidgets = pgTable(
  'oneview_company_widgets',
  {
    ...tenantColumns(),
    mode: integer().notNull(),
    widget_key: text().notNull(),
    x: integer().notNull(),
    y: integer().notNull(),
    w: integer().notNull(),
    h: integer().notNull(),
    locked: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.mode, t.widget_key),
  ],
);

/** A user's personal layout of their mode (it follows them to any browser). */
export const oneviewUserLayouts = pgTable(
  'oneview_user_layouts',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    mode: integer().notNull(),
    widgets: jsonb().$type<WidgetPosition[]>().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    unique().on(t.company_id, t.user_id, t.mode),
    index().on(t.company_id, t.mode),
  ],
);

/** The company's OneView background image (one per company). */
export const oneviewSettings = pgTable(
  'oneview_settings',
  {
    ...tenantColumns(),
    background_url: text(),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id),
  ],
);
