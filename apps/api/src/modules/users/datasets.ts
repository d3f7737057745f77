import { and, eq, inArray } from 'drizzle-orm';
import { defineDataset } from '../../platform/datasets.ts';
import { tenantScope } from '../../db/columns.ts';
import { users } from './schema.ts';

/**
 * Users whose current store is in scope. Dated by when they were added, but not limited by the
 * date range: the headcount is everyone there now (day/week/month group by their start).
 */
export const usersDataset = defineDataset({
  key: 'users',
  title: 'Users',
  description: 'People at the stores in scope (headcount); by day, week or month they were added',
  permission: 'read_users',
  measures: [{ key: 'users', label: 'Users' }],
  groupBys: ['employee', 'store', 'district', 'region', 'day', 'week', 'month'],
  filters: [
    {
      key: 'locked',
      label: 'Locked',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
  ],
  facts: async (db, ctx, range) => {
    if (!range.storeIds.length) return [];
    const rows = await db
      .select({
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        store_id: users.current_store,
        created_at: users.created_at,
        locked: users.is_locked,
      })
      .from(users)
      .where(
        and(
          tenantScope(users, ctx.companyId),
          eq(users.is_deleted, false),
          eq(users.is_active, true),
          inArray(users.current_store, range.storeIds),
        ),
      );
    return rows.map((r) => ({
      user_id: r.id,
      store_id: r.store_id,
      date: r.created_at.slice(0, 10),
      values: { users: 1 },
      attrs: { locked: r.locked ? 'yes' : 'no' },
    }));
  },
});

export const usersDatasets = [usersDataset];
