import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPrimaryKey, tenantForeignKey } from '../../db/columns.ts';
import { districts, regions, stores } from '../organisation/schema.ts';
import { users } from '../users/schema.ts';

/** Which stores a user works at; at most one is primary. */
export const userStores = pgTable(
  'user_stores',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    store_id: integer().notNull(),
    is_primary: boolean().notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.store_id, stores),
    unique().on(t.company_id, t.user_id, t.store_id),
    uniqueIndex('user_stores_one_primary')
      .on(t.company_id, t.user_id)
      .where(sql`${t.is_primary}`),
    index().on(t.company_id, t.store_id),
  ],
);

export const userRegions = pgTable(
  'user_regions',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    region_id: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.region_id, regions),
    unique().on(t.company_id, t.user_id, t.region_id),
  ],
);

export const userDistricts = pgTable(
  'user_districts',
  {
    ...tenantColumns(),
    user_id: integer().notNull(),
    district_id: integer().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.user_id, users),
    tenantForeignKey(t.company_id, t.district_id, districts),
    unique().on(t.company_id, t.user_id, t.district_id),
  ],
);
