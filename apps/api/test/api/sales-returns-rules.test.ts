import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingVariantKey } from '@portal/contract/platform';
import type { Activation, Sale, SaleReturn } from '@portal/contract/resources/sales';
import {
  SALES_REMORSE_DAYS,
  SALES_RESTOCKING_FEE,
  salesMessages,
} from '@portal/contract/resources/sales';
import { unitPlace } from '../../src/modules/inventory/api.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  completeSale,
  makeProduct,
  nextIccid,
  nextImei,
  stockQuantity,
  stockUnits,
} from './sales-fixtures.ts';

// Return rules (issue 17 item 5): the restocking fee of a buyer's remorse return and the remorse
// window, company settings inherited down the org tree (a store may set its own), per carrier too
// (`<key>.<carrier>`: a carrier's rule beats the general one at a level, the nearest level wins).

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let accessory: number;
let device: number;
let feature: number;
let customerId: number;

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

type Level = 'company' | 'region' | 'district' | 'store';
/** Sets (null removes) a return setting, general or a carrier's, at the company or the store. */
const setRule = (
  key: string,
  carrier: string | null,
  level: 'company' | 'store',
  value: number | null,
) =>
  call('PUT', `/org-settings/${carrier ? (settingVariantKey(key, carrier) ?? key) : key}`, agent, {
    scope: level satisfies Level,
    scope_id: level === 'company' ? 0 : associate.storeId,
    value,
  });

