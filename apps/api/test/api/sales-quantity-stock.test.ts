import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { B2BInvoice } from '@portal/contract/resources/b2b';
import { salesMessages, type Sale, type SaleReturn } from '@portal/contract/resources/sales';
import { unitPlace } from '../../src/modules/inventory/api.ts';
import { inventoryItems, stockLocations } from '../../src/modules/inventory/schema.ts';
import { rmaLines } from '../../src/modules/sales/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { b2bAccount } from './b2b-fixtures.ts';
import { makeProduct, nextImei, stockQuantity, stockUnits } from './sales-fixtures.ts';

// Accessories sold by quantity at the counter (issue 17): every counter sale path takes the
// store's units in its transaction (a quantity over stock is a 409 naming the item and what is
// left, nothing written, stock never below zero); returns, exchanges and voids put them back, a
// DOA or OBF return to the defective location.

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let store: { storeId: number; companyId: number };
let device: number;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

/** A fresh accessory (no serial) with `count` units on the associate's store's shelf; its name. */
async function accessoryWith(count: number, price = 1_000) {
  const id = await makeProduct(t, agent, 'accessory', price);
  if (count) await stockQuantity(t, store, id, count);
  const product = await call<{ name: string }>('GET', `/products/${String(id)}`, agent);
  return { id, name: product.body.data.name };
}

/** Where a product's units are: per location kind (the store's shelf counted as 'store'). */
async function unitsOf(productId: number): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ kind: stockLocations.kind, n: sql<number>`count(*)::int` })
    .from(inventoryItems)
    .innerJoin(
      stockLocations,
      and(
        eq(stockLocations.company_id, inventoryItems.company_id),
        eq(stockLocations.id, inventoryItems.location_id),
      ),
    )
    .where(
      and(eq(inventoryItems.company_id, store.companyId), eq(inventoryItems.product_id, productId)),
    )
    .groupBy(stockLocations.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.n)]));
}

const ringUp = (lines: Record<string, unknown>[]) =>
  call<Sale>('POST', '/sales', associate.token, { store_id: store.storeId, lines });
const pay = (sale: Sale) =>
  call<Sale>('POST', `/sales/${String(sale.id)}/complete`, associate.token, {
    payments: [{ method: 'card', amount_cents: sale.total_cents }],
  });

/** A completed sale of these lines; the sale with its lines. */
async function sold(lines: Record<string, unknown>[]) {
  const held = await ringUp(lines);
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  const paid = await pay(held.body.data);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return held.body.data;
}

const returnLine = (body: Record<string, unknown>) =>
  call<SaleReturn & { rma_id: number | null }>('POST', '/sale-returns', agent, {
    reason: 'Customer brought it back',
    ...body,
  });

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  store = { storeId: associate.storeId, companyId: associate.companyId };
  device = await makeProduct(t, agent, 'device', 30_000);
  await assignStores(t, store.companyId, [associate.id], [store.storeId]);
});
afterAll(() => t.close());

