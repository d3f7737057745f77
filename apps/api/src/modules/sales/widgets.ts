import { and, desc, gte, inArray, sql } from 'drizzle-orm';
import { dollars } from '@portal/contract/resources/sales';
import type { WidgetRow } from '@portal/contract/oneview';
import { defineWidget } from '../../platform/widgets.ts';
import { tenantScope } from '../../db/columns.ts';
import { placeNameOf } from '../organisation/api.ts';
import { namesOf } from '../users/api.ts';
import { sales } from './schema.ts';

/** Retail sales as OneView widgets. */
export const salesWidgets = [
  defineWidget({
    key: 'sales_today',
    title: 'Sales today',
    description: 'Sales completed today at the scope’s stores (returned ones included)',
    kind: 'records',
    subject: 'scope',
    permission: 'read_sales',
    w: 3,
    h: 3,
    async rows(db, ctx, scope): Promise<WidgetRow[]> {
      if (!scope.storeIds.length) return [];
      // Midnight of the scope's day, as an instant: the (store, completed_at) index serves it.
      const startOfToday = sql`(date_trunc('day', now() at time zone ${scope.timeZone}) at time zone ${scope.timeZone})`;
      const rows = await db
        .select({
          id: sales.id,
          total_cents: sales.total_cents,
          completed_at: sales.completed_at,
          user_id: sales.created_by,
          store_name: placeNameOf('store', sales.company_id, sales.store_id),
        })
        .from(sales)
        .where(
          and(
            tenantScope(sales, ctx),
            inArray(sales.store_id, scope.storeIds),
            inArray(sales.status, ['completed', 'returned']),
            gte(sales.completed_at, startOfToday),
          ),
        )
        .orderBy(desc(sales.completed_at), desc(sales.id));
      const associates = await namesOf(
        db,
        ctx.companyId,
        rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
      );
      return rows.map((row) => ({
        user_id: row.user_id,
        name: `Sale ${row.id}`,
        store_name: row.store_name,
        detail: [dollars(row.total_cents), row.user_id && associates.get(row.user_id)]
          .filter(Boolean)
          .join(' · '),
        worked_hours: null,
        scheduled_hours: null,
        link: `/simple-sale/view/${row.id}`,
      }));
    },
  }),
];
