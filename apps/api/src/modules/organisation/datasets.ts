import { and, eq, inArray } from 'drizzle-orm';
import { defineDataset } from '../../platform/datasets.ts';
import { tenantScope } from '../../db/columns.ts';
import { stores } from './schema.ts';

/** The active stores in scope (a count per store, district or region; by month they opened). */
export const storesDataset = defineDataset({
  key: 'stores',
  title: 'Stores',
  description: 'Active stores in scope; by day, week or month they were added',
  permission: 'read_stores',
  measures: [{ key: 'stores', label: 'Stores' }],
  groupBys: ['store', 'district', 'region', 'day', 'week', 'month'],
  filters: [],
  facts: async (db, ctx, range) => {
    if (!range.storeIds.length) return [];
    const rows = await db
      .select({ id: stores.id, created_at: stores.created_at })
      .from(stores)
      .where(
        and(
          tenantScope(stores, ctx.companyId),
          eq(stores.is_active, true),
          inArray(stores.id, range.storeIds),
        ),
      );
    return rows.map((r) => ({
      user_id: null,
      store_id: r.id,
      date: r.created_at.slice(0, 10),
      values: { stores: 1 },
      attrs: {},
    }));
  },
});

export const organisationDatasets = [storesDataset];
