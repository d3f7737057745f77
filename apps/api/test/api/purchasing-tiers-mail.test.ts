import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder, PurchaseOrderEmail } from '@portal/contract/resources/purchasing';
import { mailOutbox } from '../../src/modules/mail/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 19 item 3: approval by tiers (each boundary, a lower approver refused, one's own order,
 * the approval history) and "Send to supplier" (the mail through the outbox, the order's emails).
 */

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };
let t: TestApp;
let dataDir: string;
let agent: Person; // master agent: rank 4
let manager: Person; // sub-agent admin: rank 3
let warehouse: Person; // warehouse account: rank 2
let northwind: Person;
let supplierId: number;
let silentSupplierId: number;
let warehouseId: number;
let productId: number;

const APPROVERS = [
  'read_suppliers',
  'read_purchase_orders',
  'write_purchase_orders',
  'approve_purchase_orders',
];
const TIERS = [
  { from_cents: 100_000, min_access_level: 2, label: 'Store manager' },
  { from_cents: 500_000, min_access_level: 3, label: 'District manager' },
  { from_cents: 2_500_000, min_access_level: 4, label: 'Admin' },
];

const post = <T>(path: string, body: unknown, who: Person = agent) =>
  t.call<Reply<T>>('POST', `/api${path}`, { token: who.token, body });
const get = <T>(path: string, who: Person = agent) =>
  t.call<Reply<T>>('GET', `/api${path}`, { token: who.token });
const move = (id: number, to: string, who: Person) =>
  post<PurchaseOrder>(`/inventory-purchase-orders/${id}/transition`, { to }, who);
const setTiers = (value: unknown) =>
  t.call<Reply<unknown>>('PUT', '/api/org-settings/purchasing.approval_tiers', {
    token: agent.token,
    body: { scope: 'company', scope_id: 0, value },
  });

