import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { stockQuantity, stockUnits } from './sales-fixtures.ts';

// Issue 16 items 1 and 9: extra fields per device type (/device-type-fields), static accessories
// (/static-accessories, the shop's "Add static accessories") and the suggested order.

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
interface Suggested {
  product_id: number;
  minimum: number;
  sold: number;
  returned: number;
  lead_days: number;
  target: number;
  on_hand: number;
  in_transit: number;
  on_order: number;
  suggested: number;
}

let t: TestApp;
let agent: string;
let manager: string;
let other: string;
let companyId: number;
let storeId: number;
let outsideId: number;
const tag = `RP${Date.now() % 100000}`;
let counter = 0;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

async function created<T = { id: number }>(path: string, body: Record<string, unknown>) {
  const res = await call<T>('POST', path, agent, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const product = (kind: 'device' | 'accessory', more: Record<string, unknown> = {}) =>
  created('/products', {
    name: `Replenish ${kind} ${tag}-${++counter}`,
    sku: `${tag}-${kind}-${counter}`,
    kind,
    price_cents: kind === 'device' ? 40_000 : 1_500,
    is_serialized: kind === 'device',
    ...more,
  });

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  manager = await t.login('manager@demo.example');
  other = await t.login('admin@northwind.example');
  const mine = await call<{ id: number }[]>('GET', '/orders/stores-can-order-for', manager);
  const all = await call<{ results: { id: number; company_id: number }[] }>(
    'GET',
    '/stores?perPage=1000&filter[is_active]=true',
    agent,
  );
  const allowed = new Set(mine.body.data.map((store) => store.id));
  storeId = mine.body.data[0]?.id ?? 0;
  outsideId = all.body.data.results.find((store) => !allowed.has(store.id))?.id ?? 0;
  companyId = all.body.data.results[0]?.company_id ?? 0;
  expect(storeId).toBeGreaterThan(0);
  expect(outsideId, 'the demo manager does not oversee every store').toBeGreaterThan(0);
});
afterAll(() => t.close());

