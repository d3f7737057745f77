import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Data<T> = { data: T };
interface OnHand {
  location_id: number;
  location_kind: string;
  product_id: number;
  quantity: number;
}
interface ReconLine {
  line: number;
  sku: string;
  on_hand: number;
  counted: number;
  difference: number;
}
interface Recon {
  dry_run: boolean;
  lines: ReconLine[];
  adjustment_ids: number[];
}
interface RowError {
  line: number;
  field: string | null;
  message: string;
}

let t: TestApp;
let agent: string;
let warehouse: string;
let manager: string;
let other: string;
let location: number;
let reasonId: number;
let tag = '';
const ids: Record<string, number> = {};

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Data<T>>(method, `/api${path}`, { token, body });

const stockAt = async (product: number) =>
  (
    await call<OnHand[]>(
      'GET',
      `/stock-on-hand?location_id=${location}&product_id=${product}`,
      agent,
    )
  ).body.data.reduce((sum, row) => sum + row.quantity, 0);
const snapshot = async () => ({
  case: await stockAt(ids.CASE ?? 0),
  cable: await stockAt(ids.CABLE ?? 0),
  glass: await stockAt(ids.GLASS ?? 0),
});
const recon = (csv: string, dry_run: boolean, token = warehouse) =>
  call<Recon>('POST', '/accessory-recon-upload', token, {
    location_id: location,
    reason_id: reasonId,
    csv,
    dry_run,
  });

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  warehouse = await t.login('warehouse@demo.example');
  manager = await t.login('manager@demo.example');
  other = await t.login('admin@northwind.example');
  tag = String(Date.now() % 1_000_000);
  const made = await call<{ id: number }>('POST', '/stock-locations', agent, {
    name: `Recon Warehouse ${tag}`,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  location = made.body.data.id;
  for (const [key, kind, units] of [
    ['CASE', 'accessory', 5],
    ['CABLE', 'accessory', 3],
    ['GLASS', 'accessory', 0],
    ['PHONE', 'device', 1],
  ] as const) {
    const product = await call<{ id: number }>('POST', '/products', agent, {
      name: `Recon ${key} ${tag}`,
      sku: `R${tag}-${key}`,
      price_cents: 1_000,
      kind,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    ids[key] = product.body.data.id;
    if (units) {
      const added = await call('POST', '/inventory-items', agent, {
        product_id: product.body.data.id,
        location_id: location,
        serials: Array.from({ length: units }, (_, n) => `R${tag}-${key}-${n}`),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
  }
  const reason = await call<{ id: number }>('POST', '/adjustment-reasons', agent, {
    name: `Cycle count ${tag}`,
  });
  reasonId = reason.body.data.id;
});
afterAll(() => t.close());

describe('accessory recon upload', () => {
  it('lists the differences on a dry run, then posts them: stock equals the count, each move recorded with the reason', async () => {
    const csv = `sku,quantity\nR${tag}-CASE,3\nR${tag}-CABLE,5\nR${tag}-GLASS,0\n`;
    const dry = await recon(csv, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.message).toBe('2 differences found; nothing was saved');
    expect(dry.body.data.lines).toMatchObject([
      { line: 2, sku: `R${tag}-CASE`, on_hand: 5, counted: 3, difference: -2 },
      { line: 3, sku: `R${tag}-CABLE`, on_hand: 3, counted: 5, difference: 2 },
      { line: 4, sku: `R${tag}-GLASS`, on_hand: 0, counted: 0, difference: 0 },
    ]);
    expect(dry.body.data.adjustment_ids).toEqual([]);
    expect(await snapshot()).toEqual({ case: 5, cable: 3, glass: 0 });

    const posted = await recon(csv, false);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.message).toBe('2 stock adjustments posted');
    expect(posted.body.data.adjustment_ids).toHaveLength(2);
    expect(await snapshot()).toEqual({ case: 3, cable: 5, glass: 0 });
    // The company's stock of cases went down by two: they sit in "Written off by count".
    const all = await call<OnHand[]>('GET', `/stock-on-hand?product_id=${ids.CASE}`, agent);
    expect(all.body.data.find((row) => row.location_kind === 'adjusted')?.quantity).toBe(2);
    const moves = await call<{ results: { reason: string }[] }>(
      'GET',
      `/stock-movements?serial=R${tag}-CASE-4`,
      agent,
    );
    expect(moves.body.data.results[0]?.reason).toBe(`Count adjustment: Cycle count ${tag}`);
    // Counting again finds nothing to adjust.
    const again = await recon(csv, true);
    expect(again.body.message).toBe('The count matches the stock; nothing to adjust');
  });

  it('names bad rows by line and column and writes nothing', async () => {
    const before = await snapshot();
    const csv = [
      'sku,quantity',
      `R${tag}-CASE,1`,
      `NOPE-${tag},2`,
      `R${tag}-PHONE,1`,
      `R${tag}-CABLE,x`,
      `R${tag}-CASE,4`,
    ].join('\n');
    const res = await recon(csv, false);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('4 rows have errors; nothing was saved');
    expect((res.body.data as unknown as { errors: RowError[] }).errors).toEqual([
      { line: 3, field: 'sku', message: `No product with SKU NOPE-${tag}` },
      { line: 4, field: 'sku', message: `Recon PHONE ${tag} is not an accessory` },
      { line: 5, field: 'quantity', message: 'Enter a whole quantity of 0 or more' },
      { line: 6, field: 'sku', message: `SKU R${tag}-CASE is already counted on line 2` },
    ]);
    const header = await recon('product,count\nx,1', false);
    expect(header.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('needs write_stock_adjustments (403); a location or reason of another company is refused', async () => {
    const csv = `sku,quantity\nR${tag}-CASE,0\n`;
    expect((await recon(csv, false, manager)).status).toBe(403);
    const foreign = await recon(csv, false, other);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Choose a warehouse or a store');
    const badReason = await call('POST', '/accessory-recon-upload', warehouse, {
      location_id: location,
      reason_id: 999_999_999,
      csv,
      dry_run: false,
    });
    expect(badReason.status).toBe(400);
    expect(badReason.body.message).toBe('Choose a reason');
    expect(await stockAt(ids.CASE ?? 0)).toBe(3);
  });
});