let references = 0;
/** A draft of one line whose total is exactly `totalCents`, written by `who`. */
async function draft(totalCents: number, who: Person, supplier = supplierId) {
  const made = await post<PurchaseOrder>(
    '/inventory-purchase-orders',
    {
      supplier_id: supplier,
      warehouse_id: warehouseId,
      reference: `TIER-${Date.now()}-${++references}`,
      expected_date: '2030-03-01',
      lines: [
        {
          product_id: productId,
          quantity: 1,
          unit_cost_cents: totalCents,
          expected_date: '2030-03-02',
        },
      ],
    },
    who,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.data.total_cents).toBe(totalCents);
  return made.body.data;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-po-tiers-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, manager, warehouse, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'warehouse@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  // The manager's and the warehouse account's roles buy and approve (their ranks differ).
  await t.database.db.execute(sql`
    update permission_groups set permissions = permissions || ${sql.raw(`array[${APPROVERS.map((p) => `'${p}'`).join(', ')}]::text[]`)}
    where company_id = ${agent.companyId} and id in (
      select rpg.permission_group_id from role_permission_groups rpg
      join users u on u.company_id = rpg.company_id and u.role_id = rpg.role_id
      where u.id in (${warehouse.id}, ${manager.id}))`);
  manager = await signInPerson(t, 'manager@demo.example');
  warehouse = await signInPerson(t, 'warehouse@demo.example');

  const supplier = await post<{ id: number }>('/inventory-suppliers', {
    name: `Tiered Supply ${Date.now()}`,
    contact_name: 'Tia Tiered',
    contact_email: 'orders@tiered.example',
  });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
  supplierId = supplier.body.data.id;
  const silent = await post<{ id: number }>('/inventory-suppliers', {
    name: `No Mail Supply ${Date.now()}`,
  });
  silentSupplierId = silent.body.data.id;
  const warehouses = await get<{ results: { id: number }[] }>('/purchasing-warehouses');
  warehouseId =
    warehouses.body.data.results[0]?.id ??
    (await post<{ id: number }>('/stock-locations', { name: 'Tier Warehouse' })).body.data.id;
  const product = await post<{ id: number }>('/products', {
    name: `Tiered Cable ${Date.now()}`,
    sku: `TIER-${Date.now()}`,
    price_cents: 999,
    is_serialized: false,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  productId = product.body.data.id;
  const saved = await setTiers(TIERS);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('approval tiers', () => {
  it('refuses tiers out of order (400), keeping the saved ones', async () => {
    const bad = await setTiers([TIERS[1], TIERS[0]]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid value: Each tier must start above the one before it');
    const lower = await setTiers([
      { from_cents: 1, min_access_level: 3, label: 'A' },
      { from_cents: 2, min_access_level: 2, label: 'B' },
    ]);
    expect(lower.status).toBe(400);
    const saved = await get<{ values: { value: unknown }[] }>(
      '/org-settings/purchasing.approval_tiers',
    );
    expect(saved.body.data.values[0]?.value).toEqual(TIERS);
  });

  it('at the lowest tier’s amount, the writer approves it from the draft; no tier is recorded', async () => {
    const order = await draft(100_000, warehouse);
    expect(order).toMatchObject({
      needs_approval: false,
      approval_limit_cents: 100_000,
      approval_tier: null,
    });
    const approved = await move(order.id, 'approved', warehouse);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.approvals).toMatchObject([
      { approved_by: warehouse.id, tier_label: null, approver_access_level: 2 },
    ]);
  });

  it('one cent above it: submitted, not approved by its own writer, approved by a store manager or higher', async () => {
    const order = await draft(100_001, warehouse);
    expect(order.needs_approval).toBe(true);
    expect(order.approval_tier).toEqual(TIERS[0]);
    const fromDraft = await move(order.id, 'approved', warehouse);
    expect(fromDraft.status).toBe(409);
    expect(fromDraft.body.message).toBe(
      'Purchase orders above $1,000.00 need approval: submit it for approval',
    );
    expect((await move(order.id, 'pending_approval', warehouse)).status).toBe(200);
    const own = await move(order.id, 'approved', warehouse);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'You cannot approve your own purchase order: another approver must (only the top tier may)',
    );
    const approved = await move(order.id, 'approved', manager);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approved_by: manager.id });
    expect(approved.body.data.approvals).toMatchObject([
      {
        approved_by: manager.id,
        approved_by_name: expect.any(String),
        approver_access_level: 3,
        tier_label: 'Store manager',
        tier_from_cents: 100_000,
        required_access_level: 2,
        total_cents: 100_001,
      },
    ]);
    // The history is read back with the order.
    const again = await get<PurchaseOrder>(`/inventory-purchase-orders/${order.id}`);
    expect(again.body.data.approvals).toHaveLength(1);
  });

  it('at each higher boundary, the tier below still applies; one cent above, a lower rank gets 403', async () => {
    const atDistrict = await draft(500_000, agent);
    expect(atDistrict.approval_tier?.label).toBe('Store manager');
    await move(atDistrict.id, 'pending_approval', agent);
    expect((await move(atDistrict.id, 'approved', warehouse)).status).toBe(200);

    const aboveDistrict = await draft(500_001, agent);
    expect(aboveDistrict.approval_tier?.label).toBe('District manager');
    await move(aboveDistrict.id, 'pending_approval', agent);
    const refused = await move(aboveDistrict.id, 'approved', warehouse);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Purchase orders above $5,000.00 need approval by District manager (rank 3) or higher',
    );
    const still = await get<PurchaseOrder>(`/inventory-purchase-orders/${aboveDistrict.id}`);
    expect(still.body.data).toMatchObject({ status: 'pending_approval', approvals: [] });
    expect((await move(aboveDistrict.id, 'approved', manager)).status).toBe(200);

    const atAdmin = await draft(2_500_000, warehouse);
    await move(atAdmin.id, 'pending_approval', warehouse);
    expect((await move(atAdmin.id, 'approved', manager)).status).toBe(200);

    const aboveAdmin = await draft(2_500_001, warehouse);
    await move(aboveAdmin.id, 'pending_approval', warehouse);
    const notAdmin = await move(aboveAdmin.id, 'approved', manager);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe(
      'Purchase orders above $25,000.00 need approval by Admin (rank 4) or higher',
    );
    const byAdmin = await move(aboveAdmin.id, 'approved', agent);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.approvals).toMatchObject([
      { approved_by: agent.id, tier_label: 'Admin', required_access_level: 4 },
    ]);
  });

  it('the top tier approves its own order; a manager does not approve theirs', async () => {
    const mine = await draft(3_000_000, agent);
    await move(mine.id, 'pending_approval', agent);
    expect((await move(mine.id, 'approved', agent)).status).toBe(200);

    const managers = await draft(200_000, manager);
    await move(managers.id, 'pending_approval', manager);
    const own = await move(managers.id, 'approved', manager);
    expect(own.status).toBe(403);
    expect((await move(managers.id, 'approved', warehouse)).status).toBe(200);
  });

  it('without tiers, the single limit rule is back', async () => {
    expect((await setTiers(null)).status).toBe(200);
    const order = await draft(100_001, warehouse);
    expect(order.approval_tier).toBeNull();
    expect(order.approval_limit_cents).toBe(500_000);
    expect(order.needs_approval).toBe(false);
    expect((await move(order.id, 'approved', warehouse)).status).toBe(200);
    expect((await setTiers(TIERS)).status).toBe(200);
  });

  it("is a 404 for another company's order", async () => {
    const order = await draft(200_000, warehouse);
    await move(order.id, 'pending_approval', warehouse);
    expect((await move(order.id, 'approved', northwind)).status).toBe(404);
  });
});

