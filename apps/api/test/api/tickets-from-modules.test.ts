import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import type { Discrepancy } from '@portal/contract/resources/purchasing';
import { userDistricts } from '../../src/modules/assignments/schema.ts';
import { runLateOrders } from '../../src/modules/orders/late-orders.ts';
import { orderLateFlags } from '../../src/modules/orders/schema.ts';
import { tickets } from '../../src/modules/tickets/schema.ts';
import { resourceHistory } from '../../src/platform/resources/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { stockWarehouse } from '../support/warehouse-stock.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Tickets other modules open (issue 16 item 5, issue 18 item 5): a shipped order not received in
// time (the job orders.late_orders, run directly with a clock set from the order's own shipment)
// and "Open ticket" on a receipt discrepancy.

type Reply<T> = { data: T; message: string };
interface TicketRow {
  id: number;
  subject: string;
  type_name: string | null;
  store_id: number | null;
  district_id: number | null;
  sent_from_route: string | null;
}
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
let t: TestApp;
let agent: Person;
let manager: Person;
let northwind: Person;
let districtId = 0;
let tag = '';

const call = <T>(method: string, path: string, who: Person, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token: who.token, body });

async function created(who: Person, path: string, body: unknown) {
  const res = await call<{ id: number }>('POST', path, who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** A store (in `district`, if given) and a product of the caller's company. */
async function storeAndProduct(who: Person, district: number | null) {
  const n = `${tag}-${Math.random().toString(36).slice(2, 7)}`;
  const made = {
    storeId: await created(who, '/stores', {
      name: `Late Store ${n}`,
      time_zone: 'America/Chicago',
      district_id: district,
    }),
    productId: await created(who, '/products', {
      name: `Late Phone ${n}`,
      sku: `LATE-${n}`,
      price_cents: 10_000,
    }),
  };
  // Submitted orders must fit the warehouse's available units.
  await stockWarehouse(t, who.token, made.productId, 10, `LATE-${n}`);
  return made;
}

/** An order of the store moved to shipped (and on to received if asked); its shipment time. */
async function shippedOrder(
  who: Person,
  place: { storeId: number; productId: number },
  receive = false,
) {
  const id = await created(who, '/orders', {
    store_id: place.storeId,
    lines: [{ product_id: place.productId, quantity: 1 }],
  });
  for (const to of ['submitted', 'pending_shipment', 'shipped', ...(receive ? ['received'] : [])]) {
    const moved = await call('POST', `/orders/${id}/transition`, who, { to });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  const [row] = await t.database.db
    .select({ at: sql<string>`max(${resourceHistory.created_at})` })
    .from(resourceHistory)
    .where(
      and(
        eq(resourceHistory.resource, 'orders'),
        eq(resourceHistory.record_id, id),
        eq(resourceHistory.to_status, 'shipped'),
      ),
    );
  const at = row?.at;
  if (!at) throw new Error('no shipment recorded');
  return { id, shippedAt: new Date(at).getTime() };
}

const flagsOf = (orderId: number) =>
  t.database.db.select().from(orderLateFlags).where(eq(orderLateFlags.order_id, orderId));
const ticketsFor = (route: string) =>
  t.database.db
    .select({ id: tickets.id, company_id: tickets.company_id })
    .from(tickets)
    .where(eq(tickets.sent_from_route, route));
const noticesAbout = async (who: Person, orderId: number) =>
  (
    await call<{ results: Notification[] }>('GET', '/notifications?perPage=500', who)
  ).body.data.results.filter((n) => n.kind === 'order.late' && n.link === `/orders/${orderId}`);

beforeAll(async () => {
  t = await startTestApp();
  tag = Date.now().toString(36);
  [agent, manager, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const [assigned] = await t.database.db
    .select({ district_id: userDistricts.district_id })
    .from(userDistricts)
    .where(eq(userDistricts.user_id, manager.id));
  expect(assigned, 'the demo manager oversees a district').toBeTruthy();
  districtId = assigned?.district_id ?? 0;
});
afterAll(() => t.close());

describe('the late orders job', () => {
  it('flags a shipped order once after the default 5 days: a ticket linking to the order and a notice to the district manager', async () => {
    const place = await storeAndProduct(agent, districtId);
    const order = await shippedOrder(agent, place);

    await runLateOrders(t.database.db, order.shippedAt + 5 * DAY - HOUR);
    expect(await flagsOf(order.id)).toHaveLength(0);
    expect(await ticketsFor(`/orders/${order.id}`)).toHaveLength(0);
    expect(await noticesAbout(manager, order.id)).toHaveLength(0);

    await runLateOrders(t.database.db, order.shippedAt + 5 * DAY + HOUR);
    const [flag] = await flagsOf(order.id);
    expect(flag?.late_after_days).toBe(5);
    const made = await ticketsFor(`/orders/${order.id}`);
    expect(made).toHaveLength(1);
    const ticketId = made[0]?.id ?? 0;
    expect(flag?.ticket_id).toBe(ticketId);
    const ticket = await call<TicketRow>('GET', `/task-tickets/${ticketId}`, agent);
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.data).toMatchObject({
      type_name: 'Late order',
      store_id: place.storeId,
      district_id: districtId,
      sent_from_route: `/orders/${order.id}`,
    });
    expect(ticket.body.data.subject).toContain(`Order #${order.id}`);
    const notices = await noticesAbout(manager, order.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(`Ticket #${ticketId}`);

    // Running again, later still, changes nothing.
    await runLateOrders(t.database.db, order.shippedAt + 5 * DAY + 2 * HOUR);
    await runLateOrders(t.database.db, order.shippedAt + 30 * DAY);
    expect(await flagsOf(order.id)).toHaveLength(1);
    expect(await ticketsFor(`/orders/${order.id}`)).toHaveLength(1);
    expect(await noticesAbout(manager, order.id)).toHaveLength(1);
  });

  it('follows the store’s own setting and leaves received orders alone', async () => {
    const place = await storeAndProduct(agent, districtId);
    const set = await call('PUT', '/org-settings/orders.late_after_days', agent, {
      scope: 'store',
      scope_id: place.storeId,
      value: 2,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const bad = await call('PUT', '/org-settings/orders.late_after_days', agent, {
      scope: 'company',
      scope_id: 0,
      value: 0,
    });
    expect(bad.status).toBe(400);
    const late = await shippedOrder(agent, place);
    const received = await shippedOrder(agent, place, true);

    await runLateOrders(t.database.db, late.shippedAt + 2 * DAY - HOUR);
    expect(await flagsOf(late.id)).toHaveLength(0);
    await runLateOrders(t.database.db, late.shippedAt + 2 * DAY + HOUR);
    expect((await flagsOf(late.id))[0]?.late_after_days).toBe(2);
    await runLateOrders(t.database.db, received.shippedAt + 40 * DAY);
    expect(await flagsOf(received.id)).toHaveLength(0);
    expect(await ticketsFor(`/orders/${received.id}`)).toHaveLength(0);
  });

  it('keeps each company’s late orders to itself', async () => {
    const place = await storeAndProduct(northwind, null);
    const theirs = await shippedOrder(northwind, place);
    await runLateOrders(t.database.db, theirs.shippedAt + 6 * DAY);
    const made = await ticketsFor(`/orders/${theirs.id}`);
    expect(made).toHaveLength(1);
    expect(made[0]?.company_id).toBe(northwind.companyId);
    expect((await flagsOf(theirs.id))[0]?.company_id).toBe(northwind.companyId);
    expect((await call('GET', `/task-tickets/${made[0]?.id}`, agent)).status).toBe(404);
    expect(await noticesAbout(manager, theirs.id)).toHaveLength(0);
  });
});

describe('Open ticket on a receipt discrepancy', () => {
  it('opens one ticket linking back to the discrepancy, shown on the discrepancy; a second try is a 409', async () => {
    const list = await call<{ results: Discrepancy[] }>(
      'GET',
      '/inventory-receipt-discrepancies?perPage=50',
      agent,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const discrepancy = list.body.data.results.find((row) => row.ticket_id === null);
    if (!discrepancy) throw new Error('the demo has no discrepancy without a ticket');

    // Another company cannot see it, so cannot open its ticket.
    const foreign = await call(
      'POST',
      `/inventory-receipt-discrepancies/${discrepancy.id}/ticket`,
      northwind,
    );
    expect(foreign.status).toBe(404);

    // Two clicks at once: one ticket.
    const [first, second] = await Promise.all([
      call<{ ticket_id: number }>(
        'POST',
        `/inventory-receipt-discrepancies/${discrepancy.id}/ticket`,
        agent,
      ),
      call<{ ticket_id: number }>(
        'POST',
        `/inventory-receipt-discrepancies/${discrepancy.id}/ticket`,
        agent,
      ),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const opened = first.status === 200 ? first : second;
    const refused = first.status === 200 ? second : first;
    expect(opened.body.message).toBe('Ticket opened');
    const ticketId = opened.body.data.ticket_id;
    expect(refused.body.message).toBe(`This discrepancy already has ticket #${ticketId}`);

    const page = `/inventory/purchase-order/receipt/discrepancy/${discrepancy.id}`;
    expect(await ticketsFor(page)).toHaveLength(1);
    const ticket = await call<TicketRow>('GET', `/task-tickets/${ticketId}`, agent);
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.data).toMatchObject({
      type_name: 'Receipt discrepancy',
      sent_from_route: page,
    });
    const shown = await call<Discrepancy>(
      'GET',
      `/inventory-receipt-discrepancies/${discrepancy.id}`,
      agent,
    );
    expect(shown.body.data.ticket_id).toBe(ticketId);

    const again = await call(
      'POST',
      `/inventory-receipt-discrepancies/${discrepancy.id}/ticket`,
      agent,
    );
    expect(again.status).toBe(409);
    expect(await ticketsFor(page)).toHaveLength(1);
    expect(
      (await call('POST', '/inventory-receipt-discrepancies/999999/ticket', agent)).status,
    ).toBe(404);
  });
});

// The flag and the ticket rows are tied by company: a flag never names another company's ticket.
it('stores every flag with a ticket of its own company', async () => {
  const rows = await t.database.db
    .select({ flag: orderLateFlags.company_id, ticket: tickets.company_id })
    .from(orderLateFlags)
    .innerJoin(tickets, eq(tickets.id, orderLateFlags.ticket_id));
  for (const row of rows) expect(row.ticket).toBe(row.flag);
});
