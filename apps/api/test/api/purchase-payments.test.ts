import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PurchaseOrderPayment,
  ReceiptPayment,
} from '@portal/contract/resources/purchase-payments';
import type { PurchaseOrder, Receipt } from '@portal/contract/resources/purchasing';
import { purchaseOrderPayments, receiptPayments } from '../../src/modules/purchasing/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T; message: string };
let t: TestApp;
let dataDir: string;
let agent: Person;
let northwind: Person;
let supplierId: number;
let warehouseId: number;
let productId: number;
const run = Date.now().toString(36);
let count = 0;

const call = <T>(method: string, path: string, body?: unknown, who: Person = agent) =>
  t.call<Reply<T>>(method, `/api${path}`, { token: who.token, body });
const ORDER_PAYMENTS = '/inventory-purchase-order-payments';
const RECEIPT_PAYMENTS = '/inventory-purchase-order-receipt-payments';

/** A purchase order of 4 units at $25.00 ($100.00), moved through `to` (in order). */
async function order(to: string[] = ['approved']) {
  const made = await call<PurchaseOrder>('POST', '/inventory-purchase-orders', {
    supplier_id: supplierId,
    warehouse_id: warehouseId,
    reference: `PAY-${run}-${++count}`,
    lines: [{ product_id: productId, quantity: 4, unit_cost_cents: 2_500 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  for (const status of to) {
    const moved = await call('POST', `/inventory-purchase-orders/${made.body.data.id}/transition`, {
      to: status,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return made.body.data;
}

const pay = (purchase_order_id: number, amount_cents: number, who: Person = agent) =>
  call<PurchaseOrderPayment>(
    'POST',
    ORDER_PAYMENTS,
    {
      purchase_order_id,
      amount_cents,
      paid_on: '2030-02-01',
      method: 'bank_transfer',
      reference: `WIRE-${run}-${++count}`,
    },
    who,
  );

const storedFor = async (orderId: number) =>
  t.database.db
    .select({ amount: purchaseOrderPayments.amount_cents })
    .from(purchaseOrderPayments)
    .where(
      and(
        eq(purchaseOrderPayments.company_id, agent.companyId),
        eq(purchaseOrderPayments.purchase_order_id, orderId),
      ),
    );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-payments-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const supplier = await call<{ id: number }>('POST', '/inventory-suppliers', {
    name: `Payments Supply ${run}`,
  });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
  supplierId = supplier.body.data.id;
  const warehouses = await call<{ results: { id: number }[] }>('GET', '/purchasing-warehouses');
  warehouseId =
    warehouses.body.data.results[0]?.id ??
    (await call<{ id: number }>('POST', '/stock-locations', { name: 'Payments Warehouse' })).body
      .data.id;
  const product = await call<{ id: number }>('POST', '/products', {
    name: `Payments Cable ${run}`,
    sku: `PAY-${run}`,
    price_cents: 999,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  productId = product.body.data.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('purchase order payments', () => {
  it('records a payment with who recorded it, and refuses one above what is left (400 naming it, nothing written)', async () => {
    const po = await order();
    const first = await pay(po.id, 6_000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Payment created');
    expect(first.body.data).toMatchObject({
      purchase_order_id: po.id,
      amount_cents: 6_000,
      method: 'bank_transfer',
      paid_on: '2030-02-01',
      recorded_by: agent.id,
      purchase_order_reference: po.reference,
    });
    expect(first.body.data.recorded_by_name).toBeTruthy();

    const over = await pay(po.id, 4_001);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Only $40.00 is left to pay on this purchase order');
    expect(await storedFor(po.id)).toHaveLength(1);

    expect((await pay(po.id, 4_000)).status).toBe(200);
    const full = await pay(po.id, 1);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe('This purchase order is paid in full: nothing is left to pay');

    // Raising a payment is held to the same limit; lowering it is fine.
    const raised = await call('PATCH', `${ORDER_PAYMENTS}/${first.body.data.id}`, {
      amount_cents: 6_500,
    });
    expect(raised.status).toBe(400);
    expect(raised.body.message).toBe('Only $60.00 is left to pay on this purchase order');
    const lowered = await call<PurchaseOrderPayment>(
      'PATCH',
      `${ORDER_PAYMENTS}/${first.body.data.id}`,
      { amount_cents: 5_000, note: 'Corrected' },
    );
    expect(lowered.status).toBe(200);
    expect(lowered.body.message).toBe('Payment updated');
    const listed = await call<{ results: PurchaseOrderPayment[]; total: number }>(
      'GET',
      `${ORDER_PAYMENTS}?filter[purchase_order_id]=${po.id}`,
    );
    expect(listed.body.data.results.map((row) => row.amount_cents).sort()).toEqual([4_000, 5_000]);
    const removed = await call('DELETE', `${ORDER_PAYMENTS}/${first.body.data.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Payment deleted');
  });

  it('never lets payments sent at once add up to more than the total', async () => {
    const po = await order(['approved', 'sent']);
    // Ten payments of $30.00 at once against $100.00: three fit.
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay(po.id, 3_000)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 400)).toHaveLength(7);
    const stored = await storedFor(po.id);
    expect(stored.reduce((sum, row) => sum + row.amount, 0)).toBe(9_000);
  });

  it('refuses a draft, an order waiting for approval and a canceled one (409, nothing written)', async () => {
    const draft = await order([]);
    const refused = await pay(draft.id, 100);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This purchase order is draft; it takes no payment');
    const pending = await order(['pending_approval']);
    expect((await pay(pending.id, 100)).status).toBe(409);
    const canceled = await order(['canceled']);
    expect((await pay(canceled.id, 100)).body.message).toBe(
      'This purchase order is canceled; it takes no payment',
    );
    expect(await storedFor(draft.id)).toHaveLength(0);
    expect(await storedFor(canceled.id)).toHaveLength(0);
  });

  it('refuses zero, negative and fractional amounts and bad dates by field', async () => {
    const po = await order();
    for (const amount of [0, -5, 12.5]) {
      const reply = await pay(po.id, amount);
      expect(reply.status).toBe(400);
    }
    const badDate = await call('POST', ORDER_PAYMENTS, {
      purchase_order_id: po.id,
      amount_cents: 100,
      paid_on: '2030-02-30',
      method: 'card',
    });
    expect(badDate.status).toBe(400);
    expect(await storedFor(po.id)).toHaveLength(0);
  });

  it("is a 404 for another company's payment and a 400 for its order", async () => {
    const po = await order();
    const mine = await pay(po.id, 500);
    const id = mine.body.data.id;
    expect((await call('GET', `${ORDER_PAYMENTS}/${id}`, undefined, northwind)).status).toBe(404);
    expect((await call('PATCH', `${ORDER_PAYMENTS}/${id}`, { note: 'x' }, northwind)).status).toBe(
      404,
    );
    expect((await call('DELETE', `${ORDER_PAYMENTS}/${id}`, undefined, northwind)).status).toBe(
      404,
    );
    const theirs = await pay(po.id, 100, northwind);
    expect(theirs.status).toBe(400);
    const list = await call<{ results: { id: number }[] }>(
      'GET',
      ORDER_PAYMENTS,
      undefined,
      northwind,
    );
    expect(list.body.data.results.map((row) => row.id)).not.toContain(id);
    expect(await storedFor(po.id)).toHaveLength(1);
  });
});

describe('receipt payments', () => {
  it('are limited by the accepted value (accepted units × unit cost), with the order filled in', async () => {
    const po = await order(['approved', 'sent']);
    const full = await call<PurchaseOrder>('GET', `/inventory-purchase-orders/${po.id}`);
    const line = full.body.data.lines?.[0];
    if (!line) throw new Error('no line');
    // 3 accepted, 1 short: $75.00 accepted.
    const receipt = await call<Receipt>('POST', '/inventory-purchase-order-receipts', {
      purchase_order_id: po.id,
      lines: [
        {
          purchase_order_line_id: line.id,
          accepted_quantity: 3,
          short_quantity: 1,
          reason: 'One missing',
        },
      ],
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    const receiptId = receipt.body.data.id;
    const payReceipt = (amount_cents: number, who: Person = agent) =>
      call<ReceiptPayment>(
        'POST',
        RECEIPT_PAYMENTS,
        { receipt_id: receiptId, amount_cents, paid_on: '2030-02-02', method: 'check' },
        who,
      );
    const over = await payReceipt(7_501);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Only $75.00 is left to pay on this receipt');
    const paid = await payReceipt(7_500);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.message).toBe('Payment created');
    expect(paid.body.data).toMatchObject({
      receipt_id: receiptId,
      purchase_order_id: po.id,
      amount_cents: 7_500,
      recorded_by: agent.id,
    });
    expect((await payReceipt(1)).status).toBe(400);
    const stored = await t.database.db
      .select({ amount: receiptPayments.amount_cents })
      .from(receiptPayments)
      .where(
        and(
          eq(receiptPayments.company_id, agent.companyId),
          eq(receiptPayments.receipt_id, receiptId),
        ),
      );
    expect(stored).toEqual([{ amount: 7_500 }]);

    // Another company: its receipt is not theirs (400), the payment a 404.
    expect((await payReceipt(100, northwind)).status).toBe(400);
    const id = paid.body.data.id;
    expect((await call('GET', `${RECEIPT_PAYMENTS}/${id}`, undefined, northwind)).status).toBe(404);
    expect(
      (await call('PATCH', `${RECEIPT_PAYMENTS}/${id}`, { note: 'x' }, northwind)).status,
    ).toBe(404);
  });

  it('count against the order too: order and receipt payments together never exceed its total', async () => {
    const po = await order(['approved', 'sent']);
    const full = await call<PurchaseOrder>('GET', `/inventory-purchase-orders/${po.id}`);
    const line = full.body.data.lines?.[0];
    if (!line) throw new Error('no line');
    const receipt = await call<Receipt>('POST', '/inventory-purchase-order-receipts', {
      purchase_order_id: po.id,
      lines: [{ purchase_order_line_id: line.id, accepted_quantity: 4 }],
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    const receiptId = receipt.body.data.id;
    const payReceipt = (amount_cents: number) =>
      call<ReceiptPayment>('POST', RECEIPT_PAYMENTS, {
        receipt_id: receiptId,
        amount_cents,
        paid_on: '2030-02-03',
        method: 'check',
      });
    // $60.00 paid on the order: the $100.00 receipt takes at most $40.00 more.
    expect((await pay(po.id, 6_000)).status).toBe(200);
    const over = await payReceipt(5_000);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Only $40.00 is left to pay on this purchase order');
    const fits = await payReceipt(3_000);
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    // The order's own payment sees the receipt's: $10.00 left.
    const orderOver = await pay(po.id, 1_001);
    expect(orderOver.status).toBe(400);
    expect(orderOver.body.message).toBe('Only $10.00 is left to pay on this purchase order');
    // Raising the receipt payment past the order's total is refused as well, nothing changed.
    const raised = await call('PATCH', `${RECEIPT_PAYMENTS}/${fits.body.data.id}`, {
      amount_cents: 4_001,
    });
    expect(raised.status).toBe(400);
    expect(raised.body.message).toBe('Only $40.00 is left to pay on this purchase order');
    expect(
      (await call('PATCH', `${RECEIPT_PAYMENTS}/${fits.body.data.id}`, { amount_cents: 4_000 }))
        .status,
    ).toBe(200);
    expect((await storedFor(po.id)).map((row) => row.amount)).toEqual([6_000]);
  });
});
