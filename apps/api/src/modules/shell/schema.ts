import { sql } from 'drizzle-orm';
import { foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, tenantForeignKey } from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Per-company settings of the shell's menu (SPEC.md section 2): which All Lotus Resources entries
 * show, the permission the group needs and the host-bound Reporting link. A company without a row
 * uses the defaults of `menuSettingsDefaults`, which reproduce SPEC.md's companies 25, 36, 37, 52.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    company_id: integer().notNull(),
    lotus_resources: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lotus_group_permission: text(),
    reporting_link_host: text(),
    reporting_link_url: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id] }),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
  ],
);

/** A user's own choices that outlive a sign-out (which clears the browser): light or dark. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    company_id: integer().notNull(),
    user_id: integer().notNull(),
    theme_mode: text(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.user_id] }),
    tenantForeignKey(t.company_id, t.user_id, users),
  ],
);
