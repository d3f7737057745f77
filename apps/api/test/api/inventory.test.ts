import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T };
interface Location {
  id: number;
  kind: string;
  name: string;
  store_id: number | null;
  order_id: number | null;
}
interface OnHand {
  location_id: number;
  location_kind: string;
  product_id: number;
  quantity: number;
}
interface Check {
  matched: string[];
  missing: string[];
  unexpected: string[];
  wrong_product: string[];
}

let t: TestApp;
let agent: string;
let other: string;
let storeId: number;
let phone: number;
let tablet: number;
let warehouse: number;
let run = 0;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Data<T>>(method, `/api${path}`, { token, body });

const serials = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

const addStock = async (product: number, list: string[], location = warehouse) => {
  const res = await call<unknown[]>('POST', '/inventory-items', agent, {
    product_id: product,
    location_id: location,
    serials: list,
    cost_cents: 30_000,
    price_cents: 45_000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** A submitted order of `lines` ([product, quantity]). */
const submittedOrder = async (lines: [number, number][]) => {
  const res = await call<{ id: number }>('POST', '/orders', agent, {
    store_id: storeId,
    lines: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const moved = await call('POST', `/orders/${res.body.data.id}/transition`, agent, {
    to: 'submitted',
  });
  expect(moved.status).toBe(200);
  return res.body.data.id;
};

const onHand = async (query = '') =>
  (await call<OnHand[]>('GET', `/stock-on-hand${query}`, agent)).body.data;
const quantityAt = async (kind: string, product: number) =>
  (await onHand(`?product_id=${product}`))
    .filter((row) => row.location_kind === kind)
    .reduce((sum, row) => sum + row.quantity, 0);
const companyTotal = async (product: number) =>
  (await onHand(`?product_id=${product}`)).reduce((sum, row) => sum + row.quantity, 0);

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  other = await t.login('admin@northwind.example');
  const stores = await call<{ results: { id: number }[] }>('GET', '/stores?perPage=1', agent);
  storeId = stores.body.data.results[0]?.id ?? 0;
  run = Date.now() % 100000;
  const product = async (sku: string) => {
    const res = await call<{ id: number }>('POST', '/products', agent, {
      name: `Stock ${sku}`,
      sku: `${sku}-${run}`,
      price_cents: 45_000,
      is_serialized: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  phone = await product('PHONE');
  tablet = await product('TABLET');
  const made = await call<Location>('POST', '/stock-locations', agent, { name: 'Main Warehouse' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  warehouse = made.body.data.id;
});
afterAll(() => t.close());

describe('stock', () => {
  it('adds units with one movement each; a serial is in one place only; nothing written on a bad batch', async () => {
    await addStock(phone, serials(`P${run}`, 10));
    await addStock(tablet, serials(`T${run}`, 3));
    expect(await quantityAt('warehouse', phone)).toBe(10);
    const dup = await call('POST', '/inventory-items', agent, {
      product_id: phone,
      location_id: warehouse,
      serials: [`NEW${run}`, `P${run}-0001`],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Serial P${run}-0001 is already in stock`);
    const twice = await call('POST', '/inventory-items', agent, {
      product_id: phone,
      location_id: warehouse,
      serials: [`X${run}`, `X${run}`],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(`Serial X${run} is listed twice`);
    const noProduct = await call('POST', '/inventory-items', agent, {
      product_id: 999_999,
      location_id: warehouse,
      serials: [`Y${run}`],
    });
    expect(noProduct.status).toBe(400);
    const negative = await call('POST', '/inventory-items', agent, {
      product_id: phone,
      location_id: warehouse,
      serials: [`Z${run}`],
      cost_cents: -1,
    });
    expect(negative.status).toBe(400);
    expect(await quantityAt('warehouse', phone)).toBe(10);
    const lookup = await call<{ item: { location_id: number }; history: { reason: string }[] }>(
      'GET',
      `/product-serials?serial=P${run}-0001`,
      agent,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.item.location_id).toBe(warehouse);
    expect(lookup.body.data.history.map((m) => m.reason)).toEqual(['Added to stock']);
    // Another company does not see it.
    expect((await call('GET', `/product-serials?serial=P${run}-0001`, other)).status).toBe(404);
    expect((await call('GET', '/product-serials?serial=NOPE', agent)).status).toBe(404);
  });
});

describe('fulfilment and receiving', () => {
  it('refuses a wrong pick with a message naming it, ships an exact one into transit', async () => {
    const id = await submittedOrder([[phone, 5]]);
    const unfulfilled = await call<{ id: number }[]>('GET', '/unfulfilled-orders', agent);
    expect(unfulfilled.body.data.map((o) => o.id)).toContain(id);
    const list = await call<{ lines: { ordered: number; in_warehouse: number }[] }>(
      'GET',
      `/fulfill-order/${id}`,
      agent,
    );
    expect(list.body.data.lines).toEqual([
      expect.objectContaining({ ordered: 5, shipped: 0, in_warehouse: 10 }),
    ]);
    const short = await call('POST', `/fulfill-order/${id}`, agent, {
      serials: serials(`P${run}`, 4),
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(`Pick 5 units of Stock PHONE (4 picked)`);
    const wrong = await call('POST', `/fulfill-order/${id}`, agent, {
      serials: [...serials(`P${run}`, 4), `T${run}-0000`],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`Serial T${run}-0000 is a Stock TABLET, not on this order`);
    const unknown = await call('POST', `/fulfill-order/${id}`, agent, {
      serials: [...serials(`P${run}`, 4), 'UNKNOWN-1'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Serial UNKNOWN-1 not found');
    expect(await quantityAt('warehouse', phone)).toBe(10);

    const shipped = await call<{ status: string }>('POST', `/fulfill-order/${id}`, agent, {
      serials: serials(`P${run}`, 5),
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.status).toBe('shipped');
    // In transit: out of the warehouse, in neither site; the company's total is unchanged.
    expect(await quantityAt('warehouse', phone)).toBe(5);
    expect(await quantityAt('in_transit', phone)).toBe(5);
    expect(await companyTotal(phone)).toBe(10);
    const again = await call('POST', `/fulfill-order/${id}`, agent, {
      serials: serials(`P${run}`, 5),
    });
    expect(again.status).toBe(409);
    const history = await call<{ action: string; to_status: string | null; note: string | null }[]>(
      'GET',
      `/orders/${id}/history`,
      agent,
    );
    const moves = history.body.data.filter((h) => h.action === 'transition');
    expect(moves.map((h) => h.to_status)).toEqual(
      expect.arrayContaining(['pending_shipment', 'shipped']),
    );
    expect(moves.find((h) => h.to_status === 'shipped')?.note).toBe('5 units shipped');
    const fulfilled = await call<{ id: number; shipped: number }[]>(
      'GET',
      '/fulfilled-orders',
      agent,
    );
    expect(fulfilled.body.data.find((o) => o.id === id)?.shipped).toBe(5);

    // Receiving: ship 5, scan 4 and 1 foreign -> under review, 1 missing, 1 unexpected, store +4.
    const scan = [...serials(`P${run}`, 4), 'FOREIGN-1'];
    const check = await call<Check>('POST', `/receive-order/${id}/check`, agent, {
      serials: scan,
    });
    expect(check.body.data).toEqual({
      matched: serials(`P${run}`, 4),
      missing: [`P${run}-0004`],
      unexpected: ['FOREIGN-1'],
      wrong_product: [],
    });
    const storeBefore = await quantityAt('store', phone);
    const received = await call<Check & { status: string; discrepancy_id: number }>(
      'POST',
      `/receive-order/${id}`,
      agent,
      { serials: scan },
    );
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.message).toBe('Order under review');
    expect(received.body.data).toMatchObject({
      status: 'under_review',
      missing: [`P${run}-0004`],
      unexpected: ['FOREIGN-1'],
    });
    expect(await quantityAt('store', phone)).toBe(storeBefore + 4);
    expect(await quantityAt('in_transit', phone)).toBe(1);
    expect(await companyTotal(phone)).toBe(10);
    const discrepancy = await call<{ missing: string[]; resolution: null }>(
      'GET',
      `/order-discrepancies/${id}`,
      agent,
    );
    expect(discrepancy.body.data).toMatchObject({ missing: [`P${run}-0004`], resolution: null });
    expect((await call('GET', `/order-discrepancies/${id}`, other)).status).toBe(404);
    const resolved = await call<{ resolution: string }>(
      'POST',
      `/order-discrepancies/${id}/resolve`,
      agent,
      { resolution: 'reship' },
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.data.resolution).toBe('reship');
    expect((await call<{ status: string }>('GET', `/orders/${id}`, agent)).body.data.status).toBe(
      'received',
    );
    expect(await quantityAt('warehouse', phone)).toBe(6);
    expect(
      (await call('POST', `/order-discrepancies/${id}/resolve`, agent, { resolution: 'accept' }))
        .status,
    ).toBe(409);
    const trail = await call<{ history: { reason: string }[] }>(
      'GET',
      `/product-serials?serial=P${run}-0000`,
      agent,
    );
    expect(trail.body.data.history.map((m) => m.reason)).toEqual([
      'Added to stock',
      'Shipped to store',
      'Received by store',
    ]);
  });

  it('a fully matched receipt makes the order received; partial fulfilment ships fewer', async () => {
    const id = await submittedOrder([
      [phone, 2],
      [tablet, 2],
    ]);
    const partial = await call<{ status: string }>('POST', `/fulfill-order/${id}`, agent, {
      serials: [`P${run}-0009`, `T${run}-0000`],
      partial: true,
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.data.status).toBe('shipped');
    const storeBefore = await quantityAt('store', tablet);
    const received = await call<{ status: string }>('POST', `/receive-order/${id}`, agent, {
      serials: [`T${run}-0000`, `P${run}-0009`],
    });
    expect(received.body.message).toBe('Order received');
    expect(received.body.data.status).toBe('received');
    expect(await quantityAt('store', tablet)).toBe(storeBefore + 1);
    const twice = await call('POST', `/receive-order/${id}`, agent, { serials: [] });
    expect(twice.status).toBe(409);
  });

  it('a partial ship puts the rest on a backorder that holds it, ships later and cancels', async () => {
    interface OrderRow {
      id: number;
      store_id: number;
      kind: string;
      status: string;
      note: string | null;
      total_cents: number;
      lines: { product_id: number; quantity: number; unit_price_cents: number }[];
    }
    interface ShopRow {
      id: number;
      in_stock: number;
      reserved: number;
    }
    // Products of its own, so no other test's orders hold their units.
    const product = async (sku: string) => {
      const res = await call<{ id: number }>('POST', '/products', agent, {
        name: `Backorder ${sku}`,
        sku: `${sku}-${run}`,
        price_cents: 45_000,
        is_serialized: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    const phone = await product('BOPHONE');
    const tablet = await product('BOTABLET');
    const shopTablet = async () => {
      const page = await call<{ results: ShopRow[] }>(
        'GET',
        `/shop/products?search=BOTABLET-${run}`,
        agent,
      );
      const row = page.body.data.results.find((found) => found.id === tablet);
      if (!row) throw new Error(`the shop lists no tablet: ${JSON.stringify(page.body)}`);
      return row;
    };
    await addStock(phone, serials(`B${run}`, 2));
    await addStock(tablet, serials(`BT${run}`, 3));
    const id = await submittedOrder([
      [phone, 2],
      [tablet, 2],
    ]);
    const before = await shopTablet();
    expect(before).toMatchObject({ in_stock: 1, reserved: 2 });
    const partial = await call<OrderRow>('POST', `/fulfill-order/${id}`, agent, {
      serials: [`B${run}-0000`, `BT${run}-0001`],
      partial: true,
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.data.status).toBe('shipped');
    const backorderId = Number(/backorder #(\d+)$/.exec(partial.body.message)?.[1]);
    expect(partial.body.message).toBe(`Order shipped; the rest is on backorder #${backorderId}`);
    const backorder = (await call<OrderRow>('GET', `/orders/${backorderId}`, agent)).body.data;
    expect(backorder).toMatchObject({
      store_id: storeId,
      kind: 'device',
      status: 'pending_shipment',
      note: `Backorder of order #${id}`,
      total_cents: 90_000,
    });
    expect(
      backorder.lines.map((line) => [line.product_id, line.quantity, line.unit_price_cents]),
    ).toEqual([
      [phone, 1, 45_000],
      [tablet, 1, 45_000],
    ]);
    // The original keeps what shipped, so the four units are counted once across both orders.
    const original = (await call<OrderRow>('GET', `/orders/${id}`, agent)).body.data;
    expect(original.total_cents).toBe(90_000);
    expect(original.lines.map((line) => [line.product_id, line.quantity])).toEqual([
      [phone, 1],
      [tablet, 1],
    ]);
    const trail = await call<{ note: string | null }[]>('GET', `/orders/${id}/history`, agent);
    expect(trail.body.data.map((entry) => entry.note)).toContain(
      `2 units shipped (partial); the rest on backorder #${backorderId}`,
    );
    const queue = await call<{ id: number }[]>('GET', '/unfulfilled-orders', agent);
    expect(queue.body.data.map((row) => row.id)).toContain(backorderId);
    // The shipped tablet left the warehouse; the backordered one is still held.
    const after = await shopTablet();
    expect(after.in_stock).toBe(before.in_stock);
    expect(after.reserved).toBe(before.reserved - 1);

    expect((await call('GET', `/orders/${backorderId}`, other)).status).toBe(404);
    expect((await call('GET', `/fulfill-order/${backorderId}`, other)).status).toBe(404);

    const received = await call<{ status: string; missing: string[] }>(
      'POST',
      `/receive-order/${id}`,
      agent,
      { serials: [`BT${run}-0001`, `B${run}-0000`] },
    );
    expect(received.body.data).toMatchObject({ status: 'received', missing: [] });

    const rest = await call<OrderRow>('POST', `/fulfill-order/${backorderId}`, agent, {
      serials: [`B${run}-0001`, `BT${run}-0002`],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.message).toBe('Order shipped');
    expect(rest.body.data.status).toBe('shipped');
    expect((await shopTablet()).reserved).toBe(before.reserved - 2);

    // Picking everything with `partial` makes no backorder; canceling a backorder releases it.
    await addStock(tablet, serials(`C${run}`, 2));
    const whole = await submittedOrder([[tablet, 1]]);
    const all = await call('POST', `/fulfill-order/${whole}`, agent, {
      serials: [`C${run}-0000`],
      partial: true,
    });
    expect(all.body.message).toBe('Order shipped');
    const two = await submittedOrder([[tablet, 2]]);
    const held = (await shopTablet()).reserved;
    const one = await call('POST', `/fulfill-order/${two}`, agent, {
      serials: [`C${run}-0001`],
      partial: true,
    });
    const second = Number(/backorder #(\d+)$/.exec(one.body.message)?.[1]);
    expect((await shopTablet()).reserved).toBe(held - 1);
    const canceled = await call('POST', `/orders/${second}/transition`, agent, { to: 'canceled' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect((await shopTablet()).reserved).toBe(held - 2);
  });

  it('another company: every order route answers 404', async () => {
    const id = await submittedOrder([[phone, 1]]);
    expect((await call('GET', `/fulfill-order/${id}`, other)).status).toBe(404);
    expect(
      (await call('POST', `/fulfill-order/${id}`, other, { serials: [`P${run}-0005`] })).status,
    ).toBe(404);
    expect((await call('POST', `/receive-order/${id}`, other, { serials: [] })).status).toBe(404);
    expect((await call('POST', `/receive-order/${id}/check`, other, { serials: [] })).status).toBe(
      404,
    );
  });

  it('two clerks at once cannot ship one serial twice (same order, and two orders)', async () => {
    const a = await submittedOrder([[phone, 1]]);
    const b = await submittedOrder([[phone, 1]]);
    const serial = `P${run}-0006`;
    const [x, y] = await Promise.all([
      call('POST', `/fulfill-order/${a}`, agent, { serials: [serial] }),
      call('POST', `/fulfill-order/${b}`, agent, { serials: [serial] }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect([x.body.message, y.body.message]).toContain(`Serial ${serial} is not in the warehouse`);
    const c = await submittedOrder([[phone, 1]]);
    const [p, q] = await Promise.all([
      call('POST', `/fulfill-order/${c}`, agent, { serials: [`P${run}-0007`] }),
      call('POST', `/fulfill-order/${c}`, agent, { serials: [`P${run}-0008`] }),
    ]);
    expect([p.status, q.status].sort()).toEqual([200, 409]);
    const moves = await call<{ total: number }>('GET', `/stock-movements?serial=${serial}`, agent);
    expect(moves.body.data.total).toBe(2);
    expect(await companyTotal(phone)).toBe(10);
  });

  it('fulfils a 100-serial order in one request', async () => {
    const list = serials(`BULK${run}`, 100);
    await addStock(phone, list);
    const id = await submittedOrder([[phone, 100]]);
    const started = performance.now();
    const res = await call<{ status: string }>('POST', `/fulfill-order/${id}`, agent, {
      serials: list,
    });
    const ms = performance.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('shipped');
    console.info(`fulfilment of a 100-serial order: ${ms.toFixed(0)} ms`);
  });
});