/** A line activated today at the associate's store for a carrier: device and SIM leave stock. */
async function activated(carrier: string) {
  const imei = nextImei();
  const iccid = nextIccid();
  await stockUnits(t, associate, device, [imei, iccid]);
  const res = await call<Activation>('POST', '/activations', associate.token, {
    store_id: associate.storeId,
    customer_id: customerId,
    carrier,
    plan: 'Unlimited',
    imei,
    iccid,
    phone_number: `340555${String(Math.floor(1000 + Math.random() * 8999))}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const today = () => new Date().toISOString().slice(0, 10);
const returnActivation = (
  activation: Activation,
  token = associate.token,
  extra: Record<string, unknown> = {},
) =>
  call<SaleReturn>('POST', '/sale-returns', token, {
    type: 'bre',
    activation_id: activation.id,
    cancel_date: today(),
    reason: 'Changed mind',
    ...extra,
  });

/** A completed feature add-on on a carrier's line: the sale and its one line. */
async function paidAddOn(carrier: string) {
  const line = await activated(carrier);
  const held = await call<Sale>('POST', '/sales', associate.token, {
    store_id: associate.storeId,
    activation_id: line.id,
    lines: [{ product_id: feature, quantity: 1 }],
  });
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  await completeSale(t, associate.token, held.body.data.id);
  return {
    saleId: held.body.data.id,
    lineId: held.body.data.lines?.[0]?.id ?? 0,
    total: held.body.data.total_cents,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  accessory = await makeProduct(t, agent, 'accessory', 4_000);
  // Accessories sold at the counter take the store's units.
  await stockQuantity(t, associate, accessory, 50);
  device = await makeProduct(t, agent, 'device', 60_000);
  const made = await call<{ id: number }>('POST', '/products', agent, {
    name: `Rules hotspot ${String(Date.now())}`,
    sku: `RULES-FEATURE-${String(Date.now())}`,
    kind: 'feature',
    price_cents: 2_000,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  feature = made.body.data.id;
  const customer = await call<{ id: number }>('POST', '/customers', associate.token, {
    first_name: 'Carrie',
    last_name: 'Rules',
    phone: `340556${String(Math.floor(1000 + Math.random() * 8999))}`,
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  customerId = customer.body.data.id;
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

describe('return rules per carrier', () => {
  it('a carrier’s fee overrides the general one for its lines only; a plain sale keeps the general', async () => {
    expect((await setRule(SALES_RESTOCKING_FEE, null, 'company', 5)).status).toBe(200);
    expect((await setRule(SALES_RESTOCKING_FEE, 'T-Mobile', 'company', 20)).status).toBe(200);
    try {
      const tmobile = await paidAddOn('T-Mobile');
      const back = await returnLine(tmobile, 'bre');
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body.data.refund_cents).toBe(tmobile.total - Math.round(tmobile.total * 0.2));

      const verizon = await paidAddOn('Verizon');
      const general = await returnLine(verizon, 'bre');
      expect(general.body.data.refund_cents).toBe(verizon.total - Math.round(verizon.total * 0.05));

      const plain = await paidLine();
      const plainBack = await returnLine(plain, 'bre');
      expect(plainBack.body.data.refund_cents).toBe(plain.total - Math.round(plain.total * 0.05));
    } finally {
      await setRule(SALES_RESTOCKING_FEE, 'T-Mobile', 'company', null);
      await setRule(SALES_RESTOCKING_FEE, null, 'company', null);
    }
  });

  it('past the carrier’s window a return needs the manager’s override with a reason; another carrier’s is open', async () => {
    // The general window (14 days by default) stays; T-Mobile's is 0 days: every return is late.
    expect((await setRule(SALES_REMORSE_DAYS, 'T-Mobile', 'company', 0)).status).toBe(200);
    try {
      const line = await activated('T-Mobile');
      const noReason = await returnActivation(line);
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toBe(salesMessages.returnPastWindow(0));
      expect(noReason.body.errors?.override_reason).toEqual([salesMessages.returnPastWindow(0)]);
      const associateOverride = await returnActivation(line, associate.token, {
        override_reason: 'Customer moved',
      });
      expect(associateOverride.status).toBe(403);
      expect(associateOverride.body.message).toBe(salesMessages.returnOverrideForbidden);
      // Nothing was written: the device is still sold.
      expect((await unitPlace(t.database.db, associate.companyId, line.imei))?.kind).toBe('sold');
      const managed = await returnActivation(line, agent, { override_reason: 'Customer moved' });
      expect(managed.status, JSON.stringify(managed.body)).toBe(200);
      expect(managed.body.data).toMatchObject({ override_reason: 'Customer moved' });
      expect(managed.body.data.overridden_by).not.toBeNull();

      const verizon = await activated('Verizon');
      const open = await returnActivation(verizon);
      expect(open.status, JSON.stringify(open.body)).toBe(200);
      expect(open.body.data.override_reason).toBeNull();
    } finally {
      await setRule(SALES_REMORSE_DAYS, 'T-Mobile', 'company', null);
    }
  });

  it('a carrier’s rule beats the general one at the same level', async () => {
    expect((await setRule(SALES_REMORSE_DAYS, null, 'company', 0)).status).toBe(200);
    expect((await setRule(SALES_REMORSE_DAYS, 'AT&T', 'company', 30)).status).toBe(200);
    try {
      const att = await returnActivation(await activated('AT&T'));
      expect(att.status, JSON.stringify(att.body)).toBe(200);
      const other = await returnActivation(await activated('Verizon'));
      expect(other.status).toBe(400);
      expect(other.body.message).toBe(salesMessages.returnPastWindow(0));
    } finally {
      await setRule(SALES_REMORSE_DAYS, 'AT&T', 'company', null);
      await setRule(SALES_REMORSE_DAYS, null, 'company', null);
    }
  });

  it('a store override beats the company’s carrier rule: the nearest level wins', async () => {
    expect((await setRule(SALES_REMORSE_DAYS, 'T-Mobile', 'company', 0)).status).toBe(200);
    try {
      // The store's own T-Mobile rule.
      expect((await setRule(SALES_REMORSE_DAYS, 'T-Mobile', 'store', 30)).status).toBe(200);
      const own = await returnActivation(await activated('T-Mobile'));
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.data.override_reason).toBeNull();
      expect((await setRule(SALES_REMORSE_DAYS, 'T-Mobile', 'store', null)).status).toBe(200);

      // The store's general window is nearer than the company's T-Mobile rule too.
      expect((await setRule(SALES_REMORSE_DAYS, null, 'store', 30)).status).toBe(200);
      const general = await returnActivation(await activated('T-Mobile'));
      expect(general.status, JSON.stringify(general.body)).toBe(200);
      expect((await setRule(SALES_REMORSE_DAYS, null, 'store', null)).status).toBe(200);

      // Without the store's values the company's T-Mobile rule applies again.
      const late = await returnActivation(await activated('T-Mobile'));
      expect(late.status).toBe(400);

      // What the store gets, and where it comes from, as the settings screen reads it.
      const key = settingVariantKey(SALES_REMORSE_DAYS, 'T-Mobile') ?? '';
      expect(key).toBe('sales.remorse_window_days.t_mobile');
      const overview = await call<{ effective: unknown; effective_from: string }>(
        'GET',
        `/org-settings/${key}?store_id=${String(associate.storeId)}`,
        agent,
      );
      expect(overview.body.data).toMatchObject({ effective: 0, effective_from: 'company' });
    } finally {
      await setRule(SALES_REMORSE_DAYS, 'T-Mobile', 'company', null);
    }
  });

  it('refuses a carrier rule out of range, and variants of a setting that has none', async () => {
    const bad = await setRule(SALES_REMORSE_DAYS, 'Verizon', 'company', 400);
    expect(bad.status).toBe(400);
    const none = await call('PUT', '/org-settings/sales.require_clock_in.verizon', agent, {
      scope: 'company',
      scope_id: 0,
      value: true,
    });
    expect(none.status).toBe(404);
  });
});
