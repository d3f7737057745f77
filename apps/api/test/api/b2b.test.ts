import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { b2bMessages, type B2BInvoice } from '@portal/contract/resources/b2b';
import type { LoginResponse } from '@portal/contract/auth';
import { unitPlace } from '../../src/modules/inventory/api.ts';
import { b2bInvoices } from '../../src/modules/b2b/schema.ts';
import { roles } from '../../src/modules/access/schema.ts';
import { districts, regions, stores } from '../../src/modules/organisation/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { b2bAccount } from './b2b-fixtures.ts';
import { firstStore, makeProduct, nextImei, stockQuantity, stockUnits } from './sales-fixtures.ts';

type Reply<T> = { success: boolean; message: string; data: T; errors?: Record<string, string[]> };
type BulkErrors = { errors: { line: number; field: string | null; message: string }[] };

let t: TestApp;
let agent: string;
let otherTenant: string;
let store: { storeId: number; companyId: number };
let accessory: number;
let accessorySku: string;
let device: number;

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  t.call<Reply<T>>(method, `/api${path}`, { token, body });

const invoiceCount = async () =>
  Number(
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(b2bInvoices)
        .where(eq(b2bInvoices.company_id, store.companyId))
    )[0]?.n,
  );

const draft = async (accountId: number, lines: Record<string, unknown>[], extra = {}) => {
  const res = await call<B2BInvoice>('POST', '/b2b-invoices', agent, {
    store_id: store.storeId,
    account_id: accountId,
    lines,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const move = (id: number, to: string) =>
  call<B2BInvoice>('POST', `/b2b-invoices/${String(id)}/transition`, agent, { to });
const pay = (id: number, amount_cents: number, token = agent) =>
  call<B2BInvoice>('POST', `/b2b-invoices/${String(id)}/record_payment`, token, {
    method: 'check',
    amount_cents,
    reference: 'Check 1001',
  });

beforeAll(async () => {
  t = await startTestApp();
  agent = await t.login('agent@demo.example');
  otherTenant = await t.login('admin@northwind.example');
  store = await firstStore(t, agent);
  accessorySku = `B2B-ACC-${String(Date.now())}`;
  const made = await call<{ id: number }>('POST', '/products', agent, {
    name: `B2B accessory ${accessorySku}`,
    sku: accessorySku,
    kind: 'accessory',
    price_cents: 2_000,
    is_serialized: false,
  });
  accessory = made.body.data.id;
  // A sent invoice takes the store's units of the accessory.
  await stockQuantity(t, store, accessory, 50);
  device = await makeProduct(t, agent, 'device', 40_000);
});
afterAll(() => t.close());

describe('B2B invoices', () => {
  it('prices by the account (discount, tax exemption), sends with terms, takes payments to paid', async () => {
    const account = await b2bAccount(t, agent, {
      discount_bps: 1_000,
      tax_exempt: true,
      payment_terms: 'net_45',
    });
    const invoice = await draft(account, [{ product_id: accessory, quantity: 4 }], {
      po_number: 'PO-1',
    });
    expect(invoice.status).toBe('draft');
    expect(invoice.lines?.[0]).toMatchObject({ unit_price_cents: 1_800, tax_cents: 0 });
    expect(invoice).toMatchObject({
      subtotal_cents: 7_200,
      tax_cents: 0,
      total_cents: 7_200,
      paid_cents: 0,
      balance_cents: 7_200,
      issued_on: null,
    });
    expect([...invoice.allowed_transitions].sort()).toEqual(['sent', 'void']);

    // Not sent yet: no payment.
    expect((await pay(invoice.id, 100)).status).toBe(409);

    const sent = await move(invoice.id, 'sent');
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('sent');
    const issued = sent.body.data.issued_on ?? '';
    const due = sent.body.data.due_on ?? '';
    expect(issued).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((Date.parse(due) - Date.parse(issued)) / 86_400_000).toBe(45);

    // Sent: no longer editable.
    const edit = await call('PATCH', `/b2b-invoices/${String(invoice.id)}`, agent, { note: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Only a draft invoice can be changed');

    const over = await pay(invoice.id, 7_201);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(b2bMessages.paymentOverBalance('$72.01', '$72.00'));
    expect(over.body.errors?.amount_cents).toEqual([over.body.message]);

    const part = await pay(invoice.id, 2_000);
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({
      status: 'partially_paid',
      paid_cents: 2_000,
      balance_cents: 5_200,
    });
    expect(part.body.data.payments).toHaveLength(1);
    expect(part.body.data.payments[0]).toMatchObject({ method: 'check', amount_cents: 2_000 });
    // A partly paid invoice cannot be voided.
    expect((await move(invoice.id, 'void')).status).toBe(409);

    const rest = await pay(invoice.id, 5_200);
    expect(rest.body.data).toMatchObject({ status: 'paid', paid_cents: 7_200, balance_cents: 0 });
    expect((await pay(invoice.id, 1)).status).toBe(409);

    const history = await call<{ action: string; to_status: string | null }[]>(
      'GET',
      `/b2b-invoices/${String(invoice.id)}/history`,
      agent,
    );
    const moves = history.body.data
      .filter((h) => h.action === 'transition')
      .map((h) => h.to_status);
    expect(moves).toEqual(expect.arrayContaining(['sent', 'partially_paid', 'paid']));
  });

  it('a taxed account pays the store tax on the discounted price', async () => {
    const account = await b2bAccount(t, agent);
    const invoice = await draft(account, [{ product_id: accessory, quantity: 2 }]);
    const line = invoice.lines?.[0];
    expect(line?.unit_price_cents).toBe(2_000);
    expect(invoice.total_cents).toBe(4_000 + invoice.tax_cents);
    expect(line?.total_cents).toBe(4_000 + (line?.tax_cents ?? 0));
  });

  it('a serialised unit leaves stock when sent and comes back when the invoice is voided', async () => {
    const imei = nextImei();
    await stockUnits(t, store, device, [imei]);
    const account = await b2bAccount(t, agent);
    const invoice = await draft(account, [{ product_id: device, quantity: 1, serial: imei }]);
    expect((await unitPlace(t.database.db, store.companyId, imei))?.kind).toBe('store');
    expect((await move(invoice.id, 'sent')).status).toBe(200);
    expect((await unitPlace(t.database.db, store.companyId, imei))?.kind).toBe('sold');
    // Sold: another invoice cannot take it.
    const again = await call('POST', '/b2b-invoices', agent, {
      store_id: store.storeId,
      account_id: account,
      lines: [{ product_id: device, quantity: 1, serial: imei }],
    });
    expect(again.status).toBe(400);
    expect(again.body.errors?.['lines.0.serial']).toEqual([`Unit ${imei} is already sold`]);
    const voided = await move(invoice.id, 'void');
    expect(voided.status).toBe(200);
    expect(voided.body.data.status).toBe('void');
    expect((await unitPlace(t.database.db, store.companyId, imei))?.kind).toBe('store');
  });

  it('refuses sending over the credit limit, and an inactive account', async () => {
    const account = await b2bAccount(t, agent, { credit_limit_cents: 3_000 });
    const invoice = await draft(account, [{ product_id: accessory, quantity: 2 }]);
    const refused = await move(invoice.id, 'sent');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('over its credit limit of $30.00');
    const row = await call<B2BInvoice>('GET', `/b2b-invoices/${String(invoice.id)}`, agent);
    expect(row.body.data.status).toBe('draft');

    const closed = await b2bAccount(t, agent);
    expect((await call('DELETE', `/b2b-accounts/${String(closed)}`, agent)).status).toBe(200);
    const res = await call('POST', '/b2b-invoices', agent, {
      store_id: store.storeId,
      account_id: closed,
      lines: [{ product_id: accessory, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.account_id).toEqual([b2bMessages.accountInactive]);
  });

  it("another company's invoice and account are a 404", async () => {
    const account = await b2bAccount(t, agent);
    const invoice = await draft(account, [{ product_id: accessory, quantity: 1 }]);
    const id = String(invoice.id);
    expect((await call('GET', `/b2b-invoices/${id}`, otherTenant)).status).toBe(404);
    expect((await call('PATCH', `/b2b-invoices/${id}`, otherTenant, { note: 'x' })).status).toBe(
      404,
    );
    expect((await pay(invoice.id, 1, otherTenant)).status).toBe(404);
    expect((await call('GET', `/b2b-accounts/${String(account)}`, otherTenant)).status).toBe(404);
    const list = await call<{ results: { id: number }[] }>('GET', '/b2b-invoices', otherTenant);
    expect(list.body.data.results.map((r) => r.id)).not.toContain(invoice.id);
  });
});

describe('B2B bulk files', () => {
  it('a bad row names its line and nothing is written; a good file makes one draft per PO', async () => {
    const account = await b2bAccount(t, agent);
    const header = 'account_id,store_id,po_number,sku,quantity,serial,note';
    const row = (po: string, sku: string, qty: number) =>
      `${String(account)},${String(store.storeId)},${po},${sku},${String(qty)},,`;
    const before = await invoiceCount();
    const bad = await call<BulkErrors>('POST', '/b2b-invoices/bulk-upload', agent, {
      csv: [
        header,
        row('PO-A', accessorySku, 2),
        row('PO-A', accessorySku, 1),
        row('PO-B', 'NOPE-1', 1),
      ].join('\n'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([
      { line: 4, field: 'sku', message: b2bMessages.bulkUnknownSku('NOPE-1') },
    ]);
    expect(await invoiceCount()).toBe(before);

    // A refusal by the service (a serial on a plain product) is reported on its own line too.
    const refused = await call<BulkErrors>('POST', '/b2b-invoices/bulk-upload', agent, {
      csv: [
        header,
        row('PO-A', accessorySku, 2),
        `${String(account)},${String(store.storeId)},PO-A,${accessorySku},1,${nextImei()},`,
      ].join('\n'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      { line: 3, field: 'serial', message: 'This product has no serial: leave the IMEI empty' },
    ]);
    expect(await invoiceCount()).toBe(before);

    const good = await call<{ count: number; ids: number[] }>(
      'POST',
      '/b2b-invoices/bulk-upload',
      agent,
      {
        csv: [
          header,
          row('PO-A', accessorySku, 2),
          row('PO-A', accessorySku, 1),
          row('PO-B', accessorySku, 5),
        ].join('\n'),
      },
    );
    expect(good.status).toBe(200);
    expect(good.body.message).toBe('2 B2B invoices uploaded');
    expect(await invoiceCount()).toBe(before + 2);
    const [first, second] = good.body.data.ids;
    const a = await call<B2BInvoice>('GET', `/b2b-invoices/${String(first)}`, agent);
    expect(a.body.data).toMatchObject({ status: 'draft', po_number: 'PO-A' });
    expect(a.body.data.lines?.map((l) => l.quantity)).toEqual([2, 1]);

    // Update: a sent invoice cannot change, so the whole file is refused.
    expect((await move(Number(second), 'sent')).status).toBe(200);
    const update = await call<BulkErrors>('POST', '/b2b-invoices/bulk-update', agent, {
      csv: `id,po_number,note\n${String(first)},PO-A2,Rush\n${String(second)},PO-B2,`,
    });
    expect(update.status).toBe(400);
    expect(update.body.data.errors).toEqual([
      { line: 3, field: null, message: 'Only a draft invoice can be changed' },
    ]);
    expect(
      (await call<B2BInvoice>('GET', `/b2b-invoices/${String(first)}`, agent)).body.data.po_number,
    ).toBe('PO-A');
    const ok = await call('POST', '/b2b-invoices/bulk-update', agent, {
      csv: `id,po_number,note\n${String(first)},PO-A2,Rush`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('1 B2B invoice updated');
    const changed = await call<B2BInvoice>('GET', `/b2b-invoices/${String(first)}`, agent);
    expect(changed.body.data).toMatchObject({ po_number: 'PO-A2', note: 'Rush' });
  });
});

describe('isB2BUser', () => {
  const signIn = async () => {
    const res = await t.call<LoginResponse>('POST', '/api/auth/login', {
      body: { email: 'user@demo.example', password: DEMO_PASSWORD },
    });
    return res.body;
  };

  it('is true when the role, the store, its district or its region is B2B, else false', async () => {
    const db = t.database.db;
    const [user] = await db
      .select({ role: users.role_id, store: users.current_store, company: users.company_id })
      .from(users)
      .where(eq(users.email, 'user@demo.example'));
    if (!user?.store) throw new Error('the demo base user has no current store');
    const storeId = user.store;
    const [place] = await db
      .select({ district: stores.district_id })
      .from(stores)
      .where(eq(stores.id, storeId));
    const districtId = place?.district ?? null;
    const [d] = districtId
      ? await db
          .select({ region: districts.region_id })
          .from(districts)
          .where(eq(districts.id, districtId))
      : [];
    const regionId = d?.region ?? null;

    const login = await signIn();
    expect(login.success, JSON.stringify(login)).toBe(true);
    expect(login.isB2BUser).toBe(false);

    const toggles: [string, (on: boolean) => Promise<unknown>][] = [
      ['role', (on) => db.update(roles).set({ is_b2b: on }).where(eq(roles.id, user.role))],
      ['store', (on) => db.update(stores).set({ is_b2b: on }).where(eq(stores.id, storeId))],
    ];
    if (districtId)
      toggles.push([
        'district',
        (on) => db.update(districts).set({ is_b2b: on }).where(eq(districts.id, districtId)),
      ]);
    if (regionId)
      toggles.push([
        'region',
        (on) => db.update(regions).set({ is_b2b: on }).where(eq(regions.id, regionId)),
      ]);
    expect(toggles.length).toBeGreaterThanOrEqual(3);
    for (const [what, toggle] of toggles) {
      await toggle(true);
      expect((await signIn()).isB2BUser, what).toBe(true);
      await toggle(false);
      expect((await signIn()).isB2BUser, what).toBe(false);
    }
  });
});
