import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  passesLuhn,
  salesMessages,
  type Activation,
  type Customer,
  type Sale,
  type SaleReturn,
  type SalesCenter,
} from '@portal/contract/resources/sales';
import { unitPlace } from '../../src/modules/inventory/api.ts';
import { eraseExpiredPins } from '../../src/modules/sales/pin-expiry.ts';
import { activations, rmaLines, sales } from '../../src/modules/sales/schema.ts';
import { assignStores } from '../support/store-assignments.ts';
import { signInStoreStaff, type StoreStaff } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { makeProduct, nextIccid, nextImei, stockQuantity, stockUnits } from './sales-fixtures.ts';

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };

let t: TestApp;
/** Sales Associate of the demo home store (sells; may not override a return window). */
let associate: StoreStaff;
/** The company's master agent (everything, override included). */
let agent: string;
let baseUser: string;
let otherTenant: string;
let store: { storeId: number; companyId: number };
let otherStoreId: number;
let device: number;
let accessory: number;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

const place = (serial: string) => unitPlace(t.database.db, store.companyId, serial);
const saleCount = async () =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sales)
        .where(eq(sales.company_id, store.companyId))
    )[0]?.n,
  );

/** A device in the associate's store's stock; its IMEI. */
async function deviceInStock(storeId = store.storeId) {
  const imei = nextImei();
  await stockUnits(t, { ...store, storeId }, device, [imei]);
  return imei;
}

const ringUp = (lines: Record<string, unknown>[], token = associate.token, extra = {}) =>
  call<Sale>('POST', '/sales', token, { store_id: store.storeId, lines, ...extra });

const pay = (
  id: number,
  payments: { method: string; amount_cents: number }[],
  token = associate.token,
) => call<Sale>('POST', `/sales/${String(id)}/complete`, token, { payments });

const setSetting = (key: string, value: unknown) =>
  call('PUT', `/org-settings/${key}`, agent, { scope: 'store', scope_id: store.storeId, value });

