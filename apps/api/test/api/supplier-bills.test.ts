import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder } from '@portal/contract/resources/purchasing';
import type { SupplierBill } from '@portal/contract/resources/supplier-bills';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 19 item 6, the three-way match: a bill above the accepted quantity or above the order's
 * cost plus the supplier's tolerance is held with its reasons; within both it is matched; a
 * supplier credit releases a held bill; a held bill takes no payment; another company sees none.
 */

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
let t: TestApp;
let dataDir: string;
let agent: Person;
let northwind: Person;
let supplierId: number;
let warehouseId: number;
let cable: number;
let charger: number;
let count = 0;

const post = <T>(path: string, body: unknown, who: Person = agent) =>
  t.call<Reply<T>>('POST', `/api${path}`, { token: who.token, body });
const get = <T>(path: string, who: Person = agent) =>
  t.call<Reply<T>>('GET', `/api${path}`, { token: who.token });

async function product(name: string) {
  const made = await post<{ id: number }>('/products', {
    name: `${name} ${Date.now()}`,
    sku: `BILL-${Date.now()}-${++count}`,
    price_cents: 2500,
    is_serialized: false,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data.id;
}

/**
 * An order of 10 cables at $10.00 and 5 chargers at $20.00, sent; unless `receive` is false, a
 * receipt accepts 8 cables (2 short) and the 5 chargers.
 */
async function receivedOrder(receive = true) {
  const made = await post<PurchaseOrder>('/inventory-purchase-orders', {
    supplier_id: supplierId,
    warehouse_id: warehouseId,
    reference: `BILL-PO-${++count}`,
    lines: [
      { product_id: cable, quantity: 10, unit_cost_cents: 1000 },
      { product_id: charger, quantity: 5, unit_cost_cents: 2000 },
    ],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const order = made.body.data;
  for (const to of ['approved', 'sent'])
    expect((await post(`/inventory-purchase-orders/${order.id}/transition`, { to })).status).toBe(
      200,
    );
  if (!receive) return order;
  const [cableLine, chargerLine] = order.lines ?? [];
  const receipt = await post('/inventory-purchase-order-receipts', {
    purchase_order_id: order.id,
    lines: [
      {
        purchase_order_line_id: cableLine?.id,
        accepted_quantity: 8,
        short_quantity: 2,
        reason: 'Two cables missing',
      },
      { purchase_order_line_id: chargerLine?.id, accepted_quantity: 5 },
    ],
  });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
  return order;
}

/** A bill of the order: lines [product, quantity, unit price in cents]. */
const bill = (orderId: number, lines: [number, number, number][], who: Person = agent) =>
  post<SupplierBill>(
    '/inventory-supplier-bills',
    {
      purchase_order_id: orderId,
      bill_number: `INV-${Date.now()}-${++count}`,
      bill_date: '2030-02-01',
      lines: lines.map(([product_id, quantity, unit_price_cents]) => ({
        product_id,
        quantity,
        unit_price_cents,
      })),
    },
    who,
  );

const pay = (orderId: number, billId: number, amount: number, who: Person = agent) =>
  post(
    '/inventory-purchase-order-payments',
    {
      purchase_order_id: orderId,
      supplier_bill_id: billId,
      amount_cents: amount,
      paid_on: '2030-02-10',
      method: 'bank_transfer',
    },
    who,
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-bills-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const supplier = await post<{ id: number }>('/inventory-suppliers', {
    name: `Billing Supply ${Date.now()}`,
    contact_email: 'billing@supply.example',
    price_tolerance_percent: 10,
  });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
  supplierId = supplier.body.data.id;
  const warehouses = await get<{ results: { id: number }[] }>('/purchasing-warehouses');
  warehouseId =
    warehouses.body.data.results[0]?.id ??
    (await post<{ id: number }>('/stock-locations', { name: 'Bill Warehouse' })).body.data.id;
  cable = await product('Bill Cable');
  charger = await product('Bill Charger');
  // Orders of $200.00 stay under the approval limit: the agent approves them from the draft.
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the three-way match', () => {
  it('matches a bill within the accepted quantities and the cost plus tolerance (exactly 10% above)', async () => {
    const order = await receivedOrder();
    const res = await bill(order.id, [
      [cable, 8, 1100],
      [charger, 5, 2000],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Supplier bill created');
    expect(res.body.data).toMatchObject({
      status: 'matched',
      supplier_id: supplierId,
      total_cents: 8 * 1100 + 5 * 2000,
      allowed_cents: 8 * 1100 + 5 * 2200,
      credits_cents: 0,
      net_cents: 8 * 1100 + 5 * 2000,
    });
    expect(res.body.data.lines?.map((line) => line.match_reasons)).toEqual([[], []]);
    // The order's bills, as the PO view lists them.
    const listed = await get<{ results: SupplierBill[] }>(
      `/inventory-supplier-bills?filter[purchase_order_id]=${order.id}`,
    );
    expect(listed.body.data.results.map((row) => [row.id, row.status])).toEqual([
      [res.body.data.id, 'matched'],
    ]);
    // Paid in full, and no more.
    expect((await pay(order.id, res.body.data.id, 18_800)).status).toBe(200);
    const over = await pay(order.id, res.body.data.id, 1);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('This bill is paid in full: nothing is left to pay');
  });

  it('holds a bill above the accepted quantity, with the reason on the line', async () => {
    const order = await receivedOrder();
    const res = await bill(order.id, [
      [cable, 9, 1000],
      [charger, 5, 2000],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('held');
    expect(res.body.data.lines?.map((line) => line.match_reasons)).toEqual([
      ['Billed 9 units; only 8 accepted units are left to bill'],
      [],
    ]);
    // A second bill for what the first already billed is held as well.
    const again = await bill(order.id, [[charger, 1, 2000]]);
    expect(again.body.data.status).toBe('held');
    expect(again.body.data.lines?.[0]?.match_reasons).toEqual([
      'Billed 1 units; only 0 accepted units are left to bill',
    ]);
    // Nothing received yet: nothing may be billed; a product not on the order is held too.
    const early = await receivedOrder(false);
    const none = await bill(early.id, [[cable, 1, 1000]]);
    expect(none.body.data.status).toBe('held');
    const stranger = await product('Bill Stranger');
    const other = await receivedOrder();
    const odd = await bill(other.id, [[stranger, 1, 100]]);
    expect(odd.body.data.lines?.[0]?.match_reasons).toEqual([
      'This product is not on the purchase order',
    ]);
  });

  it('holds a bill a cent above the cost plus tolerance; credits release it once within', async () => {
    const order = await receivedOrder();
    const res = await bill(order.id, [[cable, 8, 1101]]);
    expect(res.body.data).toMatchObject({
      status: 'held',
      total_cents: 8808,
      allowed_cents: 8800,
    });
    expect(res.body.data.lines?.[0]?.match_reasons).toEqual([
      "Billed $11.01 a unit; the order's $10.00 plus 10% allows $11.00",
    ]);
    const id = res.body.data.id;

    // A held bill takes no payment.
    const refused = await pay(order.id, id, 100);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This bill is held for review: a supplier credit releases it',
    );

    const tooBig = await post(`/inventory-supplier-bills/${id}/credit`, {
      amount_cents: 8809,
      reason: 'Too much',
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toHaveProperty('amount_cents');
    const noReason = await post(`/inventory-supplier-bills/${id}/credit`, { amount_cents: 1 });
    expect(noReason.status).toBe(400);

    const partly = await post<SupplierBill>(`/inventory-supplier-bills/${id}/credit`, {
      amount_cents: 7,
      reason: 'Price correction, part one',
    });
    expect(partly.status, JSON.stringify(partly.body)).toBe(200);
    expect(partly.body.message).toBe('Supplier credit recorded');
    expect(partly.body.data).toMatchObject({ status: 'held', credits_cents: 7, net_cents: 8801 });

    const released = await post<SupplierBill>(`/inventory-supplier-bills/${id}/credit`, {
      amount_cents: 1,
      reason: 'Price correction, part two',
    });
    expect(released.body.data).toMatchObject({
      status: 'released',
      credits_cents: 8,
      net_cents: 8800,
    });
    expect(released.body.data.credits?.map((credit) => credit.reason)).toEqual([
      'Price correction, part one',
      'Price correction, part two',
    ]);
    // Released, it is paid up to the total minus the credits.
    expect((await pay(order.id, id, 8801)).status).toBe(400);
    expect((await pay(order.id, id, 8800)).status).toBe(200);
  });

  it('refuses bad bills: a draft order (409), a repeated number, fractions (400), a bill of another order on a payment', async () => {
    const drafted = await post<PurchaseOrder>('/inventory-purchase-orders', {
      supplier_id: supplierId,
      warehouse_id: warehouseId,
      lines: [{ product_id: cable, quantity: 1, unit_cost_cents: 1000 }],
    });
    const early = await bill(drafted.body.data.id, [[cable, 1, 1000]]);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This purchase order is draft; it takes no supplier bill');

    const order = await receivedOrder();
    const first = await bill(order.id, [[cable, 1, 1000]]);
    const number = first.body.data.bill_number;
    const twice = await post('/inventory-supplier-bills', {
      purchase_order_id: order.id,
      bill_number: number,
      bill_date: '2030-02-01',
      lines: [{ product_id: cable, quantity: 1, unit_price_cents: 1000 }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toHaveProperty('bill_number');
    const fraction = await bill(order.id, [[cable, 1.5, 1000]]);
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors).toHaveProperty(['lines.0.quantity']);

    const other = await receivedOrder();
    const elsewhere = await pay(other.id, first.body.data.id, 100);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toHaveProperty('supplier_bill_id');
  });

  it("is a 404 for another company's bill; their order cannot be billed", async () => {
    const order = await receivedOrder();
    const mine = await bill(order.id, [[cable, 9, 1000]]);
    const id = mine.body.data.id;
    expect((await get(`/inventory-supplier-bills/${id}`, northwind)).status).toBe(404);
    const credit = await post(
      `/inventory-supplier-bills/${id}/credit`,
      { amount_cents: 1000, reason: 'Not theirs' },
      northwind,
    );
    expect(credit.status).toBe(404);
    const listed = await get<{ results: SupplierBill[] }>('/inventory-supplier-bills', northwind);
    expect(listed.body.data.results.map((row) => row.id)).not.toContain(id);
    const theirs = await bill(order.id, [[cable, 1, 1000]], northwind);
    expect(theirs.status).toBe(400);
    const still = await get<SupplierBill>(`/inventory-supplier-bills/${id}`);
    expect(still.body.data).toMatchObject({ status: 'held', credits_cents: 0 });
  });
});
