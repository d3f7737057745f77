import { and, inArray, sql } from 'drizzle-orm';
import { orderStatusMachine } from '@portal/contract/resources/orders';
import {
  defineDataset,
  labelOptions,
  localDateInRange,
  localDateSql,
} from '../../platform/datasets.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeTimeZoneOf } from '../organisation/api.ts';
import { orderLines, orders } from './schema.ts';

/**
 * Store orders from the warehouse of the stores in scope, dated by when they were started in the
 * store's time zone, charted by who started them (employee), store, the wider places and period.
 */
export const ordersDataset = defineDataset({
  key: 'orders',
  title: 'Store orders',
  description:
    'Orders of the stores from the warehouse: orders, their value in dollars and units, by the day they were started',
  permission: 'read_orders',
  measures: [
    { key: 'orders', label: 'Orders', snapshot: true },
    { key: 'total_cents', label: 'Order value', money: true, snapshot: true },
    { key: 'units', label: 'Units ordered' },
  ],
  groupBys: ['employee', 'store', 'district', 'region', 'day', 'week', 'month'],
  filters: [
    { key: 'status', label: 'Status', options: labelOptions(orderStatusMachine.labels) },
    {
      key: 'kind',
      label: 'Kind',
      options: [
        { value: 'device', label: 'Devices' },
        { value: 'accessory', label: 'Accessories' },
      ],
    },
  ],
  facts: async (db, ctx, range) => {
    if (!range.storeIds.length) return [];
    const zone = storeTimeZoneOf(orders.company_id, orders.store_id);
    const rows = await db
      .select({
        user_id: orders.created_by,
        store_id: orders.store_id,
        date: localDateSql(orders.created_at, zone),
        total_cents: orders.total_cents,
        status: orders.status,
        kind: orders.kind,
        units: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines}
          where ${tenantScope(orderLines, orders.company_id)} and ${orderLines.order_id} = ${orders.id})`,
      })
      .from(orders)
      .where(
        and(
          tenantScope(orders, ctx.companyId),
          inArray(orders.store_id, range.storeIds),
          localDateInRange(orders.created_at, zone, range),
        ),
      );
    return rows.map((r) => ({
      user_id: r.user_id,
      store_id: r.store_id,
      date: r.date,
      values: { orders: 1, total_cents: r.total_cents, units: Number(r.units) },
      attrs: { status: r.status, kind: r.kind },
    }));
  },
});

export const ordersDatasets = [ordersDataset];
