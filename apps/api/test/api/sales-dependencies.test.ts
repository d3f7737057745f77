import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Activation, Sale } from '@portal/contract/resources/sales';
import {
  missingCompanionMessage,
  saleDependencyMessages,
  type SaleDependency,
} from '@portal/contract/resources/sales-dependencies';
import { unitPlace } from '../../src/modules/inventory/api.ts';
import { activations, sales } from '../../src/modules/sales/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { nextIccid, nextImei, stockUnits } from './sales-fixtures.ts';

// Sale dependencies (issue 17 item 9): rules of what must be sold with what, on the resource engine,
// enforced when a sale or an activation is rung up.

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
let associate: StoreStaff;
let agent: string;
let manager: string;
let baseUser: string;
let otherTenant: string;
let store: { storeId: number; companyId: number };
const tag = `${String(Date.now() % 1e7)}`;
let counter = 0;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

async function category(name: string, token = agent) {
  const res = await call<{ id: number }>('POST', '/categories', token, {
    name: `${name} ${tag}-${String(++counter)}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, name: `${name} ${tag}-${String(counter)}` };
}

async function product(kind: 'device' | 'accessory', categoryId: number | null, name: string) {
  const res = await call<{ id: number }>('POST', '/products', agent, {
    name: `${name} ${tag}-${String(++counter)}`,
    sku: `DEP-${kind}-${tag}-${String(counter)}`,
    kind,
    category_id: categoryId,
    price_cents: kind === 'device' ? 60_000 : 2_500,
    is_serialized: kind === 'device',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, name: `${name} ${tag}-${String(counter)}` };
}

const addRule = (body: Record<string, unknown>, token = agent) =>
  call<SaleDependency>('POST', '/sale-dependencies', token, body);

const count = async (table: typeof sales | typeof activations) =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.company_id, store.companyId))
    )[0]?.n,
  );

async function unitOf(productId: number, serial = nextImei()) {
  await stockUnits(t, store, productId, [serial]);
  return serial;
}

const ringUp = (lines: Record<string, unknown>[]) =>
  call<Sale>('POST', '/sales', associate.token, { store_id: store.storeId, lines });

let customerId: number;
let simProduct: number;
const activation = async (imei: string, extra: Record<string, unknown> = {}) => {
  const iccid = nextIccid();
  await stockUnits(t, store, simProduct, [iccid]);
  const res = await call<Activation>('POST', '/activations', associate.token, {
    store_id: store.storeId,
    customer_id: customerId,
    carrier: 'Verizon',
    plan: 'Unlimited Plus',
    imei,
    iccid,
    phone_number: `340${String(Date.now() % 1e7).padStart(7, '0')}`,
    ...extra,
  });
  return { res, iccid };
};

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  manager = await t.login('manager@demo.example');
  baseUser = await t.login('user@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  store = { storeId: associate.storeId, companyId: associate.companyId };
  await assignStores(t, store.companyId, [associate.id], [store.storeId]);
  const customer = await call<{ id: number }>('POST', '/customers', agent, {
    first_name: 'Rule',
    last_name: `Tester ${tag}`,
    phone: `7${String(Date.now() % 1e9).padStart(9, '0')}`,
  });
  customerId = customer.body.data.id;
  simProduct = (await product('accessory', null, 'SIM kit')).id;
  const sim = await call('PATCH', `/products/${String(simProduct)}`, agent, {
    is_serialized: true,
  });
  expect(sim.status).toBe(200);
});
afterAll(() => t.close());

describe('the rules: /sale-dependencies', () => {
  it('the demo company starts with a plan needing a device and a feature needing a plan', async () => {
    const list = await call<{ results: SaleDependency[] }>(
      'GET',
      '/sale-dependencies?perPage=100',
      agent,
    );
    expect(list.status).toBe(200);
    const pairs = list.body.data.results.map((r) => `${r.item_kind}>${r.required_kind}`);
    expect(pairs).toEqual(expect.arrayContaining(['plan>device', 'feature>plan']));
  });

  it('adds, lists with category names, reads, changes and deletes a rule', async () => {
    const cases = await category('Cases');
    const phones = await category('Phones');
    const made = await addRule({
      item_kind: 'accessory',
      item_category_id: cases.id,
      required_kind: 'device',
      required_category_id: phones.id,
      note: 'A case goes with a phone',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe('Sale dependency added');
    expect(made.body.data).toMatchObject({
      item_category_name: cases.name,
      required_category_name: phones.name,
    });
    const id = made.body.data.id;

    const list = await call<{ results: SaleDependency[] }>(
      'GET',
      `/sale-dependencies?filter[item_category_id]=${String(cases.id)}`,
      agent,
    );
    expect(list.body.data.results.map((r) => r.id)).toEqual([id]);
    expect(list.body.data.results[0]?.required_category_name).toBe(phones.name);

    const changed = await call<SaleDependency>('PATCH', `/sale-dependencies/${String(id)}`, agent, {
      required_category_id: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      required_kind: 'device',
      required_category_id: null,
    });
    const read = await call<SaleDependency>('GET', `/sale-dependencies/${String(id)}`, manager);
    expect(read.status).toBe(200);
    expect(read.body.data.note).toBe('A case goes with a phone');

    const removed = await call('DELETE', `/sale-dependencies/${String(id)}`, agent);
    expect(removed.status).toBe(200);
    expect((await call('GET', `/sale-dependencies/${String(id)}`, agent)).status).toBe(404);
  });

  it('refuses a category on a plan, a rule requiring itself, a twin, a missing item and another company’s category', async () => {
    const cat = await category('Plans');
    const onPlan = await addRule({
      item_kind: 'plan',
      item_category_id: cat.id,
      required_kind: 'device',
    });
    expect(onPlan.status).toBe(400);
    expect(onPlan.body.errors?.item_category_id).toEqual([
      saleDependencyMessages.categoryNotProduct,
    ]);

    const itself = await addRule({ item_kind: 'accessory', required_kind: 'accessory' });
    expect(itself.status).toBe(400);
    expect(itself.body.errors?.required_kind).toEqual([saleDependencyMessages.requiresItself]);

    const none = await addRule({ required_kind: 'device' });
    expect(none.status).toBe(400);
    expect(none.body.errors?.item_kind).toBeDefined();
    const unknownKind = await addRule({ item_kind: 'insurance', required_kind: 'device' });
    expect(unknownKind.status).toBe(400);

    const first = await addRule({
      item_kind: 'accessory',
      item_category_id: cat.id,
      required_kind: 'plan',
    });
    expect(first.status).toBe(200);
    const twin = await addRule({
      item_kind: 'accessory',
      item_category_id: cat.id,
      required_kind: 'plan',
    });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(saleDependencyMessages.duplicate);
    // A change that would make it a twin of the demo's feature > plan, or require itself.
    const toTwin = await call('PATCH', `/sale-dependencies/${String(first.body.data.id)}`, agent, {
      item_kind: 'feature',
      item_category_id: null,
    });
    expect(toTwin.status).toBe(409);
    const toSelf = await call('PATCH', `/sale-dependencies/${String(first.body.data.id)}`, agent, {
      required_kind: 'accessory',
      required_category_id: cat.id,
    });
    expect(toSelf.status).toBe(400);

    const theirs = await category('Northwind things', otherTenant);
    const foreign = await addRule({
      item_kind: 'accessory',
      item_category_id: theirs.id,
      required_kind: 'device',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.item_category_id).toBeDefined();
    await call('DELETE', `/sale-dependencies/${String(first.body.data.id)}`, agent);
  });

  it('another company’s rule is a 404; without the permission a 403', async () => {
    const mine = await addRule({ item_kind: 'accessory', required_kind: 'plan', note: 'x' });
    expect(mine.status).toBe(200);
    const path = `/sale-dependencies/${String(mine.body.data.id)}`;
    expect((await call('GET', path, otherTenant)).status).toBe(404);
    expect((await call('PATCH', path, otherTenant, { note: 'theirs' })).status).toBe(404);
    expect((await call('DELETE', path, otherTenant)).status).toBe(404);
    const theirList = await call<{ results: SaleDependency[] }>(
      'GET',
      '/sale-dependencies?perPage=100',
      otherTenant,
    );
    expect(theirList.body.data.results.map((r) => r.id)).not.toContain(mine.body.data.id);

    // A sales associate rings up under the rules but may not read or change them; a store manager
    // reads them only.
    expect((await call('GET', '/sale-dependencies', associate.token)).status).toBe(403);
    expect((await call('GET', '/sale-dependencies', baseUser)).status).toBe(403);
    expect(
      (await addRule({ item_kind: 'device', required_kind: 'plan' }, associate.token)).status,
    ).toBe(403);
    expect((await call('GET', '/sale-dependencies', manager)).status).toBe(200);
    expect((await call('PATCH', path, manager, { note: 'manager' })).status).toBe(403);
    expect((await call('DELETE', path, manager)).status).toBe(403);
    expect((await call('DELETE', path, agent)).status).toBe(200);
  });
});

describe('enforced at ring-up', () => {
  it('a sale: an accessory needing a device of a category is refused alone (nothing written), sold with one', async () => {
    const guards = await category('Screen guards');
    const phones = await category('Smartphones');
    const guard = await product('accessory', guards.id, 'Guard');
    const phone = await product('device', phones.id, 'Phone');
    const otherPhone = await product('device', null, 'Flip phone');
    const rule = await addRule({
      item_kind: 'accessory',
      item_category_id: guards.id,
      required_kind: 'device',
      required_category_id: phones.id,
    });
    expect(rule.status).toBe(200);
    const required = `a device of category ${phones.name}`;
    const message = missingCompanionMessage(guard.name, required, 'sale');
    expect(message).toBe(
      `${guard.name} must be sold with ${required}: add ${required} to this sale`,
    );

    const before = await count(sales);
    const alone = await ringUp([{ product_id: guard.id, quantity: 1 }]);
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe(message);
    expect(alone.body.errors?.['lines.0.product_id']).toEqual([message]);
    // A device of another category is not the companion; its unit stays on the shelf.
    const flip = await unitOf(otherPhone.id);
    const wrong = await ringUp([
      { product_id: otherPhone.id, quantity: 1, serial: flip },
      { product_id: guard.id, quantity: 1 },
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.['lines.1.product_id']).toEqual([message]);
    expect(await count(sales)).toBe(before);
    expect((await unitPlace(t.database.db, store.companyId, flip))?.kind).toBe('store');

    const imei = await unitOf(phone.id);
    const ok = await ringUp([
      { product_id: guard.id, quantity: 1 },
      { product_id: phone.id, quantity: 1, serial: imei },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await count(sales)).toBe(before + 1);

    // Taking the phone off the held sale is refused too; the sale keeps both lines.
    const lines = ok.body.data.lines ?? [];
    const edit = await call<Sale>('PATCH', `/sales/${String(ok.body.data.id)}`, associate.token, {
      lines: lines.filter((l) => l.product_id === guard.id).map((l) => ({ ...pick(l) })),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(message);
    const kept = await call<Sale>('GET', `/sales/${String(ok.body.data.id)}`, associate.token);
    expect(kept.body.data.lines).toHaveLength(2);
    await call('DELETE', `/sale-dependencies/${String(rule.body.data.id)}`, agent);
  });

  it('a sale held before a rule was added cannot be paid without its companion', async () => {
    const chargers = await category('Car chargers');
    const charger = await product('accessory', chargers.id, 'Car charger');
    const held = await ringUp([{ product_id: charger.id, quantity: 1 }]);
    expect(held.status).toBe(200);
    const rule = await addRule({
      item_kind: 'accessory',
      item_category_id: chargers.id,
      required_kind: 'device',
    });
    expect(rule.status).toBe(200);
    const paid = await call<Sale>(
      'POST',
      `/sales/${String(held.body.data.id)}/complete`,
      associate.token,
      { payments: [{ method: 'cash', amount_cents: held.body.data.total_cents }] },
    );
    expect(paid.status).toBe(400);
    expect(paid.body.message).toBe(missingCompanionMessage(charger.name, 'a device', 'sale'));
    const still = await call<Sale>('GET', `/sales/${String(held.body.data.id)}`, associate.token);
    expect(still.body.data.status).toBe('held');
    expect(still.body.data.paid_cents).toBe(0);
    await call('DELETE', `/sale-dependencies/${String(rule.body.data.id)}`, agent);
  });

  it('an activation: a plan needing a device of a category refuses another device (units stay), takes one', async () => {
    const phones = await category('5G phones');
    const phone = await product('device', phones.id, '5G phone');
    const hotspot = await product('device', null, 'Hotspot');
    const rule = await addRule({
      item_kind: 'plan',
      required_kind: 'device',
      required_category_id: phones.id,
    });
    expect(rule.status).toBe(200);
    const before = await count(activations);
    const wrongImei = await unitOf(hotspot.id);
    const { res: refused, iccid } = await activation(wrongImei);
    expect(refused.status).toBe(400);
    const message = missingCompanionMessage(
      'Plan Unlimited Plus',
      `a device of category ${phones.name}`,
      'activation',
    );
    expect(refused.body.message).toBe(message);
    expect(refused.body.errors?.plan).toEqual([message]);
    expect(await count(activations)).toBe(before);
    // Nothing written: both units are still on the store's shelf.
    expect((await unitPlace(t.database.db, store.companyId, wrongImei))?.kind).toBe('store');
    expect((await unitPlace(t.database.db, store.companyId, iccid))?.kind).toBe('store');

    const { res: taken } = await activation(await unitOf(phone.id));
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await count(activations)).toBe(before + 1);
    await call('DELETE', `/sale-dependencies/${String(rule.body.data.id)}`, agent);
  });

  it('an activation: a tablet needing a feature is refused without one, also when an edit drops it', async () => {
    const tablets = await category('Tablets');
    const tablet = await product('device', tablets.id, 'Tablet');
    const rule = await addRule({
      item_kind: 'device',
      item_category_id: tablets.id,
      required_kind: 'feature',
    });
    expect(rule.status).toBe(200);
    const message = missingCompanionMessage(tablet.name, 'a feature', 'activation');
    const { res: refused } = await activation(await unitOf(tablet.id));
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.imei).toEqual([message]);

    const { res: taken } = await activation(await unitOf(tablet.id), {
      features: 'Tablet data 10 GB',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const dropped = await call(
      'PATCH',
      `/activations/${String(taken.body.data.id)}`,
      associate.token,
      { features: null },
    );
    expect(dropped.status).toBe(400);
    expect(dropped.body.message).toBe(message);
    const kept = await call<Activation>(
      'GET',
      `/activations/${String(taken.body.data.id)}`,
      associate.token,
    );
    expect(kept.body.data.features).toBe('Tablet data 10 GB');
    await call('DELETE', `/sale-dependencies/${String(rule.body.data.id)}`, agent);
  });
});

function pick(line: { id: number; product_id: number; quantity: number; serial: string | null }) {
  return { id: line.id, product_id: line.product_id, quantity: line.quantity, serial: line.serial };
}
