import { and, inArray, sql } from 'drizzle-orm';
import { saleKindLabels, saleStatusMachine } from '@portal/contract/resources/sales';
import {
  defineDataset,
  labelOptions,
  localDateInRange,
  localDateSql,
} from '../../platform/datasets.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeTimeZoneOf } from '../organisation/api.ts';
import { saleLines, sales } from './schema.ts';

/** The statuses a sale counts in: completed, and returned after completing (held and voided never sold). */
const soldStatuses = ['completed', 'returned'] as const;

/**
 * Retail sales of the stores in scope, dated by completion in the store's time zone, charted by
 * the associate who rang them up (employee), store and the wider places, day, week and month.
 */
export const salesDataset = defineDataset({
  key: 'sales',
  title: 'Sales',
  description:
    'Completed sales (returned ones included): sales, revenue and refunds in dollars, units, by completion date',
  permission: 'read_sales',
  measures: [
    { key: 'sales', label: 'Sales', snapshot: true },
    { key: 'revenue_cents', label: 'Revenue', money: true, snapshot: true },
    { key: 'refunds_cents', label: 'Refunds', money: true },
    { key: 'units', label: 'Units sold' },
  ],
  groupBys: ['employee', 'store', 'district', 'region', 'day', 'week', 'month'],
  filters: [
    {
      key: 'status',
      label: 'Status',
      options: labelOptions(saleStatusMachine.labels).filter((o) =>
        (soldStatuses as readonly string[]).includes(o.value),
      ),
    },
    { key: 'kind', label: 'Kind', options: labelOptions(saleKindLabels) },
  ],
  facts: async (db, ctx, range) => {
    if (!range.storeIds.length) return [];
    const zone = storeTimeZoneOf(sales.company_id, sales.store_id);
    const rows = await db
      .select({
        user_id: sales.created_by,
        store_id: sales.store_id,
        date: localDateSql(sales.completed_at, zone),
        total_cents: sales.total_cents,
        refunded_cents: sales.refunded_cents,
        status: sales.status,
        kind: sales.kind,
        units: sql<number>`(select coalesce(sum(${saleLines.quantity}), 0)::int from ${saleLines}
          where ${tenantScope(saleLines, sales.company_id)} and ${saleLines.sale_id} = ${sales.id})`,
      })
      .from(sales)
      .where(
        and(
          tenantScope(sales, ctx.companyId),
          inArray(sales.store_id, range.storeIds),
          inArray(sales.status, [...soldStatuses]),
          localDateInRange(sales.completed_at, zone, range),
        ),
      );
    return rows.map((r) => ({
      user_id: r.user_id,
      store_id: r.store_id,
      date: r.date,
      values: {
        sales: 1,
        revenue_cents: r.total_cents,
        refunds_cents: r.refunded_cents,
        units: Number(r.units),
      },
      attrs: { status: r.status, kind: r.kind },
    }));
  },
});

export const salesDatasets = [salesDataset];
