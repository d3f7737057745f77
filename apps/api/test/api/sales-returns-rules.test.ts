import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale, SaleReturn } from '@portal/contract/resources/sales';
import { SALES_RESTOCKING_FEE } from '@portal/contract/resources/sales';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeSale, makeProduct } from './sales-fixtures.ts';

// Return rules (issue 17 item 5): the restocking fee of a buyer's remorse return, a company
// setting inherited down the org tree (a store may set its own).

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let accessory: number;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

const setFee = (scope: 'company' | 'store', value: number | null) =>
  call('PUT', `/org-settings/${SALES_RESTOCKING_FEE}`, agent, {
    scope,
    scope_id: scope === 'company' ? 0 : associate.storeId,
    value,
  });

/** A completed sale of one accessory at the associate's store: its total and its line. */
async function paidLine() {
  const held = await call<Sale>('POST', '/sales', associate.token, {
    store_id: associate.storeId,
    lines: [{ product_id: accessory, quantity: 1 }],
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  await completeSale(t, associate.token, held.body.data.id);
  return {
    saleId: held.body.data.id,
    lineId: held.body.data.lines?.[0]?.id ?? 0,
    total: held.body.data.total_cents,
  };
}

const returnLine = (sale: { saleId: number; lineId: number }, type: 'bre' | 'doa') =>
  call<SaleReturn>('POST', '/sale-returns', associate.token, {
    type,
    sale_id: sale.saleId,
    sale_line_id: sale.lineId,
    reason: type === 'bre' ? 'Changed mind' : 'Will not charge',
  });

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  accessory = await makeProduct(t, agent, 'accessory', 4_000);
  await assignStores(t, associate.companyId, [associate.id], [associate.storeId]);
});
afterAll(() => t.close());

describe('restocking fee', () => {
  it('none by default: a buyers remorse return refunds the whole line', async () => {
    const sale = await paidLine();
    const back = await returnLine(sale, 'bre');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.refund_cents).toBe(sale.total);
  });

  it('the company’s fee reaches the store: remorse keeps it, a DOA unit is refunded in full', async () => {
    expect((await setFee('company', 15)).status).toBe(200);
    const remorse = await paidLine();
    const fee = Math.round((remorse.total * 15) / 100);
    const back = await returnLine(remorse, 'bre');
    expect(back.status).toBe(200);
    expect(back.body.data.refund_cents).toBe(remorse.total - fee);
    const sale = await call<Sale>('GET', `/sales/${String(remorse.saleId)}`, associate.token);
    expect(sale.body.data.refunded_cents).toBe(remorse.total - fee);
    expect(sale.body.data.status).toBe('returned');

    const dead = await paidLine();
    const doa = await returnLine(dead, 'doa');
    expect(doa.status).toBe(200);
    expect(doa.body.data.refund_cents).toBe(dead.total);
  });

  it('a store’s own fee wins over the company’s', async () => {
    expect((await setFee('store', 0)).status).toBe(200);
    const sale = await paidLine();
    const back = await returnLine(sale, 'bre');
    expect(back.body.data.refund_cents).toBe(sale.total);
    expect((await setFee('store', null)).status).toBe(200);
    expect((await setFee('company', null)).status).toBe(200);
  });

  it('refuses a fee outside 0 to 100 percent', async () => {
    const bad = await setFee('company', 120);
    expect(bad.status).toBe(400);
  });
});
