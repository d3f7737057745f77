import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { salesMessages, type Activation, type Sale } from '@portal/contract/resources/sales';
import { missingCompanionMessage } from '@portal/contract/resources/sales-dependencies';
import { sales } from '../../src/modules/sales/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { makeProduct, nextIccid, nextImei, stockUnits } from './sales-fixtures.ts';

// Feature add-ons (issue 17 item 4; SPEC.md /features-addons-sale, /feature-add-on): plans and
// features sold on a customer's existing line, no device, through the sale engine.

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };
type Page<T> = { results: T[]; total: number };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let otherTenant: string;
let store: { storeId: number; companyId: number };
let device: number;
let accessory: number;
let insurance: number;
let hotspot: number;
let customerId: number;
let line: Activation;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });
const saleCount = async () =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sales)
        .where(eq(sales.company_id, store.companyId))
    )[0]?.n,
  );

let serviceNo = 0;
async function service(kind: 'plan' | 'feature', name: string, price_cents: number) {
  serviceNo += 1;
  const res = await call<{ id: number }>('POST', '/products', agent, {
    name: `${name} ${String(Date.now())}-${String(serviceNo)}`,
    sku: `ADDON-${kind}-${String(Date.now())}-${String(serviceNo)}`,
    kind,
    price_cents,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function newLine(phone: string, customer = customerId) {
  const imei = nextImei();
  const iccid = nextIccid();
  await stockUnits(t, store, device, [imei, iccid]);
  const res = await call<Activation>('POST', '/activations', associate.token, {
    store_id: store.storeId,
    customer_id: customer,
    carrier: 'Verizon',
    plan: 'Unlimited Plus',
    imei,
    iccid,
    phone_number: phone,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const addOn = (body: Record<string, unknown>, token = associate.token) =>
  call<Sale>('POST', '/sales', token, { store_id: store.storeId, ...body });

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  store = { storeId: associate.storeId, companyId: associate.companyId };
  await assignStores(t, associate.companyId, [associate.id], [associate.storeId]);
  device = await makeProduct(t, agent, 'device', 70_000);
  accessory = await makeProduct(t, agent, 'accessory', 2_500);
  insurance = await service('feature', 'Device Protection', 1_700);
  hotspot = await service('feature', 'Hotspot 30 GB', 1_000);
  // The carrier's rule: a feature goes with a plan (the demo company has it; 409 when it does).
  const rule = await call('POST', '/sale-dependencies', agent, {
    item_kind: 'feature',
    required_kind: 'plan',
  });
  expect([200, 409]).toContain(rule.status);
  const customer = await call<{ id: number }>('POST', '/customers', associate.token, {
    first_name: 'Addie',
    last_name: 'Ons',
    phone: '3405558101',
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  customerId = customer.body.data.id;
  line = await newLine('3405558102');
});
afterAll(() => t.close());

describe('feature add-on sale', () => {
  it('sells features on a line: the server prices and taxes them, the customer is the line’s', async () => {
    const res = await addOn({
      activation_id: line.id,
      lines: [
        { product_id: insurance, quantity: 1 },
        { product_id: hotspot, quantity: 2 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = res.body.data;
    expect(sale).toMatchObject({
      kind: 'feature_addon',
      activation_id: line.id,
      activation_phone: '3405558102',
      customer_id: customerId,
      status: 'held',
      subtotal_cents: 3_700,
    });
    const lineTax = (sale.lines ?? []).reduce((sum, l) => sum + l.tax_cents, 0);
    expect(sale.tax_cents).toBe(lineTax);
    expect(sale.total_cents).toBe(3_700 + lineTax);
    expect(sale.lines?.map((l) => l.unit_price_cents)).toEqual([1_700, 1_000]);

    // The add-on list is the sales list filtered by kind.
    const list = await call<Page<Sale>>(
      'GET',
      '/sales?filter[kind]=feature_addon&perPage=100',
      associate.token,
    );
    expect(list.body.data.results.map((s) => s.id)).toContain(sale.id);
    expect(list.body.data.results.every((s) => s.kind === 'feature_addon')).toBe(true);

    // Paid like a simple sale.
    const paid = await call<Sale>('POST', `/sales/${String(sale.id)}/complete`, associate.token, {
      payments: [
        { method: 'cash', amount_cents: 1_000 },
        { method: 'card', amount_cents: sale.total_cents - 1_000 },
      ],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'completed', paid_cents: sale.total_cents });
  });

  it('a feature needs a plan: refused on a plain sale, met by the line’s plan on an add-on', async () => {
    const before = await saleCount();
    const plain = await addOn({ lines: [{ product_id: insurance, quantity: 1 }] });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toMatch(/must be sold with a plan: add a plan to this sale$/);
    expect(plain.body.message).toBe(
      missingCompanionMessage(plain.body.message.split(' must be sold')[0] ?? '', 'a plan', 'sale'),
    );
    expect(plain.body.errors?.['lines.0.product_id']).toBeDefined();
    expect(await saleCount()).toBe(before);
    const onLine = await addOn({
      activation_id: line.id,
      lines: [{ product_id: insurance, quantity: 1 }],
    });
    expect(onLine.status, JSON.stringify(onLine.body)).toBe(200);
  });

  it('refuses what is not a plan or a feature, another customer’s line, and a canceled line', async () => {
    const before = await saleCount();
    const gadget = await addOn({
      activation_id: line.id,
      lines: [
        { product_id: insurance, quantity: 1 },
        { product_id: accessory, quantity: 1 },
      ],
    });
    expect(gadget.status).toBe(400);
    expect(gadget.body.message).toBe(salesMessages.addOnServicesOnly);
    expect(gadget.body.errors?.['lines.1.product_id']).toEqual([salesMessages.addOnServicesOnly]);

    const stranger = await call<{ id: number }>('POST', '/customers', associate.token, {
      first_name: 'Someone',
      last_name: 'Else',
      phone: '3405558103',
    });
    const wrong = await addOn({
      activation_id: line.id,
      customer_id: stranger.body.data.id,
      lines: [{ product_id: insurance, quantity: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.activation_id).toEqual([salesMessages.addOnOtherCustomer]);
    expect(await saleCount()).toBe(before);

    // Held on a line that is then canceled: not paid, and no new add-on on it.
    const other = await newLine('3405558104');
    const held = await addOn({
      activation_id: other.id,
      lines: [{ product_id: hotspot, quantity: 1 }],
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const cancel = await call('POST', `/activations/${String(other.id)}/transition`, agent, {
      to: 'canceled',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const late = await call(
      'POST',
      `/sales/${String(held.body.data.id)}/complete`,
      associate.token,
      { payments: [{ method: 'card', amount_cents: held.body.data.total_cents }] },
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(salesMessages.addOnLineCanceled);
    const again = await addOn({
      activation_id: other.id,
      lines: [{ product_id: hotspot, quantity: 1 }],
    });
    expect(again.status).toBe(400);
    expect(again.body.errors?.activation_id).toEqual([salesMessages.addOnLineCanceled]);
  });

  it('keeps its line and customer on edit; another company sees nothing of it', async () => {
    const res = await addOn({
      activation_id: line.id,
      lines: [{ product_id: insurance, quantity: 1 }],
    });
    const id = String(res.body.data.id);
    const moveLine = await call('PATCH', `/sales/${id}`, associate.token, {
      activation_id: line.id,
    });
    expect(moveLine.status).toBe(400);
    const stranger = await call<{ id: number }>('POST', '/customers', associate.token, {
      first_name: 'Third',
      last_name: 'Party',
      phone: '3405558105',
    });
    const moveCustomer = await call('PATCH', `/sales/${id}`, associate.token, {
      customer_id: stranger.body.data.id,
    });
    expect(moveCustomer.status).toBe(400);
    expect(moveCustomer.body.message).toBe(salesMessages.addOnOtherCustomer);
    const more = await call<Sale>('PATCH', `/sales/${id}`, associate.token, {
      lines: [
        { id: res.body.data.lines?.[0]?.id, product_id: insurance, quantity: 1 },
        { product_id: hotspot, quantity: 1 },
      ],
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.data.subtotal_cents).toBe(2_700);

    expect((await call('GET', `/sales/${id}`, otherTenant)).status).toBe(404);
    const foreign = await call('POST', '/sales', otherTenant, {
      store_id: store.storeId,
      activation_id: line.id,
      lines: [{ product_id: insurance, quantity: 1 }],
    });
    expect([400, 404]).toContain(foreign.status);
  });

  it('needs the associate clocked in when the store requires it', async () => {
    const set = (value: boolean | null) =>
      call('PUT', '/org-settings/sales.require_clock_in', agent, {
        scope: 'store',
        scope_id: store.storeId,
        value,
      });
    expect((await set(true)).status).toBe(200);
    try {
      const refused = await addOn(
        { activation_id: line.id, lines: [{ product_id: insurance, quantity: 1 }] },
        agent,
      );
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(salesMessages.notClockedIn);
    } finally {
      await set(null);
    }
  });
});
