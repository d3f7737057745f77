import { and, eq, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ORDERS_LATE_AFTER_DAYS } from '@portal/contract/resources/orders';
import { tenantScope } from '../../db/columns.ts';
import type { Database, Tx } from '../../platform/database.ts';
import { defineJob } from '../../platform/jobs.ts';
import { resourceHistory } from '../../platform/resources/schema.ts';
import { defineSetting, readSetting } from '../../platform/settings.ts';
import { asCompany, asSystem } from '../../platform/tenant-connection.ts';
import { districtOverseersOf } from '../assignments/api.ts';
import { notify } from '../notifications/api.ts';
import { placeNameOf, storeDistrictOf } from '../organisation/api.ts';
import { openTicket, ticketTypeNamed } from '../tickets/api.ts';
import { orderLateFlags, orders } from './schema.ts';

/** Days after its shipment before an order the store has not received is late (inherited). */
export const lateAfterDaysSetting = defineSetting({
  key: ORDERS_LATE_AFTER_DAYS,
  label: 'Days before a shipped order is late',
  schema: z.number().int().min(1).max(365),
  default: 5,
});

/** The ticket type late orders' tickets carry (made on first use in each company). */
export const LATE_ORDER_TICKET_TYPE = 'Late order';

const DAY_MS = 24 * 3600 * 1000;

interface Candidate {
  id: number;
  store_id: number;
  store_name: string | null;
  district_id: number | null;
  shipped_at: string;
}

/**
 * One pass as of `now` (issue 16 item 5, issue 18 item 5): every shipped order not yet received
 * whose last move into `shipped` is at least its store's `orders.late_after_days` old, and that was
 * never flagged, is flagged once: in one transaction per order, an order_late_flags row (its
 * unique key is the once-only guard: a second pass, or a second instance, inserts nothing), a
 * ticket of the type "Late order" for the store and its district with the order's address in it,
 * and a notification to the people overseeing the store's district. Returns how many it flagged.
 */
export async function runLateOrders(db: Database, now = Date.now()): Promise<number> {
  const companies = await asSystem(() =>
    db
      .selectDistinct({ company_id: orders.company_id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'shipped'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(orderLateFlags)
              .where(
                and(
                  tenantScope(orderLateFlags, orders.company_id),
                  eq(orderLateFlags.order_id, orders.id),
                ),
              ),
          ),
        ),
      )
      .orderBy(orders.company_id),
  );
  let count = 0;
  for (const { company_id: companyId } of companies)
    count += await asCompany(companyId, () => flagCompany(db, companyId, now));
  return count;
}

/** The company's shipped, unflagged orders with when they last shipped. */
async function candidatesOf(db: Database, companyId: number): Promise<Candidate[]> {
  const shippedAt = sql<string>`(select max(${resourceHistory.created_at}) from ${resourceHistory} where ${and(
    tenantScope(resourceHistory, orders.company_id),
    eq(resourceHistory.resource, 'orders'),
    eq(resourceHistory.record_id, orders.id),
    eq(resourceHistory.to_status, 'shipped'),
  )})`;
  const rows = await db
    .select({
      id: orders.id,
      store_id: orders.store_id,
      store_name: placeNameOf('store', orders.company_id, orders.store_id),
      district_id: storeDistrictOf(orders.company_id, orders.store_id),
      shipped_at: shippedAt,
    })
    .from(orders)
    .where(
      and(
        tenantScope(orders, companyId),
        eq(orders.status, 'shipped'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderLateFlags)
            .where(
              and(
                tenantScope(orderLateFlags, orders.company_id),
                eq(orderLateFlags.order_id, orders.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(orders.id);
  return rows.flatMap((row) =>
    row.shipped_at === null
      ? []
      : [
          {
            ...row,
            district_id: row.district_id === null ? null : Number(row.district_id),
            shipped_at: new Date(row.shipped_at).toISOString(),
          },
        ],
  );
}

async function flagCompany(db: Database, companyId: number, now: number) {
  const candidates = await candidatesOf(db, companyId);
  const daysByStore = new Map<number, number>();
  let count = 0;
  for (const order of candidates) {
    let days = daysByStore.get(order.store_id);
    if (days === undefined) {
      days = await readSetting(db, { companyId }, lateAfterDaysSetting, order.store_id);
      daysByStore.set(order.store_id, days);
    }
    if (Date.parse(order.shipped_at) + days * DAY_MS > now) continue;
    const lateDays = days;
    if (await db.transaction((tx) => flagOrder(tx, companyId, order, lateDays))) count += 1;
  }
  return count;
}

/** Flags one order in the caller's transaction; false when it moved on or was flagged meanwhile. */
async function flagOrder(tx: Tx, companyId: number, order: Candidate, days: number) {
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(tenantScope(orders, companyId), eq(orders.id, order.id)))
    .for('update');
  if (current?.status !== 'shipped') return false;
  const [flag] = await tx
    .insert(orderLateFlags)
    .values({
      company_id: companyId,
      order_id: order.id,
      shipped_at: order.shipped_at,
      late_after_days: days,
    })
    .onConflictDoNothing()
    .returning({ id: orderLateFlags.id });
  if (!flag) return false;
  const store = order.store_name ?? `Store #${order.store_id}`;
  const shipped = order.shipped_at.slice(0, 10);
  const orderPath = `/orders/${order.id}`;
  const ticketId = await openTicket(tx, companyId, {
    subject: `Order #${order.id} not received ${days} ${days === 1 ? 'day' : 'days'} after shipping`,
    detail: `Order #${order.id} to ${store} was shipped on ${shipped} and has not been received after ${days} ${days === 1 ? 'day' : 'days'}.\n\nThe order: ${orderPath}`,
    source: 'internal',
    sentFromRoute: orderPath,
    requesterId: null,
    requesterEmail: null,
    storeId: order.store_id,
    supportTicketId: null,
    typeId: await ticketTypeNamed(
      tx,
      companyId,
      LATE_ORDER_TICKET_TYPE,
      'A shipped order the store has not received in time (opened by the late orders job)',
    ),
    districtId: order.district_id,
  });
  await tx
    .update(orderLateFlags)
    .set({ ticket_id: ticketId })
    .where(and(tenantScope(orderLateFlags, companyId), eq(orderLateFlags.id, flag.id)));
  const overseers =
    order.district_id === null
      ? []
      : ((await districtOverseersOf(tx, companyId, [order.district_id])).get(order.district_id) ??
        []);
  await notify(tx, companyId, {
    kind: 'order.late',
    userIds: overseers,
    title: `Order #${order.id} to ${store} has not been received`,
    body: `Order #${order.id} was shipped to ${store} on ${shipped} and has not been received after ${days} ${days === 1 ? 'day' : 'days'}. Ticket #${ticketId} is open for it.`,
    link: orderPath,
  });
  return true;
}

/** The late orders pass as a platform job (platform/jobs.ts), every hour by default. */
export const lateOrdersJob = (intervalSeconds = 3600) =>
  defineJob({
    name: 'orders.late_orders',
    intervalSeconds,
    retries: 1,
    async handler({ db, log }) {
      const count = await runLateOrders(db);
      if (count) log.info({ count }, 'flagged shipped orders not received in time');
    },
  });
