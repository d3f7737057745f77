// Fixtures of the sales tests (sales.test.ts and the generic suite's samples): products, units in a
// store's stock, IMEIs and ICCIDs that pass Luhn, held and completed sales.
import { addStoreUnits } from '../../src/modules/inventory/api.ts';
import { withCheckDigit } from '../../src/modules/sales/demo.ts';
import type { TestApp } from '../support/test-app.ts';

let counter = 0;
const stamp = () =>
  `${String(Date.now() % 1e6).padStart(6, '0')}${String(++counter).padStart(3, '0')}`;

/** A fresh IMEI (15 digits, Luhn) and ICCID (19 digits, Luhn), unique in the test run. */
export const nextImei = () =>
  withCheckDigit(`35${stamp()}${String(counter % 100000).padStart(3, '0')}`.slice(0, 14));
export const nextIccid = () => withCheckDigit(`8901260${stamp()}${'00'}`.slice(0, 18));

type Data<T> = { data: T };

/** A product of the token's company: an accessory without serial, or a serialised device. */
export async function makeProduct(
  t: TestApp,
  token: string,
  kind: 'accessory' | 'device',
  price_cents = kind === 'device' ? 50_000 : 1_500,
): Promise<number> {
  const res = await t.call<Data<{ id: number }>>('POST', '/api/products', {
    token,
    body: {
      name: `Sales ${kind} ${stamp()}`,
      sku: `SALES-${kind}-${stamp()}`,
      kind,
      price_cents,
      is_serialized: kind === 'device',
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.id;
}

/** The first active store of the token's company, with its company. */
export async function firstStore(t: TestApp, token: string) {
  const list = await t.call<Data<{ results: { id: number; company_id: number }[] }>>(
    'GET',
    '/api/stores?filter[is_active]=true&sort=id&perPage=1',
    { token },
  );
  const store = list.body.data.results[0];
  if (!store) throw new Error('no store');
  return { storeId: store.id, companyId: store.company_id };
}

/** Units received into a store's stock (as the warehouse would), by serial. */
export async function stockUnits(
  t: TestApp,
  where: { storeId: number; companyId: number },
  productId: number,
  serials: string[],
) {
  await t.database.db.transaction((tx) =>
    addStoreUnits(
      tx,
      { companyId: where.companyId, userId: null },
      where.storeId,
      productId,
      serials,
    ),
  );
}

/**
 * Units of a product sold by quantity (an accessory) received into a store's stock: `count` units
 * with serials of their own, as the warehouse would ship them.
 */
export async function stockQuantity(
  t: TestApp,
  where: { storeId: number; companyId: number },
  productId: number,
  count: number,
) {
  const batch = stamp();
  await stockUnits(
    t,
    where,
    productId,
    Array.from({ length: count }, (_, n) => `QTY-${String(productId)}-${batch}-${String(n + 1)}`),
  );
}

/** An accessory (no serial) with `count` units on the shelf of the token's first store. */
export async function stockedAccessory(t: TestApp, token: string, count: number) {
  const product = await makeProduct(t, token, 'accessory');
  await stockQuantity(t, await firstStore(t, token), product, count);
  return product;
}

/** A held sale of one accessory (one unit of it in stock) at the token's first store. */
export async function heldSale(t: TestApp, token: string) {
  const where = await firstStore(t, token);
  const { storeId } = where;
  const product = await makeProduct(t, token, 'accessory');
  await stockQuantity(t, where, product, 1);
  const res = await t.call<Data<{ id: number; total_cents: number; lines: { id: number }[] }>>(
    'POST',
    '/api/sales',
    {
      token,
      body: {
        store_id: storeId,
        note: 'Sample counter sale',
        lines: [{ product_id: product, quantity: 1 }],
      },
    },
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

/** Pays a held sale in full by card. */
export async function completeSale(t: TestApp, token: string, id: number) {
  const sale = await t.call<Data<{ total_cents: number }>>('GET', `/api/sales/${String(id)}`, {
    token,
  });
  const res = await t.call<Data<{ status: string }>>('POST', `/api/sales/${String(id)}/complete`, {
    token,
    body: { payments: [{ method: 'card', amount_cents: sale.body.data.total_cents }] },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

/** A completed sale of one accessory and the id of its line. */
export async function completedSale(t: TestApp, token: string) {
  const sale = await heldSale(t, token);
  await completeSale(t, token, sale.id);
  return { saleId: sale.id, lineId: sale.lines[0]?.id ?? 0 };
}
