import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bulkMessages, type BulkRowError } from '@portal/contract/platform';
import { invoiceMessages } from '@portal/contract/resources/sale-invoices';
import { salesMessages, type Sale } from '@portal/contract/resources/sales';
import { products } from '../../src/modules/catalog/schema.ts';
import { storeUnitCounts, unitPlace } from '../../src/modules/inventory/api.ts';
import { sales } from '../../src/modules/sales/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { makeProduct, nextImei, stockUnits } from './sales-fixtures.ts';

type Reply<T> = {
  success: boolean;
  message: string;
  data: T;
  errors?: Record<string, string[]>;
};
type Bulk = { count: number; ids: number[]; errors?: BulkRowError[] };

let t: TestApp;
let agent: string;
let otherTenant: string;
let companyId: number;
let storeName: string;
let storeId: number;
let otherStoreId: number;
let accessoryId: number;
let accessorySku: string;
let secondAccessorySku: string;
let featureSku: string;
const run = `${String(Date.now() % 1e7)}`;
const number = (n: number) => `IMP-${run}-${String(n)}`;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });
const upload = (path: string, csv: string, token = agent, method = 'POST') =>
  call<Bulk>(method, path, token, { csv });

const invoiceCount = async () =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sales)
        .where(and(eq(sales.company_id, companyId), sql`${sales.invoice_number} is not null`))
    )[0]?.n,
  );
const invoice = async (invoiceNumber: string) => {
  const [row] = await t.database.db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.company_id, companyId), eq(sales.invoice_number, invoiceNumber)));
  if (!row) return undefined;
  return (await call<Sale>('GET', `/sales/${String(row.id)}`, agent)).body.data;
};
const skuOf = async (id: number) =>
  (await call<{ sku: string }>('GET', `/products/${String(id)}`, agent)).body.data.sku;

const header =
  'invoice_number,store,date,employee_email,customer_phone,note,sku,quantity,unit_price_cents,tax_cents,payment_method,payment_cents';
const templateHeader =
  'invoice_number,store,date,employee_email,customer_phone,note,sku,serial,quantity,unit_price_cents,tax_cents,payment_method,payment_cents';

/** A store's units on hand of a product. */
const onHand = async (productId: number, store = storeId) =>
  (await storeUnitCounts(t.database.db, companyId, store, [])).onHand.get(productId) ?? 0;
let unitNo = 0;
/** Units of a product sold by quantity into a store's stock (as a count would add them). */
const stockAccessory = (productId: number, n: number, store = storeId) =>
  stockUnits(
    t,
    { storeId: store, companyId },
    productId,
    Array.from({ length: n }, () => `ACC-${run}-${String(++unitNo)}`),
  );

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  const stores = await call<{ results: { id: number; name: string; company_id: number }[] }>(
    'GET',
    '/stores?filter[is_active]=true&sort=id&perPage=2',
    agent,
  );
  const [store, other] = stores.body.data.results;
  if (!store || !other) throw new Error('no stores');
  ({ id: storeId, name: storeName, company_id: companyId } = store);
  otherStoreId = other.id;
  accessoryId = await makeProduct(t, agent, 'accessory', 1_500);
  accessorySku = await skuOf(accessoryId);
  const second = await makeProduct(t, agent, 'accessory', 2_500);
  secondAccessorySku = await skuOf(second);
  // What the files below sell, in the store's stock.
  await stockAccessory(accessoryId, 20);
  await stockAccessory(second, 5);
  featureSku = `FEAT-${run}`;
  await t.database.db.insert(products).values({
    company_id: companyId,
    name: `Insurance ${run}`,
    sku: featureSku,
    kind: 'feature',
    price_cents: 1_200,
  });
});
afterAll(() => t.close());