describe('send to supplier', () => {
  /** A draft under the lowest tier, approved by its writer. */
  async function approved(supplier = supplierId) {
    const order = await draft(4_321, agent, supplier);
    expect((await move(order.id, 'approved', agent)).status).toBe(200);
    return order;
  }
  const outboxFor = (to: string, subject: string) =>
    t.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)));

  it('mails the order to the supplier, records it, moves it to sent; a resend is recorded too', async () => {
    const order = await approved();
    const sent = await post<PurchaseOrderEmail>(
      `/inventory-purchase-orders/${order.id}/send-to-supplier`,
      { message: 'Please confirm the delivery date.' },
      warehouse,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('Purchase order sent to orders@tiered.example');
    const subject = `Purchase order PO-${order.id} (${order.reference}) from Demo Wireless`;
    expect(sent.body.data).toMatchObject({
      to: 'orders@tiered.example',
      subject,
      status: 'sent',
      sent_by: warehouse.id,
      sent_by_name: expect.any(String),
    });
    const [mail] = await outboxFor('orders@tiered.example', subject);
    expect(mail?.text).toContain('Please confirm the delivery date.');
    expect(mail?.text).toContain('1 × $43.21 = $43.21, expected 2030-03-02');
    expect(mail?.text).toContain('Total: $43.21');
    expect(mail?.text).toContain('Expected by: 2030-03-01');
    const now = await get<PurchaseOrder>(`/inventory-purchase-orders/${order.id}`);
    expect(now.body.data.status).toBe('sent');

    const resent = await post(`/inventory-purchase-orders/${order.id}/send-to-supplier`, {});
    expect(resent.status).toBe(200);
    const emails = await get<PurchaseOrderEmail[]>(`/inventory-purchase-orders/${order.id}/emails`);
    expect(emails.status).toBe(200);
    expect(emails.body.data.map((row) => [row.sent_by, row.status, row.to])).toEqual([
      [agent.id, 'sent', 'orders@tiered.example'],
      [warehouse.id, 'sent', 'orders@tiered.example'],
    ]);
    expect(await outboxFor('orders@tiered.example', subject)).toHaveLength(2);
  });

  it('refuses a supplier without an email (400), a draft (409), another company (404)', async () => {
    const silent = await approved(silentSupplierId);
    const refused = await post(`/inventory-purchase-orders/${silent.id}/send-to-supplier`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This supplier has no email address: add one to the supplier to send the order',
    );
    const none = await get<PurchaseOrderEmail[]>(`/inventory-purchase-orders/${silent.id}/emails`);
    expect(none.body.data).toEqual([]);
    const still = await get<PurchaseOrder>(`/inventory-purchase-orders/${silent.id}`);
    expect(still.body.data.status).toBe('approved');

    const drafted = await draft(1_000, agent);
    const early = await post(`/inventory-purchase-orders/${drafted.id}/send-to-supplier`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'This purchase order is draft; only approved or sent orders go to the supplier',
    );

    const order = await approved();
    expect(
      (await post(`/inventory-purchase-orders/${order.id}/send-to-supplier`, {}, northwind)).status,
    ).toBe(404);
    expect((await get(`/inventory-purchase-orders/${order.id}/emails`, northwind)).status).toBe(
      404,
    );
    const bad = await post(`/inventory-purchase-orders/${order.id}/send-to-supplier`, {
      to: 'someone@else.example',
    });
    expect(bad.status).toBe(400);
  });
});
