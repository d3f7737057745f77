import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exchangeDifferenceText,
  salesMessages,
  type Sale,
  type SaleReturn,
} from '@portal/contract/resources/sales';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { completeSale, makeProduct, stockQuantity } from './sales-fixtures.ts';

// Exchanges (issue 17 item 5): the replacement may cost more or less than what came back; the
// server computes the difference in cents and records it on the return.

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let cheap: number;
let middle: number;
let dear: number;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

/** A sale of one product at the associate's store, paid when asked: its id, line and total. */
async function saleOf(product: number, paid = true) {
  const held = await call<Sale>('POST', '/sales', associate.token, {
    store_id: associate.storeId,
    lines: [{ product_id: product, quantity: 1 }],
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  if (paid) await completeSale(t, associate.token, held.body.data.id);
  return {
    saleId: held.body.data.id,
    lineId: held.body.data.lines?.[0]?.id ?? 0,
    total: held.body.data.total_cents,
  };
}

const exchange = (sale: { saleId: number; lineId: number }, replacementId: number) =>
  call<SaleReturn>('POST', '/sale-returns', associate.token, {
    type: 'bre',
    sale_id: sale.saleId,
    sale_line_id: sale.lineId,
    exchange: true,
    exchange_sale_id: replacementId,
    reason: 'Wants another model',
  });

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  await assignStores(t, associate.companyId, [associate.id], [associate.storeId]);
  cheap = await makeProduct(t, agent, 'accessory', 1_500);
  middle = await makeProduct(t, agent, 'accessory', 4_000);
  dear = await makeProduct(t, agent, 'accessory', 6_500);
  // Accessories sold at the counter take the store's units.
  const where = { storeId: associate.storeId, companyId: associate.companyId };
  for (const product of [cheap, middle, dear]) await stockQuantity(t, where, product, 20);
});
afterAll(() => t.close());

describe('exchange price difference', () => {
  it('a dearer replacement: the customer pays the difference, nothing is refunded', async () => {
    const returned = await saleOf(middle);
    const replacement = await saleOf(dear, false);
    const res = await exchange(returned, replacement.saleId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const difference = replacement.total - returned.total;
    expect(difference).toBeGreaterThan(0);
    expect(res.body.data).toMatchObject({
      exchange: true,
      exchange_sale_id: replacement.saleId,
      exchange_difference_cents: difference,
      refund_cents: 0,
    });
    const view = await call<SaleReturn>(
      'GET',
      `/sale-returns/${String(res.body.data.id)}`,
      associate.token,
    );
    expect(view.body.data.exchange_difference_cents).toBe(difference);
    const sale = await call<Sale>('GET', `/sales/${String(returned.saleId)}`, associate.token);
    expect(sale.body.data.refunded_cents).toBe(0);
    expect(exchangeDifferenceText(difference)).toMatch(/^Customer pays \$\d+\.\d\d$/);
  });

  it('a cheaper replacement: the difference is refunded against what was paid', async () => {
    const returned = await saleOf(middle);
    const replacement = await saleOf(cheap);
    const res = await exchange(returned, replacement.saleId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const difference = replacement.total - returned.total;
    expect(difference).toBeLessThan(0);
    expect(res.body.data.exchange_difference_cents).toBe(difference);
    const sale = await call<Sale>('GET', `/sales/${String(returned.saleId)}`, associate.token);
    expect(sale.body.data.refunded_cents).toBe(-difference);
    expect(exchangeDifferenceText(difference)).toBe(
      `Refund to customer $${(-difference / 100).toFixed(2)}`,
    );
    // Still one exchange per receipt.
    const second = await saleOf(middle);
    const again = await call<SaleReturn>('POST', '/sale-returns', associate.token, {
      type: 'bre',
      sale_id: returned.saleId,
      sale_line_id: second.lineId,
      exchange: true,
      reason: 'Again',
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it('the same price is an even exchange; no replacement named yet is nothing to settle', async () => {
    const returned = await saleOf(middle);
    const same = await saleOf(middle, false);
    const res = await exchange(returned, same.saleId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.exchange_difference_cents).toBe(0);
    expect(exchangeDifferenceText(0)).toBe('Even exchange');

    const later = await saleOf(middle);
    const open = await call<SaleReturn>('POST', '/sale-returns', associate.token, {
      type: 'bre',
      sale_id: later.saleId,
      sale_line_id: later.lineId,
      exchange: true,
      reason: 'Picks the replacement later',
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data).toMatchObject({ exchange_sale_id: null, exchange_difference_cents: 0 });
  });

  it('refuses a voided replacement', async () => {
    const returned = await saleOf(middle);
    const voided = await saleOf(dear, false);
    const moved = await call(
      'POST',
      `/sales/${String(voided.saleId)}/transition`,
      associate.token,
      {
        to: 'voided',
      },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const res = await exchange(returned, voided.saleId);
    expect(res.status).toBe(400);
    expect(res.body.errors?.exchange_sale_id).toEqual([salesMessages.returnExchangeVoided]);
  });
});