describe('invoice bulk upload', () => {
  it('offers a template with the columns and an example line', async () => {
    const res = await call<{ columns: string[]; csv: string }>(
      'GET',
      '/sale-invoices/bulk/template?kind=upload',
      agent,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.csv.split('\n')[0]).toBe(templateHeader);
    expect(res.body.data.columns).toContain('payment_cents');
  });

  it('a file with a bad row names its line and column and writes nothing', async () => {
    const before = await invoiceCount();
    const csv = [
      header,
      `${number(1)},${storeName},2026-01-15,employee@demo.example,,,${accessorySku},2,1500,240,card,3240`,
      `${number(2)},${storeName},2026-01-15,employee@demo.example,,,NO-SUCH-SKU,1,500,0,cash,500`,
      `${number(3)},No Such Store,2099-01-01,nobody@demo.example,,,${accessorySku},1,1500,0,cash,1400`,
    ].join('\n');
    const res = await upload('/sale-invoices/bulk', csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(bulkMessages.failed(2));
    const errors = res.body.data.errors ?? [];
    expect(errors).toContainEqual({
      line: 3,
      field: 'sku',
      message: invoiceMessages.unknownSku('NO-SUCH-SKU'),
    });
    expect(errors).toContainEqual({
      line: 4,
      field: 'store',
      message: invoiceMessages.unknownStore('No Such Store'),
    });
    expect(errors).toContainEqual({ line: 4, field: 'date', message: invoiceMessages.dateFuture });
    expect(errors).toContainEqual({
      line: 4,
      field: 'employee_email',
      message: invoiceMessages.unknownEmployee('nobody@demo.example'),
    });
    expect(errors.every((error) => error.line !== 2)).toBe(true);
    expect(await invoiceCount()).toBe(before);
  });

  it('a good file imports completed invoices with their lines, payments, date and seller', async () => {
    const csv = [
      header,
      // Header on the first line, an item and a split payment over three lines.
      `${number(10)},${storeName},2026-01-15,employee@demo.example,,Imported,${accessorySku},2,1500,240,card,2000`,
      `${number(10)},,,,,,${secondAccessorySku},1,2500,200,cash,3940`,
      `${number(11)},${storeName},2026-01-16,employee@demo.example,,,${accessorySku},1,1500,120,cash,1620`,
    ].join('\n');
    const checked = await call<Bulk>('POST', '/sale-invoices/bulk', agent, { csv, dry_run: true });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.message).toBe(bulkMessages.checked(2));
    const res = await upload('/sale-invoices/bulk', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(invoiceMessages.uploaded(2));
    const first = await invoice(number(10));
    expect(first).toMatchObject({
      status: 'completed',
      invoice_number: number(10),
      store_id: storeId,
      subtotal_cents: 5_500,
      tax_cents: 440,
      total_cents: 5_940,
      paid_cents: 5_940,
      note: 'Imported',
      created_by_name: expect.any(String) as string,
    });
    expect(first?.payments).toEqual([
      { method: 'card', amount_cents: 2_000 },
      { method: 'cash', amount_cents: 3_940 },
    ]);
    expect(first?.lines).toHaveLength(2);
    expect(first?.completed_at?.slice(0, 10)).toBe('2026-01-15');

    // Listed and found by number in /pos/invoices' list.
    const listed = await call<{ results: Sale[] }>(
      'GET',
      `/sales?search=${encodeURIComponent(number(11))}`,
      agent,
    );
    expect(listed.body.data.results.map((s) => s.invoice_number)).toEqual([number(11)]);

    // The same file again: every invoice is taken, nothing written twice.
    const again = await upload('/sale-invoices/bulk', csv);
    expect(again.status).toBe(400);
    expect(again.body.data.errors?.[0]).toMatchObject({
      line: 2,
      field: 'invoice_number',
      message: invoiceMessages.invoiceTaken(number(10)),
    });
  });

  it('refuses payments that do not add up, naming the invoice on its first line', async () => {
    const res = await upload(
      '/sale-invoices/bulk',
      [
        header,
        `${number(20)},${storeName},2026-01-15,employee@demo.example,,,${accessorySku},1,1500,0,cash,1000`,
      ].join('\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      {
        line: 2,
        field: 'payment_cents',
        message: invoiceMessages.paymentsMismatch(number(20), '$10.00', '$15.00'),
      },
    ]);
  });
});

