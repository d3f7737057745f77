import { and, asc, inArray } from 'drizzle-orm';
import { orderStatusMachine, type OrderStatus } from '@portal/contract/resources/orders';
import type { WidgetRow } from '@portal/contract/oneview';
import { dollars } from '@portal/contract/resources/sales';
import { defineWidget } from '../../platform/widgets.ts';
import { tenantScope } from '../../db/columns.ts';
import { placeNameOf } from '../organisation/api.ts';
import { orders } from './schema.ts';

/** An order the warehouse or the store still has to act on: neither received nor canceled. */
const openStatuses = [
  'open',
  'submitted',
  'pending_shipment',
  'under_review',
  'shipped',
] as const satisfies readonly OrderStatus[];
const statusLabels = new Map<string, string>(Object.entries(orderStatusMachine.labels));

/** Store orders as OneView widgets. */
export const ordersWidgets = [
  defineWidget({
    key: 'open_store_orders',
    title: 'Open store orders',
    description: 'Orders of the scope’s stores not yet received or canceled',
    kind: 'records',
    subject: 'scope',
    permission: 'read_orders',
    needsAction: true,
    w: 3,
    h: 3,
    async rows(db, ctx, scope): Promise<WidgetRow[]> {
      if (!scope.storeIds.length) return [];
      const rows = await db
        .select({
          id: orders.id,
          status: orders.status,
          kind: orders.kind,
          total_cents: orders.total_cents,
          user_id: orders.created_by,
          store_name: placeNameOf('store', orders.company_id, orders.store_id),
        })
        .from(orders)
        .where(
          and(
            tenantScope(orders, ctx),
            inArray(orders.store_id, scope.storeIds),
            inArray(orders.status, openStatuses),
          ),
        )
        .orderBy(asc(orders.id));
      return rows.map((row) => ({
        user_id: row.user_id,
        name: `Order ${row.id}`,
        store_name: row.store_name,
        detail: `${statusLabels.get(row.status) ?? row.status} · ${row.kind} · ${dollars(row.total_cents)}`,
        worked_hours: null,
        scheduled_hours: null,
        link: `/orders/${row.id}`,
      }));
    },
  }),
];