describe('device type fields', () => {
  it('checks a product of the type: required, select options, numbers; values kept', async () => {
    const phones = await created('/categories', { name: `Phones ${tag}` });
    const plain = await created('/categories', { name: `Plain ${tag}` });
    const noOptions = await call('POST', '/device-type-fields', agent, {
      category_id: phones.id,
      key: 'storage',
      label: 'Storage',
      field_type: 'select',
    });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.errors?.options).toEqual(['A select needs at least one option']);
    await created('/device-type-fields', {
      category_id: phones.id,
      key: 'storage',
      label: 'Storage',
      field_type: 'select',
      options: ['128GB', '256GB'],
      is_required: true,
    });
    await created('/device-type-fields', {
      category_id: phones.id,
      key: 'screen',
      label: 'Screen size',
      field_type: 'number',
    });
    await created('/device-type-fields', {
      category_id: phones.id,
      key: 'unlocked',
      label: 'Unlocked',
      field_type: 'boolean',
    });
    const base = {
      name: `Typed phone ${tag}`,
      sku: `${tag}-TYPED`,
      price_cents: 50_000,
      category_id: phones.id,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'extra_fields.storage', 'Storage is required'],
      [{ storage: '64GB' }, 'extra_fields.storage', 'Storage must be one of 128GB, 256GB'],
      [{ storage: '128GB', screen: 'big' }, 'extra_fields.screen', 'Screen size must be a number'],
      [
        { storage: '128GB', unlocked: 'yes' },
        'extra_fields.unlocked',
        'Unlocked must be yes or no',
      ],
      [
        { storage: '128GB', colour: 'Red' },
        'extra_fields.colour',
        `Phones ${tag} has no field colour`,
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call('POST', '/products', agent, { ...base, extra_fields: extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors?.[field]).toEqual([message]);
    }
    expect(
      (await call<{ total: number }>('GET', `/products?search=${tag}-TYPED`, agent)).body.data,
    ).toMatchObject({ total: 0 });
    const made = await created<{ id: number; extra_fields: Record<string, unknown> }>('/products', {
      ...base,
      extra_fields: { storage: '256GB', screen: 6.1, unlocked: true },
    });
    expect(made.extra_fields).toEqual({ storage: '256GB', screen: 6.1, unlocked: true });
    const bad = await call('PATCH', `/products/${made.id}`, agent, {
      extra_fields: { storage: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Storage is required');
    // Another device type: the old type's values do not follow the product.
    const moved = await call<{ extra_fields: Record<string, unknown> }>(
      'PATCH',
      `/products/${made.id}`,
      agent,
      { category_id: plain.id },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.extra_fields).toEqual({});
    // Another company sees none of it.
    const list = await call<{ results: { id: number }[] }>('GET', '/device-type-fields', agent);
    const id = list.body.data.results[0]?.id ?? 0;
    expect((await call('GET', `/device-type-fields/${id}`, other)).status).toBe(404);
  });
});

describe('static accessories', () => {
  it('lists accessories per store (a store row wins), refused for devices and others stores', async () => {
    const charger = await product('accessory');
    const phone = await product('device');
    const refused = await call('POST', '/static-accessories', agent, {
      product_id: phone.id,
      quantity: 2,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.product_id).toEqual([
      'Choose an accessory (a product of kind accessory)',
    ]);
    const everyStore = await created('/static-accessories', {
      product_id: charger.id,
      quantity: 5,
    });
    const twice = await call('POST', '/static-accessories', agent, {
      product_id: charger.id,
      quantity: 1,
    });
    expect(twice.status).toBe(409);
    await created('/static-accessories', {
      product_id: charger.id,
      store_id: storeId,
      quantity: 2,
    });
    type Item = { id: number; quantity: number };
    const atStore = await call<Item[]>(
      'GET',
      `/shop/static-accessories?store_id=${storeId}`,
      manager,
    );
    expect(atStore.body.data.find((item) => item.id === charger.id)?.quantity).toBe(2);
    const elsewhere = await call<Item[]>(
      'GET',
      `/shop/static-accessories?store_id=${outsideId}`,
      agent,
    );
    expect(elsewhere.body.data.find((item) => item.id === charger.id)?.quantity).toBe(5);
    // The manager orders only for their stores.
    expect(
      (await call('GET', `/shop/static-accessories?store_id=${outsideId}`, manager)).status,
    ).toBe(403);
    const theirStore = await call('POST', '/static-accessories', manager, {
      product_id: charger.id,
      store_id: outsideId,
      quantity: 1,
    });
    expect(theirStore.status).toBe(403);
    expect(theirStore.body.message).toBe('You may not order for this store');
    // Edit and delete.
    const edited = await call<{ quantity: number }>(
      'PATCH',
      `/static-accessories/${everyStore.id}`,
      agent,
      { quantity: 6 },
    );
    expect(edited.body.data.quantity).toBe(6);
    // Another company: 404 for the row and for our store.
    expect((await call('GET', `/static-accessories/${everyStore.id}`, other)).status).toBe(404);
    expect((await call('GET', `/shop/static-accessories?store_id=${storeId}`, other)).status).toBe(
      404,
    );
    expect((await call('DELETE', `/static-accessories/${everyStore.id}`, agent)).status).toBe(200);
    const after = await call<Item[]>(
      'GET',
      `/shop/static-accessories?store_id=${outsideId}`,
      agent,
    );
    expect(after.body.data.some((item) => item.id === charger.id)).toBe(false);
  });
});

describe('suggested order', () => {
  /** A completed sale of `quantity` units, put on the shelf just before (a sale takes them). */
  async function sale(productId: number, quantity: number) {
    await stockQuantity(t, { storeId, companyId }, productId, quantity);
    const held = await created<{ id: number; total_cents: number; lines: { id: number }[] }>(
      '/sales',
      { store_id: storeId, lines: [{ product_id: productId, quantity }] },
    );
    const paid = await call('POST', `/sales/${held.id}/complete`, agent, {
      payments: [{ method: 'card', amount_cents: held.total_cents }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { saleId: held.id, lineId: held.lines[0]?.id ?? 0 };
  }

  const suggestions = async (kind: string, token = agent) => {
    const res = await call<{ sales_days: number; lines: Suggested[] }>(
      'GET',
      `/suggested-order?store_id=${storeId}&kind=${kind}`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('max(minimum, ceil(average daily sales x lead days)) less on hand, in transit and on order', async () => {
    const cable = await product('accessory', { lead_days: 7 });
    const tablet = await product('device');
    const idle = await product('accessory', { lead_days: 7 });
    // 28 sold, 8 of them returned, over the default 28 days: 20 / 28 a day; 7 lead days: 5 units.
    // (Returned dead on arrival: the 8 go to the defective location, not back on the shelf.)
    await sale(cable.id, 20);
    const back = await sale(cable.id, 8);
    const returned = await call('POST', '/sale-returns', agent, {
      type: 'doa',
      reason: 'Customer request',
      sale_id: back.saleId,
      sale_line_id: back.lineId,
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await created('/stock-minimums', { store_id: storeId, product_id: cable.id, min_quantity: 3 });
    // One on the shelf, two on the way (shipped from the warehouse, not yet received).
    await stockUnits(t, { storeId, companyId }, cable.id, [`${tag}-C-SHELF`]);
    const warehouse = await created('/stock-locations', { name: `Replenish WH ${tag}` });
    await created('/inventory-items', {
      product_id: cable.id,
      location_id: warehouse.id,
      serials: [`${tag}-C-1`, `${tag}-C-2`],
    });
    const order = await created('/orders', {
      store_id: storeId,
      kind: 'accessory',
      lines: [{ product_id: cable.id, quantity: 2 }],
    });
    await call('POST', `/orders/${order.id}/transition`, agent, { to: 'submitted' });
    const shipped = await call<{ status: string }>('POST', `/fulfill-order/${order.id}`, agent, {
      serials: [`${tag}-C-1`, `${tag}-C-2`],
    });
    expect(shipped.body.data.status).toBe('shipped');
    // Sold once, then plenty on the shelf: never below zero.
    await sale(idle.id, 28);
    await stockUnits(
      t,
      { storeId, companyId },
      idle.id,
      Array.from({ length: 9 }, (_, i) => `${tag}-I-${i}`),
    );

    const accessories = await suggestions('accessory');
    expect(accessories.sales_days).toBe(28);
    expect(accessories.lines.find((line) => line.product_id === cable.id)).toMatchObject({
      minimum: 3,
      sold: 28,
      returned: 8,
      lead_days: 7,
      target: 5,
      on_hand: 1,
      in_transit: 2,
      on_order: 0,
      suggested: 2,
    });
    expect(accessories.lines.find((line) => line.product_id === idle.id)).toMatchObject({
      target: 7,
      on_hand: 9,
      suggested: 0,
    });

    // A device with no sales: the minimum wins; an open order's units count as on order.
    await created('/stock-minimums', { store_id: storeId, product_id: tablet.id, min_quantity: 6 });
    await created('/orders', {
      store_id: storeId,
      lines: [{ product_id: tablet.id, quantity: 1 }],
    });
    const devices = await suggestions('device', manager);
    expect(devices.lines.find((line) => line.product_id === tablet.id)).toMatchObject({
      minimum: 6,
      sold: 0,
      target: 6,
      on_order: 1,
      suggested: 5,
    });
    expect(devices.lines.some((line) => line.product_id === cable.id)).toBe(false);
  });

  it("takes the product's lead days, else its supplier's lead time, else the company default", async () => {
    const warehouse = await created('/stock-locations', { name: `Lead WH ${tag}` });
    const supplier = (lead_time_days: number) =>
      created('/inventory-suppliers', { name: `Lead ${lead_time_days}d ${tag}`, lead_time_days });
    const [slow, quick, dropped] = await Promise.all([supplier(10), supplier(2), supplier(20)]);
    const purchase = async (supplierId: number, productId: number, cancel = false) => {
      const made = await created('/inventory-purchase-orders', {
        supplier_id: supplierId,
        warehouse_id: warehouse.id,
        lines: [{ product_id: productId, quantity: 5, unit_cost_cents: 500 }],
      });
      if (cancel)
        expect(
          (
            await call('POST', `/inventory-purchase-orders/${made.id}/transition`, agent, {
              to: 'canceled',
            })
          ).status,
        ).toBe(200);
    };
    const own = await product('accessory', { lead_days: 3 });
    const bought = await product('accessory');
    const neither = await product('accessory');
    // Own lead days win over the supplier's; the latest order's supplier counts, a canceled one not.
    await purchase(slow.id, own.id);
    await purchase(quick.id, bought.id);
    await purchase(slow.id, bought.id);
    await purchase(dropped.id, bought.id, true);
    // One a day over the 28 days: the target is the lead days.
    for (const item of [own, bought, neither]) await sale(item.id, 28);
    const lines = (await suggestions('accessory')).lines;
    const leadOf = (id: number) => lines.find((line) => line.product_id === id);
    expect(leadOf(own.id)).toMatchObject({ lead_days: 3, target: 3 });
    expect(leadOf(bought.id)).toMatchObject({ lead_days: 10, target: 10 });
    expect(leadOf(neither.id)).toMatchObject({ lead_days: 7, target: 7 });
  });

  it('only for a store the caller may order for; another company gets a 404', async () => {
    const outside = await call('GET', `/suggested-order?store_id=${outsideId}`, manager);
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe('You may not order for this store');
    const minimum = await call('POST', '/stock-minimums', manager, {
      store_id: outsideId,
      product_id: (await product('device')).id,
      min_quantity: 1,
    });
    expect(minimum.status).toBe(403);
    expect((await call('GET', `/suggested-order?store_id=${storeId}`, other)).status).toBe(404);
    const employee = await t.login('user@demo.example');
    expect((await call('GET', `/suggested-order?store_id=${storeId}`, employee)).status).toBe(403);
  });
});