describe('invoice bulk update and delete', () => {
  it('updates the note and date by invoice number; an unknown number is refused by line', async () => {
    const bad = await upload(
      '/sale-invoices/bulk',
      `invoice_number,date,note\n${number(11)},2026-01-10,Moved\nNOPE-${run},,x\n`,
      agent,
      'PATCH',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([
      { line: 3, field: 'invoice_number', message: invoiceMessages.invoiceMissing(`NOPE-${run}`) },
    ]);
    expect((await invoice(number(11)))?.note).toBeNull();
    const res = await upload(
      '/sale-invoices/bulk',
      `invoice_number,date,note\n${number(11)},2026-01-10,Moved\n`,
      agent,
      'PATCH',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const moved = await invoice(number(11));
    expect(moved?.note).toBe('Moved');
    expect(moved?.completed_at?.slice(0, 10)).toBe('2026-01-10');
  });

  it('another company cannot see, change or delete these invoices', async () => {
    const del = await upload(
      '/sale-invoices/bulk/delete',
      `invoice_number\n${number(11)}\n`,
      otherTenant,
    );
    expect(del.status).toBe(400);
    expect(del.body.data.errors).toEqual([
      { line: 2, field: 'invoice_number', message: invoiceMessages.invoiceMissing(number(11)) },
    ]);
    const item = await upload(
      '/sale-accessory-items/bulk',
      `invoice_number,sku,quantity,unit_price_cents\n${number(11)},${accessorySku},1,100\n`,
      otherTenant,
    );
    expect(item.status).toBe(400);
    const id = (await invoice(number(11)))?.id ?? 0;
    expect((await call('GET', `/sales/${String(id)}`, otherTenant)).status).toBe(404);
    expect(await invoice(number(11))).toBeDefined();
  });

  it('deletes an imported invoice by number; a repeated key is refused', async () => {
    const twice = await upload(
      '/sale-invoices/bulk/delete',
      `invoice_number\n${number(11)}\n${number(11)}\n`,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.data.errors).toEqual([
      { line: 3, field: null, message: invoiceMessages.repeated(2) },
    ]);
    const res = await upload('/sale-invoices/bulk/delete', `invoice_number\n${number(11)}\n`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(invoiceMessages.deleted(1));
    expect(await invoice(number(11))).toBeUndefined();
  });
});

describe('accessory and feature items of an invoice', () => {
  it('adds, changes and deletes lines by invoice number and SKU; totals and payments follow', async () => {
    const wrongKind = await upload(
      '/sale-feature-items/bulk',
      `invoice_number,sku,quantity,unit_price_cents,tax_cents\n${number(10)},${accessorySku},1,100,0\n`,
    );
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.data.errors).toEqual([
      { line: 2, field: 'sku', message: invoiceMessages.notFeature(accessorySku) },
    ]);

    const added = await upload(
      '/sale-feature-items/bulk',
      `invoice_number,sku,quantity,unit_price_cents,tax_cents,payment_method\n${number(10)},${featureSku},1,1200,0,card\n`,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe(invoiceMessages.itemsUploaded(1));
    let sale = await invoice(number(10));
    expect(sale).toMatchObject({ total_cents: 7_140, paid_cents: 7_140 });
    expect(sale?.payments).toEqual([
      { method: 'card', amount_cents: 3_200 },
      { method: 'cash', amount_cents: 3_940 },
    ]);

    const taken = await upload(
      '/sale-accessory-items/bulk',
      `invoice_number,sku,quantity,unit_price_cents\n${number(10)},${accessorySku},1,100\n`,
    );
    expect(taken.body.data.errors?.[0]?.message).toBe(
      invoiceMessages.itemTaken(number(10), accessorySku),
    );

    const changed = await upload(
      '/sale-accessory-items/bulk',
      `invoice_number,sku,quantity,unit_price_cents,tax_cents\n${number(10)},${accessorySku},3,1500,360\n`,
      agent,
      'PATCH',
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    sale = await invoice(number(10));
    // 3 x 15.00 + 3.60 replaces 2 x 15.00 + 2.40: the total grows by 16.20.
    expect(sale).toMatchObject({ total_cents: 8_760, paid_cents: 8_760, tax_cents: 560 });

    const removed = await upload(
      '/sale-feature-items/bulk/delete',
      `invoice_number,sku\n${number(10)},${featureSku}\n`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    sale = await invoice(number(10));
    expect(sale?.lines).toHaveLength(2);
    expect(sale?.total_cents).toBe(7_560);

    const last = await upload(
      '/sale-accessory-items/bulk/delete',
      `invoice_number,sku\n${number(10)},${accessorySku}\n${number(10)},${secondAccessorySku}\n`,
    );
    expect(last.status).toBe(400);
    expect(last.body.data.errors).toEqual([
      { line: 3, field: 'sku', message: invoiceMessages.lastLine },
    ]);
    expect((await invoice(number(10)))?.lines).toHaveLength(2);
  });
});

describe('quicksnap invoice', () => {
  it('prices a dry run without saving, then rings up and pays the sale in one step', async () => {
    const body = {
      store_id: storeId,
      customer_name: 'Quinn Snap',
      customer_phone: `51255${run.slice(-5).padStart(5, '0')}`,
      lines: [{ sku: accessorySku, quantity: 2 }],
      payment_method: 'cash',
    };
    const before = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(eq(sales.company_id, companyId));
    const unknown = await call<Sale>('POST', '/sales/quicksnap', agent, {
      ...body,
      lines: [{ sku: 'NOPE', quantity: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.['lines.0.sku']).toEqual([invoiceMessages.unknownSku('NOPE')]);
    const preview = await call<Sale>('POST', '/sales/quicksnap', agent, { ...body, dry_run: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.subtotal_cents).toBe(3_000);
    const after = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(eq(sales.company_id, companyId));
    expect(after[0]?.n).toBe(before[0]?.n);

    const res = await call<Sale>('POST', '/sales/quicksnap', agent, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(invoiceMessages.quicksnapDone);
    expect(res.body.data).toMatchObject({
      status: 'completed',
      customer_name: 'Quinn Snap',
      total_cents: preview.body.data.total_cents,
      paid_cents: preview.body.data.total_cents,
    });
    // Another company's user cannot ring up at this store.
    const foreign = await call<Sale>('POST', '/sales/quicksnap', otherTenant, body);
    expect([400, 404]).toContain(foreign.status);
  });
});

describe('imported invoices move stock', () => {
  const stockHeader =
    'invoice_number,store,date,employee_email,sku,serial,quantity,unit_price_cents,tax_cents,payment_method,payment_cents';
  const line = (n: number, sku: string, serial: string, quantity: number, cents: number) =>
    `${number(n)},${storeName},2026-02-01,employee@demo.example,${sku},${serial},${String(quantity)},${String(cents)},0,cash,${String(quantity * cents)}`;
  let device: number;
  let deviceSku: string;
  let accessory: number;
  let sku: string;

  beforeAll(async () => {
    device = await makeProduct(t, agent, 'device', 40_000);
    deviceSku = await skuOf(device);
    accessory = await makeProduct(t, agent, 'accessory', 1_000);
    sku = await skuOf(accessory);
    await stockAccessory(accessory, 5);
  });

  it('takes a serialised unit by its serial and the rest by quantity; bulk delete puts them back', async () => {
    const imei = nextImei();
    await stockUnits(t, { storeId, companyId }, device, [imei]);
    const csv = [stockHeader, line(50, deviceSku, imei, 1, 40_000), line(51, sku, '', 3, 1_000)];
    const res = await upload('/sale-invoices/bulk', csv.join('\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await unitPlace(t.database.db, companyId, imei)).toMatchObject({ kind: 'sold' });
    expect(await onHand(accessory)).toBe(2);
    const sold = await invoice(number(50));
    expect(sold?.lines?.[0]?.serial).toBe(imei);

    // The serial cannot be sold again, at the counter or by another file.
    const again = await upload(
      '/sale-invoices/bulk',
      [stockHeader, line(52, deviceSku, imei, 1, 40_000)].join('\n'),
    );
    expect(again.status).toBe(400);
    expect(again.body.data.errors).toEqual([
      { line: 2, field: 'serial', message: salesMessages.unitSold(imei) },
    ]);

    const del = await upload(
      '/sale-invoices/bulk/delete',
      `invoice_number\n${number(50)}\n${number(51)}\n`,
    );
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await unitPlace(t.database.db, companyId, imei)).toMatchObject({
      kind: 'store',
      store_id: storeId,
    });
    expect(await onHand(accessory)).toBe(5);
  });

  it('refuses, with the line, a serial of another store or sold, a quantity over stock, a serialised line without serial; nothing moves', async () => {
    const elsewhere = nextImei();
    await stockUnits(t, { storeId: otherStoreId, companyId }, device, [elsewhere]);
    const gone = nextImei();
    await stockUnits(t, { storeId, companyId }, device, [gone]);
    const first = await upload(
      '/sale-invoices/bulk',
      [stockHeader, line(60, deviceSku, gone, 1, 40_000)].join('\n'),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await invoiceCount();
    const csv = [
      stockHeader,
      line(61, sku, '', 2, 1_000),
      line(62, deviceSku, elsewhere, 1, 40_000),
      line(63, deviceSku, gone, 1, 40_000),
      line(64, sku, '', 4, 1_000),
      line(65, deviceSku, '', 1, 40_000),
    ].join('\n');
    // The unknown serial: checked before any stock.
    const noSerial = await upload('/sale-invoices/bulk', csv);
    expect(noSerial.status).toBe(400);
    expect(noSerial.body.data.errors).toContainEqual({
      line: 6,
      field: 'serial',
      message: expect.stringContaining("is serialised: give the unit's serial") as string,
    });
    const withoutSixth = csv.split('\n').slice(0, 5).join('\n');
    for (const dry_run of [true, false]) {
      const res = await call<Bulk>('POST', '/sale-invoices/bulk', agent, {
        csv: withoutSixth,
        dry_run,
      });
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual([
        { line: 3, field: 'serial', message: salesMessages.unitElsewhere(elsewhere) },
        { line: 4, field: 'serial', message: salesMessages.unitSold(gone) },
        // Line 2 took 2 of the 5: 4 more is over what is left.
        {
          line: 5,
          field: 'quantity',
          message: expect.stringContaining('4 wanted, 3 left') as string,
        },
      ]);
    }
    expect(await invoiceCount()).toBe(before);
    expect(await onHand(accessory)).toBe(5);
    expect((await unitPlace(t.database.db, companyId, elsewhere))?.store_id).toBe(otherStoreId);
  });

  it('accessory items added to an invoice take stock, a lower quantity and a delete put it back', async () => {
    const made = await upload(
      '/sale-invoices/bulk',
      [stockHeader, line(70, secondAccessorySku, '', 1, 2_500)].join('\n'),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const items = '/sale-accessory-items/bulk';
    const over = await upload(
      items,
      `invoice_number,sku,quantity,unit_price_cents,tax_cents\n${number(70)},${sku},9,1000,0\n`,
    );
    expect(over.status).toBe(400);
    expect(over.body.data.errors?.[0]).toMatchObject({ line: 2, field: 'quantity' });
    expect(await onHand(accessory)).toBe(5);

    const added = await upload(
      items,
      `invoice_number,sku,quantity,unit_price_cents,tax_cents\n${number(70)},${sku},4,1000,0\n`,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await onHand(accessory)).toBe(1);
    const lowered = await upload(
      items,
      `invoice_number,sku,quantity\n${number(70)},${sku},1\n`,
      agent,
      'PATCH',
    );
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(await onHand(accessory)).toBe(4);
    const removed = await upload(items + '/delete', `invoice_number,sku\n${number(70)},${sku}\n`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await onHand(accessory)).toBe(5);
  });
});
