import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageReport } from '@portal/contract/message-reports';
import type { PurchaseOrder } from '@portal/contract/resources/purchasing';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 18 item 8: the purchase orders mailed to suppliers (issue 19's Send to supplier) are in
 * the company's mail delivery log like every other mail, naming the order they sent; another
 * company does not see them.
 */

type Reply<T> = { data: T; message: string };
let t: TestApp;
let agent: Person;
let northwind: Person;
const ADDRESS = `orders-${Date.now()}@po-log.example`;

const post = <T>(path: string, body: unknown, who: Person = agent) =>
  t.call<Reply<T>>('POST', `/api${path}`, { token: who.token, body });
const get = <T>(path: string, who: Person = agent) =>
  t.call<Reply<T>>('GET', `/api${path}`, { token: who.token });
const mailLog = (who: Person = agent) =>
  get<{ results: MessageReport[]; total: number }>(
    `/mail-reports?recipient=${encodeURIComponent(ADDRESS)}`,
    who,
  );

let orderId = 0;
beforeAll(async () => {
  t = await startTestApp();
  [agent, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const supplier = await post<{ id: number }>('/inventory-suppliers', {
    name: `Logged Supply ${Date.now()}`,
    contact_email: ADDRESS,
  });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
  const warehouses = await get<{ results: { id: number }[] }>('/purchasing-warehouses');
  const warehouseId =
    warehouses.body.data.results[0]?.id ??
    (await post<{ id: number }>('/stock-locations', { name: 'Log Warehouse' })).body.data.id;
  const product = await post<{ id: number }>('/products', {
    name: `Logged Cable ${Date.now()}`,
    sku: `LOG-${Date.now()}`,
    price_cents: 999,
    is_serialized: false,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  const order = await post<PurchaseOrder>('/inventory-purchase-orders', {
    supplier_id: supplier.body.data.id,
    warehouse_id: warehouseId,
    reference: `LOG-${Date.now()}`,
    lines: [{ product_id: product.body.data.id, quantity: 2, unit_cost_cents: 1_250 }],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  orderId = order.body.data.id;
  const approved = await post(`/inventory-purchase-orders/${orderId}/transition`, {
    to: 'approved',
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}, 240_000);
afterAll(() => t.close());

describe('purchase-order mails in /mail-reports', () => {
  it('logs each mail to the supplier as sent, with the order it is about', async () => {
    expect((await mailLog()).body.data.total).toBe(0);
    const sent = await post(`/inventory-purchase-orders/${orderId}/send-to-supplier`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const resent = await post(`/inventory-purchase-orders/${orderId}/send-to-supplier`, {
      message: 'Again, please',
    });
    expect(resent.status).toBe(200);

    const log = await mailLog();
    expect(log.status).toBe(200);
    expect(log.body.data.total).toBe(2);
    for (const row of log.body.data.results)
      expect(row).toMatchObject({
        kind: 'purchase_order',
        to: ADDRESS,
        // a supplier's contact is no user of the company
        user_name: null,
        source: { type: 'purchase_order', id: orderId },
        status: 'sent',
        provider: 'outbox',
        attempts: 1,
        sent_at: expect.any(String),
      });
    expect(log.body.data.results[0]?.subject).toMatch(new RegExp(`^Purchase order PO-${orderId}`));
    expect(log.body.data.results[0]?.summary).toContain('Again, please');
    // The order's own page of mails still lists both.
    const emails = await get<unknown[]>(`/inventory-purchase-orders/${orderId}/emails`);
    expect(emails.body.data).toHaveLength(2);
  });

  it('keeps them to the company', async () => {
    expect((await mailLog(northwind)).body.data.total).toBe(0);
  });
});