describe('a simple sale at the counter', () => {
  it('takes the accessories it sells out of the store’s stock at payment, not while held', async () => {
    const cable = await accessoryWith(5);
    const held = await ringUp([{ product_id: cable.id, quantity: 3 }]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(await unitsOf(cable.id)).toEqual({ store: 5 });
    expect((await pay(held.body.data)).status).toBe(200);
    expect(await unitsOf(cable.id)).toEqual({ store: 2, sold: 3 });
  });

  it('refuses a quantity over the store’s stock: 409 naming the item and what is left, nothing written', async () => {
    const cable = await accessoryWith(2);
    const imei = nextImei();
    await stockUnits(t, store, device, [imei]);
    const held = await ringUp([
      { product_id: device, quantity: 1, serial: imei },
      { product_id: cable.id, quantity: 3 },
    ]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const refused = await pay(held.body.data);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(salesMessages.notEnoughStock(cable.name, 3, 2));
    expect(refused.body.errors).toEqual({
      'lines.1.quantity': [salesMessages.notEnoughStock(cable.name, 3, 2)],
    });
    // Nothing moved, the sale is still held: the device and both cables are on the shelf.
    expect(await unitsOf(cable.id)).toEqual({ store: 2 });
    expect(await unitPlace(t.database.db, store.companyId, imei)).toMatchObject({ kind: 'store' });
    const again = await call<Sale>('GET', `/sales/${String(held.body.data.id)}`, agent);
    expect(again.body.data.status).toBe('held');
  });

  it('an accessory never in this store’s stock is refused with 0 left', async () => {
    const none = await accessoryWith(0);
    const held = await ringUp([{ product_id: none.id, quantity: 1 }]);
    const refused = await pay(held.body.data);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(salesMessages.notEnoughStock(none.name, 1, 0));
  });

  it('two associates selling the last unit at once: one sale wins, the other is a 409', async () => {
    const last = await accessoryWith(1);
    const first = (await ringUp([{ product_id: last.id, quantity: 1 }])).body.data;
    const second = (await ringUp([{ product_id: last.id, quantity: 1 }])).body.data;
    const results = await Promise.all([pay(first), pay(second)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.message).toBe(salesMessages.notEnoughStock(last.name, 1, 0));
    expect(await unitsOf(last.id)).toEqual({ sold: 1 });
  });

  it('three associates selling three units at once: each takes one, none is refused', async () => {
    const three = await accessoryWith(3);
    const held = await Promise.all(
      [1, 2, 3].map(async () => (await ringUp([{ product_id: three.id, quantity: 1 }])).body.data),
    );
    const results = await Promise.all(held.map((sale) => pay(sale)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await unitsOf(three.id)).toEqual({ sold: 3 });
  });

  it('a quicksnap invoice takes its accessories too, and is refused over stock', async () => {
    const sku = `QS-${String(Date.now())}`;
    const made = await call<{ id: number; name: string }>('POST', '/products', agent, {
      name: `Quicksnap guard ${sku}`,
      sku,
      kind: 'accessory',
      price_cents: 900,
      is_serialized: false,
    });
    await stockQuantity(t, store, made.body.data.id, 2);
    const body = (quantity: number) => ({
      store_id: store.storeId,
      payment_method: 'cash',
      lines: [{ sku, quantity }],
    });
    const over = await call('POST', '/sales/quicksnap', associate.token, body(3));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(salesMessages.notEnoughStock(made.body.data.name, 3, 2));
    expect(await unitsOf(made.body.data.id)).toEqual({ store: 2 });
    const done = await call('POST', '/sales/quicksnap', associate.token, body(2));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await unitsOf(made.body.data.id)).toEqual({ sold: 2 });
  });

  it('voiding or deleting a held sale leaves the stock as it was (nothing was taken)', async () => {
    const cable = await accessoryWith(2);
    const voided = (await ringUp([{ product_id: cable.id, quantity: 2 }])).body.data;
    const moved = await call<Sale>(
      'POST',
      `/sales/${String(voided.id)}/transition`,
      associate.token,
      { to: 'voided' },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const removed = (await ringUp([{ product_id: cable.id, quantity: 1 }])).body.data;
    expect((await call('DELETE', `/sales/${String(removed.id)}`, agent)).status).toBe(200);
    expect(await unitsOf(cable.id)).toEqual({ store: 2 });
  });
});

describe('returns and exchanges of accessories', () => {
  it('bre: the line’s units go back on the shelf, sellable again', async () => {
    const cable = await accessoryWith(3);
    const sale = await sold([{ product_id: cable.id, quantity: 2 }]);
    expect(await unitsOf(cable.id)).toEqual({ store: 1, sold: 2 });
    const res = await returnLine({
      type: 'bre',
      sale_id: sale.id,
      sale_line_id: sale.lines?.[0]?.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.unit_destination).toBe('store');
    expect(await unitsOf(cable.id)).toEqual({ store: 3 });
    await sold([{ product_id: cable.id, quantity: 3 }]);
    expect(await unitsOf(cable.id)).toEqual({ sold: 3 });
  });

  it.each(['doa', 'obf'] as const)(
    '%s: the units go to the defective location with an open RMA line, never sellable',
    async (type) => {
      const charger = await accessoryWith(2);
      const sale = await sold([{ product_id: charger.id, quantity: 1 }]);
      const res = await returnLine({ type, sale_id: sale.id, sale_line_id: sale.lines?.[0]?.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.unit_destination).toBe('defective');
      expect(await unitsOf(charger.id)).toEqual({ store: 1, defective: 1 });
      const [rma] = await t.database.db
        .select()
        .from(rmaLines)
        .where(
          and(eq(rmaLines.company_id, store.companyId), eq(rmaLines.return_id, res.body.data.id)),
        );
      expect(rma).toMatchObject({ product_id: charger.id, status: 'open' });
      expect(await unitPlace(t.database.db, store.companyId, rma?.serial ?? '')).toMatchObject({
        kind: 'defective',
      });
      // The defective unit is not sold again: only one is left on the shelf.
      const held = await ringUp([{ product_id: charger.id, quantity: 2 }]);
      const refused = await pay(held.body.data);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(salesMessages.notEnoughStock(charger.name, 2, 1));
    },
  );

  it('an exchange puts the returned accessory back and the replacement takes its own', async () => {
    const returned = await accessoryWith(1, 2_000);
    const replacement = await accessoryWith(1, 2_500);
    const sale = await sold([{ product_id: returned.id, quantity: 1 }]);
    const other = await sold([{ product_id: replacement.id, quantity: 1 }]);
    const res = await returnLine({
      type: 'bre',
      sale_id: sale.id,
      sale_line_id: sale.lines?.[0]?.id,
      exchange: true,
      exchange_sale_id: other.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await unitsOf(returned.id)).toEqual({ store: 1 });
    expect(await unitsOf(replacement.id)).toEqual({ sold: 1 });
  });
});

describe('B2B invoices of accessories', () => {
  const draft = async (accountId: number, lines: Record<string, unknown>[]) => {
    const res = await call<B2BInvoice>('POST', '/b2b-invoices', agent, {
      store_id: store.storeId,
      account_id: accountId,
      lines,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const move = (id: number, to: string) =>
    call<B2BInvoice>('POST', `/b2b-invoices/${String(id)}/transition`, agent, { to });

  it('sending takes the units, over stock is a 409 with nothing written, voiding puts them back', async () => {
    const account = await b2bAccount(t, agent);
    const cable = await accessoryWith(4);
    const big = await draft(account, [{ product_id: cable.id, quantity: 5 }]);
    const refused = await move(big.id, 'sent');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(salesMessages.notEnoughStock(cable.name, 5, 4));
    expect(
      (await call<B2BInvoice>('GET', `/b2b-invoices/${String(big.id)}`, agent)).body.data.status,
    ).toBe('draft');
    expect(await unitsOf(cable.id)).toEqual({ store: 4 });

    const invoice = await draft(account, [{ product_id: cable.id, quantity: 3 }]);
    expect((await move(invoice.id, 'sent')).status).toBe(200);
    expect(await unitsOf(cable.id)).toEqual({ store: 1, sold: 3 });
    expect((await move(invoice.id, 'void')).status).toBe(200);
    expect(await unitsOf(cable.id)).toEqual({ store: 4 });
  });
});