beforeAll(async () => {
  t = await startTestApp();
  associate = await signInStoreStaff(t, 'employee@demo.example');
  agent = await t.login('agent@demo.example');
  baseUser = await t.login('user@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  store = { storeId: associate.storeId, companyId: associate.companyId };
  const stores = await call<{ results: { id: number }[] }>(
    'GET',
    '/stores?filter[is_active]=true&sort=id&perPage=50',
    agent,
  );
  otherStoreId = stores.body.data.results.find((s) => s.id !== store.storeId)?.id ?? 0;
  device = await makeProduct(t, agent, 'device', 80_000);
  accessory = await makeProduct(t, agent, 'accessory', 2_000);
  // Accessories sold at the counter take the store's units: enough on the shelf for every test.
  await stockQuantity(t, store, accessory, 100);
  await assignStores(t, store.companyId, [associate.id], [store.storeId]);
});
afterAll(() => t.close());

describe('serial checks at ring-up', () => {
  it('Luhn: a known IMEI passes, a changed digit does not', () => {
    expect(passesLuhn('490154203237518')).toBe(true);
    expect(passesLuhn('490154203237519')).toBe(false);
    expect(passesLuhn('89014103211118510720')).toBe(true);
  });

  it('refuses a device line with a bad IMEI, an unknown unit, one of another store: 400, nothing written', async () => {
    const before = await saleCount();
    const bad = await ringUp([{ product_id: device, quantity: 1, serial: '490154203237519' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.['lines.0.serial']).toEqual([salesMessages.imeiInvalid]);
    const short = await ringUp([{ product_id: device, quantity: 1, serial: '12345' }]);
    expect(short.status).toBe(400);

    const unknown = nextImei();
    const missing = await ringUp([{ product_id: device, quantity: 1, serial: unknown }]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(salesMessages.unitNotFound(unknown));

    const elsewhere = await deviceInStock(otherStoreId);
    const other = await ringUp([{ product_id: device, quantity: 1, serial: elsewhere }]);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(salesMessages.unitElsewhere(elsewhere));
    expect((await place(elsewhere))?.store_id).toBe(otherStoreId);

    const noSerial = await ringUp([{ product_id: device, quantity: 1 }]);
    expect(noSerial.status).toBe(400);
    expect(noSerial.body.errors?.['lines.0.serial']).toEqual([salesMessages.serialRequired]);
    const twoUnits = await ringUp([
      { product_id: device, quantity: 2, serial: await deviceInStock() },
    ]);
    expect(twoUnits.status).toBe(400);
    expect(await saleCount()).toBe(before);
  });
});

describe('a sale from held to completed', () => {
  it('prices on the server with the store tax, splits payments, and the unit leaves stock at payment', async () => {
    const imei = await deviceInStock();
    const held = await ringUp([
      { product_id: device, quantity: 1, serial: imei, unit_price_cents: 1 },
      { product_id: accessory, quantity: 2 },
    ]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const sale = held.body.data;
    expect(sale.status).toBe('held');
    expect(sale.subtotal_cents).toBe(80_000 + 2 * 2_000);
    expect(sale.total_cents).toBe(sale.subtotal_cents + sale.tax_cents);
    expect(sale.lines?.[0]).toMatchObject({ serial: imei, unit_price_cents: 80_000 });
    // Held: the unit is still on the shelf.
    expect((await place(imei))?.kind).toBe('store');

    // Payments must add up to the total: 400, still held, unit still there.
    const short = await pay(sale.id, [{ method: 'cash', amount_cents: sale.total_cents - 1 }]);
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^Payments add up to/);
    expect((await call<Sale>('GET', `/sales/${String(sale.id)}`, agent)).body.data.status).toBe(
      'held',
    );
    expect((await place(imei))?.kind).toBe('store');

    const paid = await pay(sale.id, [
      { method: 'cash', amount_cents: 20_000 },
      { method: 'card', amount_cents: sale.total_cents - 20_000 },
    ]);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: 'completed',
      paid_cents: sale.total_cents,
      payments: [
        { method: 'cash', amount_cents: 20_000 },
        { method: 'card', amount_cents: sale.total_cents - 20_000 },
      ],
    });
    expect(paid.body.data.completed_at).not.toBeNull();
    expect((await place(imei))?.kind).toBe('sold');

    // The unit is sold: another sale cannot ring it up.
    const again = await ringUp([{ product_id: device, quantity: 1, serial: imei }]);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(salesMessages.unitSold(imei));
    // A completed sale is not edited (409).
    const patch = await call('PATCH', `/sales/${String(sale.id)}`, associate.token, { note: 'x' });
    expect(patch.status).toBe(409);
  });

  it('keeps several held sales at once; the second to pay for the same unit is refused', async () => {
    const imei = await deviceInStock();
    const first = await ringUp([{ product_id: device, quantity: 1, serial: imei }]);
    const second = await ringUp([{ product_id: device, quantity: 1, serial: imei }]);
    const third = await ringUp([{ product_id: accessory, quantity: 1 }]);
    for (const res of [first, second, third]) expect(res.status).toBe(200);
    const center = await call<SalesCenter>(
      'GET',
      `/sales-center?store_id=${String(store.storeId)}`,
      associate.token,
    );
    expect(center.status).toBe(200);
    const heldIds = center.body.data.held.map((sale) => sale.id);
    for (const res of [first, second, third]) expect(heldIds).toContain(res.body.data.id);

    expect(
      (
        await pay(first.body.data.id, [
          { method: 'card', amount_cents: first.body.data.total_cents },
        ])
      ).status,
    ).toBe(200);
    const late = await pay(second.body.data.id, [
      { method: 'card', amount_cents: second.body.data.total_cents },
    ]);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(salesMessages.unitSold(imei));
    const voided = await call<Sale>(
      'POST',
      `/sales/${String(second.body.data.id)}/transition`,
      associate.token,
      { to: 'voided' },
    );
    expect(voided.body.data.status).toBe('voided');
  });

  it("the sales center counts today's sales, revenue and attach rate of the store", async () => {
    const before = (
      await call<SalesCenter>(
        'GET',
        `/sales-center?store_id=${String(store.storeId)}`,
        associate.token,
      )
    ).body.data;
    const sale = await ringUp([
      { product_id: device, quantity: 1, serial: await deviceInStock() },
      { product_id: accessory, quantity: 1 },
    ]);
    await pay(sale.body.data.id, [{ method: 'card', amount_cents: sale.body.data.total_cents }]);
    const after = (
      await call<SalesCenter>(
        'GET',
        `/sales-center?store_id=${String(store.storeId)}`,
        associate.token,
      )
    ).body.data;
    expect(after.sales_count).toBe(before.sales_count + 1);
    expect(after.revenue_cents).toBe(before.revenue_cents + sale.body.data.total_cents);
    expect(after.attach_rate).toBeGreaterThan(0);
    expect(after.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('returns by type', () => {
  async function soldDevice() {
    const imei = await deviceInStock();
    const sale = await ringUp([
      { product_id: device, quantity: 1, serial: imei },
      { product_id: accessory, quantity: 1 },
    ]);
    await pay(sale.body.data.id, [{ method: 'card', amount_cents: sale.body.data.total_cents }]);
    const lines = sale.body.data.lines ?? [];
    return { imei, sale: sale.body.data, deviceLine: lines[0], accessoryLine: lines[1] };
  }
  const returnLine = (body: Record<string, unknown>, token = associate.token) =>
    call<SaleReturn>('POST', '/sale-returns', token, { reason: 'Customer request', ...body });

  it('bre: the unit goes back on the shelf, the line total is refunded, the sale is returned when all lines are', async () => {
    const { imei, sale, deviceLine, accessoryLine } = await soldDevice();
    const res = await returnLine({ type: 'bre', sale_id: sale.id, sale_line_id: deviceLine?.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'bre',
      refund_cents: deviceLine?.total_cents,
      unit_destination: 'store',
      serial: imei,
    });
    expect(await place(imei)).toMatchObject({ kind: 'store', store_id: store.storeId });
    const twice = await returnLine({ type: 'bre', sale_id: sale.id, sale_line_id: deviceLine?.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(salesMessages.returnLineReturned);
    await returnLine({ type: 'bre', sale_id: sale.id, sale_line_id: accessoryLine?.id });
    const after = (await call<Sale>('GET', `/sales/${String(sale.id)}`, agent)).body.data;
    expect(after).toMatchObject({ status: 'returned', refunded_cents: sale.total_cents });
    // Back on the shelf: it sells again.
    const resold = await ringUp([{ product_id: device, quantity: 1, serial: imei }]);
    expect(resold.status).toBe(200);
  });

  it.each(['doa', 'obf'] as const)(
    '%s: the unit goes to the defective location, never sellable',
    async (type) => {
      const { imei, sale, deviceLine } = await soldDevice();
      const res = await returnLine({ type, sale_id: sale.id, sale_line_id: deviceLine?.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.unit_destination).toBe('defective');
      expect((await place(imei))?.kind).toBe('defective');
      const resell = await ringUp([{ product_id: device, quantity: 1, serial: imei }]);
      expect(resell.status).toBe(400);
      expect(resell.body.message).toBe(salesMessages.unitElsewhere(imei));
      const partly = (await call<Sale>('GET', `/sales/${String(sale.id)}`, agent)).body.data;
      expect(partly).toMatchObject({
        status: 'completed',
        refunded_cents: deviceLine?.total_cents,
      });
    },
  );

  it('sbr: a unit of the store goes back to the vendor, nothing refunded', async () => {
    const imei = await deviceInStock();
    const res = await returnLine({ type: 'sbr', store_id: store.storeId, serial: imei });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      refund_cents: 0,
      unit_destination: 'vendor',
      sale_id: null,
    });
    expect((await place(imei))?.kind).toBe('vendor');
    const sold = await returnLine({ type: 'sbr', store_id: store.storeId, serial: imei });
    expect(sold.status).toBe(400);
  });

  it('past the remorse window: a reason and a manager override, else 400 / 403', async () => {
    const { sale, deviceLine } = await soldDevice();
    expect((await setSetting('sales.remorse_window_days', 0)).status).toBe(200);
    try {
      const body = { type: 'bre', sale_id: sale.id, sale_line_id: deviceLine?.id };
      const noReason = await returnLine(body);
      expect(noReason.status).toBe(400);
      expect(noReason.body.message).toBe(salesMessages.returnPastWindow(0));
      const associateOverride = await returnLine({ ...body, override_reason: 'Manager said so' });
      expect(associateOverride.status).toBe(403);
      expect(associateOverride.body.message).toBe(salesMessages.returnOverrideForbidden);
      const managed = await returnLine({ ...body, override_reason: 'Box unopened' }, agent);
      expect(managed.status, JSON.stringify(managed.body)).toBe(200);
      expect(managed.body.data).toMatchObject({ override_reason: 'Box unopened' });
      expect(managed.body.data.overridden_by).not.toBeNull();
    } finally {
      await setSetting('sales.remorse_window_days', null);
    }
  });

  it('refuses a held sale, and never refunds more than was paid', async () => {
    const held = await ringUp([{ product_id: accessory, quantity: 1 }]);
    const res = await returnLine({
      type: 'bre',
      sale_id: held.body.data.id,
      sale_line_id: held.body.data.lines?.[0]?.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(salesMessages.returnNotCompleted);
    // The database keeps refunds within what was paid whatever the code does.
    await expect(
      t.database.db
        .update(sales)
        .set({ refunded_cents: sql`${sales.paid_cents} + 1` })
        .where(and(eq(sales.company_id, store.companyId), eq(sales.id, held.body.data.id))),
    ).rejects.toThrow();
  });
});

describe('activations', () => {
  let customerId: number;
  beforeAll(async () => {
    const res = await call<Customer>('POST', '/customers', associate.token, {
      first_name: 'Port',
      last_name: 'Inn',
      phone: '(340) 555-7001',
      email: 'port.inn@example.com',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    customerId = res.body.data.id;
  });

  async function activation(extra: Record<string, unknown> = {}) {
    const imei = nextImei();
    const iccid = nextIccid();
    await stockUnits(t, store, device, [imei, iccid]);
    const body = {
      store_id: store.storeId,
      customer_id: customerId,
      carrier: 'T-Mobile',
      plan: 'Go5G',
      imei,
      iccid,
      phone_number: '340-555-7002',
      ...extra,
    };
    return { imei, iccid, body };
  }

  it('takes device and SIM out of stock, seals the transfer PIN and never returns it', async () => {
    const { imei, iccid, body } = await activation({
      port_in: true,
      port_account_number: '998877',
      port_pin: '4321',
      port_billing_zip: '00802',
      port_account_holder: 'Port Inn',
    });
    const res = await call<Activation>('POST', '/activations', associate.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ phone_number: '3405557002', port_pin_on_file: true });
    expect(JSON.stringify(res.body)).not.toContain('4321');
    expect(res.body.data).not.toHaveProperty('port_pin');
    expect(res.body.data).not.toHaveProperty('port_pin_sealed');
    expect((await place(imei))?.kind).toBe('sold');
    expect((await place(iccid))?.kind).toBe('sold');
    const [stored] = await t.database.db
      .select({ pin: activations.port_pin_sealed })
      .from(activations)
      .where(
        and(eq(activations.company_id, store.companyId), eq(activations.id, res.body.data.id)),
      );
    expect(stored?.pin).toMatch(/^v1\./);
    expect(stored?.pin).not.toContain('4321');

    // Active: the PIN is erased, and the erasure is in the history.
    const active = await call<Activation>(
      'POST',
      `/activations/${String(res.body.data.id)}/transition`,
      associate.token,
      { to: 'active' },
    );
    expect(active.body.data.port_pin_on_file).toBe(false);
    const history = await call<{ action: string }[]>(
      'GET',
      `/activations/${String(res.body.data.id)}/history`,
      associate.token,
    );
    expect(history.body.data.map((h) => h.action)).toContain('transfer_pin_erased');
  });

  it('erases a transfer PIN kept past its days (sales.port_pin_days), audited without a user', async () => {
    const { body } = await activation({
      port_in: true,
      port_account_number: '55',
      port_pin: '8642',
      port_billing_zip: '00802',
      port_account_holder: 'Port Inn',
    });
    const res = await call<Activation>('POST', '/activations', associate.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    const where = and(eq(activations.company_id, store.companyId), eq(activations.id, id));
    // Not yet due: kept.
    await eraseExpiredPins(t.database.db);
    expect(
      (await call<Activation>('GET', `/activations/${String(id)}`, agent)).body.data
        .port_pin_on_file,
    ).toBe(true);
    await t.database.db
      .update(activations)
      .set({ created_at: sql`now() - interval '31 days'` })
      .where(where);
    expect(await eraseExpiredPins(t.database.db)).toBeGreaterThanOrEqual(1);
    const [stored] = await t.database.db
      .select({ pin: activations.port_pin_sealed })
      .from(activations)
      .where(where);
    expect(stored?.pin).toBeNull();
    const history = await call<{ action: string; user_id: number | null; note: string | null }[]>(
      'GET',
      `/activations/${String(id)}/history`,
      agent,
    );
    expect(history.body.data[0]).toMatchObject({
      action: 'transfer_pin_erased',
      user_id: null,
      note: 'Kept 30 days without a completed port',
    });
  });

  it('refuses a bad ICCID, a 9-digit number, a port-in without its PIN, a unit already sold: 400', async () => {
    const bad = await activation({ iccid: '8901260000000000001' });
    expect(passesLuhn('8901260000000000001')).toBe(false);
    const badIccid = await call('POST', '/activations', associate.token, bad.body);
    expect(badIccid.status).toBe(400);
    expect(badIccid.body.errors?.iccid).toEqual([salesMessages.iccidInvalid]);
    const shortNumber = await activation({ phone_number: '340555700' });
    expect((await call('POST', '/activations', associate.token, shortNumber.body)).status).toBe(
      400,
    );
    const noPin = await activation({
      port_in: true,
      port_account_number: '1',
      port_billing_zip: '00802',
      port_account_holder: 'X',
    });
    const refused = await call('POST', '/activations', associate.token, noPin.body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.port_in).toEqual([salesMessages.portFieldsRequired]);
    expect((await place(noPin.imei))?.kind).toBe('store');

    const first = await activation();
    expect((await call('POST', '/activations', associate.token, first.body)).status).toBe(200);
    const second = await call('POST', '/activations', associate.token, first.body);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(salesMessages.unitSold(first.imei));
  });
});

describe('clocked in to sell', () => {
  it('refuses a sale and an activation by someone not clocked in at the store when the setting is on', async () => {
    expect((await setSetting('sales.require_clock_in', true)).status).toBe(200);
    try {
      const refused = await ringUp([{ product_id: accessory, quantity: 1 }]);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(salesMessages.notClockedIn);
      const clockIn = await t.call('POST', '/api/hr-web-clockin', {
        token: associate.token,
        body: { user_id: associate.id, store_id: store.storeId, schedule_id: 0, user_comment: '' },
      });
      expect(clockIn.status, JSON.stringify(clockIn.body)).toBe(200);
      const allowed = await ringUp([{ product_id: accessory, quantity: 1 }]);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      // The master agent is not clocked in there: no sale, no activation, nothing taken from stock.
      expect((await ringUp([{ product_id: accessory, quantity: 1 }], agent)).status).toBe(403);
      const imei = nextImei();
      const iccid = nextIccid();
      await stockUnits(t, store, device, [imei, iccid]);
      const customer = await call<Customer>('POST', '/customers', agent, {
        first_name: 'Clock',
        last_name: 'Check',
        phone: '3405557300',
      });
      const refusedActivation = await call('POST', '/activations', agent, {
        store_id: store.storeId,
        customer_id: customer.body.data.id,
        carrier: 'Verizon',
        plan: 'Start',
        imei,
        iccid,
        phone_number: '3405557301',
      });
      expect(refusedActivation.status).toBe(403);
      expect(refusedActivation.body.message).toBe(salesMessages.notClockedIn);
      expect((await place(imei))?.kind).toBe('store');
    } finally {
      await setSetting('sales.require_clock_in', null);
    }
  });
});

describe('customers, permissions and tenancy', () => {
  it('finds duplicates by phone and email; a second customer with either is a 409 naming the first', async () => {
    const first = await call<Customer>('POST', '/customers', associate.token, {
      first_name: 'Dana',
      last_name: 'Dup',
      phone: '340.555.7100',
      email: 'Dana.Dup@Example.com',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ phone: '3405557100', email: 'dana.dup@example.com' });
    const samePhone = await call('POST', '/customers', associate.token, {
      first_name: 'Other',
      last_name: 'Person',
      phone: '3405557100',
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toBe(salesMessages.customerDuplicate('phone', 'Dana Dup'));
    const sameEmail = await call('POST', '/customers', associate.token, {
      first_name: 'Other',
      last_name: 'Person',
      phone: '3405557101',
      email: 'dana.dup@example.com',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(salesMessages.customerDuplicate('email', 'Dana Dup'));
    const lookup = await call<{ id: number; matched: string }[]>(
      'GET',
      '/customers/duplicates?phone=(340)%20555-7100',
      associate.token,
    );
    expect(lookup.body.data).toEqual([
      expect.objectContaining({ id: first.body.data.id, matched: 'phone' }),
    ]);
    // Its own number is no duplicate on edit.
    const edit = await call('PATCH', `/customers/${String(first.body.data.id)}`, associate.token, {
      phone: '3405557100',
      notes: 'VIP',
    });
    expect(edit.status).toBe(200);
    // A customer with sales is kept.
    const sale = await ringUp([{ product_id: accessory, quantity: 1 }], associate.token, {
      customer_id: first.body.data.id,
    });
    expect(sale.body.data.customer_name).toBe('Dana Dup');
    const removed = await call('DELETE', `/customers/${String(first.body.data.id)}`, agent);
    expect(removed.status).toBe(409);
  });

  it('takes customers in bulk from a CSV: checked like a create, all or nothing', async () => {
    const header = 'first_name,last_name,phone,email,zip,notes,store_id';
    const good = `${header}\nBea,Bulk,3405557401,bea.bulk@example.com,00802,,\nBo,Bulk,3405557402,,,,`;
    const dry = await call<{ count: number; dry_run: boolean }>(
      'POST',
      '/customers/bulk',
      associate.token,
      {
        csv: good,
        dry_run: true,
      },
    );
    expect(dry.body.data).toMatchObject({ count: 2, dry_run: true });
    const bad = `${good}\nDup,Phone,3405557100,,,,`;
    const refused = await t.call<{
      message: string;
      data: { errors: { line: number; message: string }[] };
    }>('POST', '/api/customers/bulk', { token: associate.token, body: { csv: bad } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      expect.objectContaining({
        line: 4,
        message: salesMessages.customerDuplicate('phone', 'Dana Dup'),
      }),
    ]);
    const none = await call<{ total: number }>('GET', '/customers?search=Bulk', associate.token);
    expect(none.body.data.total).toBe(0);
    const saved = await call<{ count: number }>('POST', '/customers/bulk', associate.token, {
      csv: good,
    });
    expect(saved.body.data.count).toBe(2);
  });

  it('another company sees 404, a user without the permission 403', async () => {
    const sale = await ringUp([{ product_id: accessory, quantity: 1 }]);
    const id = String(sale.body.data.id);
    expect((await call('GET', `/sales/${id}`, otherTenant)).status).toBe(404);
    expect(
      (
        await call('POST', `/sales/${id}/complete`, otherTenant, {
          payments: [{ method: 'cash', amount_cents: 1 }],
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('GET', `/sales-center?store_id=${String(store.storeId)}`, otherTenant)).status,
    ).toBe(404);
    expect((await call('GET', '/sales', baseUser)).status).toBe(403);
    expect((await ringUp([{ product_id: accessory, quantity: 1 }], baseUser)).status).toBe(403);
    expect(
      (await call('GET', `/sales-center?store_id=${String(store.storeId)}`, baseUser)).status,
    ).toBe(403);
    expect(
      (await call('POST', '/sale-returns', baseUser, { type: 'sbr', reason: 'x' })).status,
    ).toBe(403);
    // Another company's customer on a sale: 400 on the field.
    const theirs = await call<Customer>('POST', '/customers', otherTenant, {
      first_name: 'North',
      last_name: 'Wind',
      phone: '2125550100',
    });
    const mixed = await ringUp([{ product_id: accessory, quantity: 1 }], associate.token, {
      customer_id: theirs.body.data.id,
    });
    expect(mixed.status).toBe(400);
  });
});

describe('exchanges, returned activations and RMA lines', () => {
  const returnLine = (body: Record<string, unknown>, token = associate.token) =>
    call<SaleReturn>('POST', '/sale-returns', token, { reason: 'Customer request', ...body });
  async function soldDevices(count: number) {
    const imeis = await Promise.all(Array.from({ length: count }, () => deviceInStock()));
    const sale = await ringUp(imeis.map((serial) => ({ product_id: device, quantity: 1, serial })));
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    await pay(sale.body.data.id, [{ method: 'card', amount_cents: sale.body.data.total_cents }]);
    return { imeis, sale: sale.body.data, lines: sale.body.data.lines ?? [] };
  }
  const returnCount = async (saleId: number) =>
    (await call<{ total: number }>('GET', `/sale-returns?filter[sale_id]=${String(saleId)}`, agent))
      .body.data.total;

  it('one exchange per receipt: a second exchange is a 409 and nothing is written', async () => {
    const { imeis, sale, lines } = await soldDevices(3);
    const replacement = await ringUp([{ product_id: accessory, quantity: 1 }]);
    const first = await returnLine({
      type: 'bre',
      sale_id: sale.id,
      sale_line_id: lines[0]?.id,
      exchange: true,
      exchange_sale_id: replacement.body.data.id,
      box_contents: ['box', 'charger'],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      exchange: true,
      exchange_sale_id: replacement.body.data.id,
      refund_cents: 0,
      box_contents: ['box', 'charger'],
    });
    const second = await returnLine({
      type: 'doa',
      sale_id: sale.id,
      sale_line_id: lines[1]?.id,
      exchange: true,
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(salesMessages.returnSecondExchange(first.body.data.id));
    // Nothing written: the unit is still with the customer, one return on the receipt.
    expect((await place(imeis[1] ?? ''))?.kind).toBe('sold');
    expect(await returnCount(sale.id)).toBe(1);
    // A plain return of another line of the receipt is still taken, and refunded.
    const refund = await returnLine({ type: 'bre', sale_id: sale.id, sale_line_id: lines[2]?.id });
    expect(refund.status).toBe(200);
    expect(refund.body.data.refund_cents).toBe(lines[2]?.total_cents);
    // The receipt's refunds: that line, and the first exchange's difference (its replacement, an
    // accessory, is cheaper than the device: sales-exchange.test.ts).
    const difference = first.body.data.exchange_difference_cents;
    expect(difference).toBeLessThan(0);
    const after = (await call<Sale>('GET', `/sales/${String(sale.id)}`, agent)).body.data;
    expect(after.refunded_cents).toBe((lines[2]?.total_cents ?? 0) - difference);
  });

  it('a returned activation needs its cancel date (not in the future, not before the activation)', async () => {
    const stamp = Date.now().toString(36);
    const customer = await call<Customer>('POST', '/customers', associate.token, {
      first_name: 'Cancel',
      last_name: `Date ${stamp}`,
      phone: `340${String(Date.now() % 1e7).padStart(7, '0')}`,
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
    const imei = nextImei();
    const iccid = nextIccid();
    await stockUnits(t, store, device, [imei, iccid]);
    const made = await call<Activation>('POST', '/activations', associate.token, {
      store_id: store.storeId,
      customer_id: customer.body.data.id,
      carrier: 'Verizon',
      plan: 'Unlimited Welcome',
      imei,
      iccid,
      phone_number: '340-555-7010',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const body = { type: 'bre', activation_id: made.body.data.id };

    const missing = await returnLine(body);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.cancel_date).toEqual([salesMessages.cancelDateRequired]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await returnLine({ ...body, cancel_date: tomorrow });
    expect(future.status).toBe(400);
    expect(future.body.errors?.cancel_date).toEqual([salesMessages.cancelDateFuture]);
    const before = await returnLine({ ...body, cancel_date: '2020-01-01' });
    expect(before.status).toBe(400);
    expect(before.body.errors?.cancel_date).toEqual([salesMessages.cancelDateBeforeSale]);
    // Nothing written by the refusals: the line is live, the device with the customer.
    const live = await call<Activation>('GET', `/activations/${String(made.body.data.id)}`, agent);
    expect(live.body.data.status).toBe('pending');
    expect((await place(imei))?.kind).toBe('sold');

    const today = new Date().toISOString().slice(0, 10);
    const res = await returnLine({ ...body, cancel_date: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      activation_id: made.body.data.id,
      cancel_date: today,
      serial: imei,
      unit_destination: 'store',
      refund_cents: 0,
    });
    const canceled = await call<Activation>(
      'GET',
      `/activations/${String(made.body.data.id)}`,
      agent,
    );
    expect(canceled.body.data.status).toBe('canceled');
    expect(canceled.body.data.canceled_at?.slice(0, 10)).toBe(today);
    expect(await place(imei)).toMatchObject({ kind: 'store', store_id: store.storeId });
    const again = await returnLine({ ...body, cancel_date: today });
    expect(again.status).toBe(409);
  });

  it('doa: the unit is at the defective location with an open RMA line, shown on the return', async () => {
    const { imeis, sale, lines } = await soldDevices(1);
    const res = await returnLine({
      type: 'doa',
      sale_id: sale.id,
      sale_line_id: lines[0]?.id,
      reason: 'Does not power on',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await place(imeis[0] ?? ''))?.kind).toBe('defective');
    const rma = await t.database.db
      .select()
      .from(rmaLines)
      .where(
        and(eq(rmaLines.company_id, store.companyId), eq(rmaLines.return_id, res.body.data.id)),
      );
    expect(rma).toHaveLength(1);
    expect(rma[0]).toMatchObject({
      serial: imeis[0],
      product_id: device,
      store_id: store.storeId,
      status: 'open',
      reason: 'DOA: Does not power on',
    });
    const view = await call<SaleReturn>('GET', `/sale-returns/${String(res.body.data.id)}`, agent);
    expect(view.body.data).toMatchObject({ rma_id: rma[0]?.id, rma_status: 'open' });
    // A buyers remorse return opens none.
    const { sale: other, lines: otherLines } = await soldDevices(1);
    const bre = await returnLine({
      type: 'bre',
      sale_id: other.id,
      sale_line_id: otherLines[0]?.id,
    });
    expect(bre.body.data).toMatchObject({ rma_id: null, rma_status: null });
  });
});
