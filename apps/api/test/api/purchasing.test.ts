import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Discrepancy,
  PublicDiscrepancy,
  PurchaseOrder,
  Receipt,
} from '@portal/contract/resources/purchasing';
import { inventoryItems } from '../../src/modules/inventory/schema.ts';
import {
  discrepancyComments,
  purchaseOrderLines,
  purchaseOrderReceipts,
  warehouseStock,
} from '../../src/modules/purchasing/schema.ts';
import type { RequestContext } from '../../src/platform/context.ts';
import { keyFromFile } from '../../src/platform/keys.ts';
import { createPublicLinks } from '../../src/platform/public-links.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let dataDir: string;
let agent: Person;
let warehouse: Person;
let northwind: Person;
let nobody: Person;
let companyId: number;
let supplierId: number;
let warehouseId: number;
let serialised: number;
let counted: number;
let foreignProduct: number;

/** The warehouse account may buy and receive, but not approve (granted here, as a buyer would be). */
const BUYER_PERMISSIONS = [
  'read_suppliers',
  'read_purchase_orders',
  'write_purchase_orders',
  'read_purchase_order_receipts',
  'write_purchase_order_receipts',
  'read_receipt_discrepancies',
  'write_receipt_discrepancies',
  'read_discrepancy_comments',
  'write_discrepancy_comments',
];

const post = <T>(path: string, body: unknown, who: Person = agent) =>
  t.call<Reply<T>>('POST', `/api${path}`, { token: who.token, body });
const get = <T>(path: string, who: Person = agent) =>
  t.call<Reply<T>>('GET', `/api${path}`, { token: who.token });
const move = (id: number, to: string, who: Person = agent) =>
  post<PurchaseOrder>(`/inventory-purchase-orders/${id}/transition`, { to }, who);

let skuCount = 0;
async function product(isSerialized: boolean, who: Person = agent) {
  const made = await post<{ id: number }>(
    '/products',
    {
      name: `Buying ${isSerialized ? 'Phone' : 'Cable'} ${++skuCount}`,
      sku: `BUY-${Date.now()}-${skuCount}`,
      price_cents: 999,
      is_serialized: isSerialized,
    },
    who,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data.id;
}

/** A purchase order of the test supplier and warehouse: lines [product, quantity, unit cost]. */
async function order(lines: [number, number, number][], who: Person = agent) {
  const made = await post<PurchaseOrder>(
    '/inventory-purchase-orders',
    {
      supplier_id: supplierId,
      warehouse_id: warehouseId,
      reference: `T-${++skuCount}`,
      lines: lines.map(([product_id, quantity, unit_cost_cents]) => ({
        product_id,
        quantity,
        unit_cost_cents,
        expected_date: '2030-01-15',
      })),
    },
    who,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data;
}

/** A purchase order approved and sent, ready to receive. */
async function sentOrder(lines: [number, number, number][]) {
  const made = await order(lines);
  if (made.needs_approval) expect((await move(made.id, 'pending_approval')).status).toBe(200);
  expect((await move(made.id, 'approved')).status).toBe(200);
  expect((await move(made.id, 'sent')).status).toBe(200);
  return made;
}

interface LineIn {
  purchase_order_line_id: number;
  accepted_quantity: number;
  rejected_quantity?: number;
  short_quantity?: number;
  reason?: string | null;
  serials?: string[];
  rejected_serials?: string[];
}
const receive = (purchaseOrderId: number, lines: LineIn[], who: Person = agent) =>
  post<Receipt>(
    '/inventory-purchase-order-receipts',
    { purchase_order_id: purchaseOrderId, lines },
    who,
  );

const orderLines = async (id: number) =>
  (await get<PurchaseOrder>(`/inventory-purchase-orders/${id}`)).body.data.lines ?? [];
const countedAt = async (productId: number) => {
  const [row] = await t.database.db
    .select({ quantity: warehouseStock.quantity })
    .from(warehouseStock)
    .where(and(eq(warehouseStock.company_id, companyId), eq(warehouseStock.product_id, productId)));
  return row?.quantity ?? 0;
};
const unitsOf = async (serials: string[]) =>
  t.database.db
    .select({ serial: inventoryItems.serial, location_id: inventoryItems.location_id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.company_id, companyId), inArray(inventoryItems.serial, serials)));
const serialsFor = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => `${prefix}-${Date.now()}-${n}`);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-buying-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, warehouse, northwind, nobody] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'warehouse@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
    signInPerson(t, 'user@demo.example'),
  ]);
  companyId = agent.companyId;
  // The warehouse account's role gets the buyer's permissions (not approve_purchase_orders).
  await t.database.db.execute(sql`
    update permission_groups set permissions = permissions || ${sql.raw(`array[${BUYER_PERMISSIONS.map((p) => `'${p}'`).join(', ')}]::text[]`)}
    where company_id = ${companyId} and id in (
      select rpg.permission_group_id from role_permission_groups rpg
      join users u on u.company_id = rpg.company_id and u.role_id = rpg.role_id
      where u.id = ${warehouse.id})`);
  warehouse = await signInPerson(t, 'warehouse@demo.example');

  const supplier = await post<{ id: number }>('/inventory-suppliers', {
    name: 'Tolerant Supply Co.',
    contact_name: 'Tess Tolerant',
    contact_email: 'tess@tolerant.example',
    terms: 'Net 30',
    lead_time_days: 4,
    price_tolerance_percent: 10,
  });
  expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
  supplierId = supplier.body.data.id;
  const warehouses = await get<{ results: { id: number }[] }>('/purchasing-warehouses');
  warehouseId =
    warehouses.body.data.results[0]?.id ??
    (await post<{ id: number }>('/stock-locations', { name: 'Test Warehouse' })).body.data.id;
  serialised = await product(true);
  counted = await product(false);
  foreignProduct = await product(false, northwind);
  // The company's approval limit: $1,000.00.
  const limit = await t.call('PUT', '/api/org-settings/purchasing.approval_limit_cents', {
    token: agent.token,
    body: { scope: 'company', scope_id: 0, value: 100_000 },
  });
  expect(limit.status, JSON.stringify(limit.body)).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('suppliers and vendors', () => {
  it('keeps a supplier’s contact, terms, lead time and tolerance; vendors speak SPEC.md’s messages', async () => {
    const supplier = await get<Record<string, unknown>>(`/inventory-suppliers/${supplierId}`);
    expect(supplier.body.data).toMatchObject({
      name: 'Tolerant Supply Co.',
      contact_email: 'tess@tolerant.example',
      terms: 'Net 30',
      lead_time_days: 4,
      price_tolerance_percent: 10,
    });
    const bad = await post('/inventory-suppliers', { name: 'Bad', price_tolerance_percent: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('price_tolerance_percent');

    const vendor = await post<{ id: number }>('/inventory-vendors', { name: 'Route 9 Couriers' });
    expect(vendor.body.message).toBe('Inventory vendor created');
    const id = vendor.body.data.id;
    const changed = await t.call('PATCH', `/api/inventory-vendors/${id}`, {
      token: agent.token,
      body: { phone: '+1 555 0199' },
    });
    expect(changed.body.message).toBe('Inventory vendor updated');
    expect((await get(`/inventory-vendors/${id}`, northwind)).status).toBe(404);
    const gone = await t.call('DELETE', `/api/inventory-vendors/${id}`, { token: agent.token });
    expect(gone.body.message).toBe('Inventory vendor deleted');
  });
});

describe('purchase orders', () => {
  it('totals the lines in integer cents from the agreed unit costs', async () => {
    const made = await order([
      [serialised, 3, 12_345],
      [counted, 10, 199],
    ]);
    expect(made).toMatchObject({
      status: 'draft',
      subtotal_cents: 3 * 12_345 + 10 * 199,
      total_cents: 3 * 12_345 + 10 * 199,
      supplier_name: 'Tolerant Supply Co.',
      approval_limit_cents: 100_000,
      needs_approval: false,
    });
    expect(
      made.lines?.map((line) => [line.quantity, line.unit_price_cents, line.expected_date]),
    ).toEqual([
      [3, 12_345, '2030-01-15'],
      [10, 199, '2030-01-15'],
    ]);
  });

  it('refuses fractional, negative and zero quantities, negative costs, bad dates: 400 by field, nothing stored', async () => {
    const before = (await get<{ total: number }>('/inventory-purchase-orders/count')).body.data
      .total;
    const cases: [Record<string, unknown>, string][] = [
      [{ product_id: counted, quantity: 1.5, unit_cost_cents: 100 }, 'lines.0.quantity'],
      [{ product_id: counted, quantity: -2, unit_cost_cents: 100 }, 'lines.0.quantity'],
      [{ product_id: counted, quantity: 0, unit_cost_cents: 100 }, 'lines.0.quantity'],
      [{ product_id: counted, quantity: 2, unit_cost_cents: -1 }, 'lines.0.unit_cost_cents'],
      [{ product_id: counted, quantity: 2, unit_cost_cents: 10.5 }, 'lines.0.unit_cost_cents'],
      [
        { product_id: counted, quantity: 2, unit_cost_cents: 1, expected_date: '2030-02-31' },
        'lines.0.expected_date',
      ],
    ];
    for (const [line, field] of cases) {
      const res = await post('/inventory-purchase-orders', {
        supplier_id: supplierId,
        warehouse_id: warehouseId,
        lines: [line],
      });
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toHaveProperty([field]);
    }
    const after = (await get<{ total: number }>('/inventory-purchase-orders/count')).body.data
      .total;
    expect(after).toBe(before);
  });

  it("refuses another company's product, supplier or a place that is not a warehouse (400)", async () => {
    const foreign = await post('/inventory-purchase-orders', {
      supplier_id: supplierId,
      warehouse_id: warehouseId,
      lines: [{ product_id: foreignProduct, quantity: 1, unit_cost_cents: 100 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty(['lines.0.product_id']);
    const theirSupplier = (
      await get<{ results: { id: number }[] }>('/inventory-suppliers', northwind)
    ).body.data.results[0]?.id;
    expect(theirSupplier).toBeDefined();
    const foreignSupplier = await post('/inventory-purchase-orders', {
      supplier_id: theirSupplier,
      warehouse_id: warehouseId,
      lines: [{ product_id: counted, quantity: 1, unit_cost_cents: 100 }],
    });
    expect(foreignSupplier.status).toBe(400);
    expect(foreignSupplier.body.errors).toHaveProperty(['supplier_id']);
    const notWarehouse = await post('/inventory-purchase-orders', {
      supplier_id: supplierId,
      warehouse_id: 987654,
      lines: [{ product_id: counted, quantity: 1, unit_cost_cents: 100 }],
    });
    expect(notWarehouse.status).toBe(400);
    expect(notWarehouse.body.errors).toHaveProperty(['warehouse_id']);
  });

  it('needs approval above the company’s limit, from someone holding approve_purchase_orders', async () => {
    // At the limit: the buyer approves it.
    const small = await order([[counted, 100, 1_000]], warehouse);
    expect(small.needs_approval).toBe(false);
    const approved = await move(small.id, 'approved', warehouse);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approved_by: warehouse.id });

    // Above it: not by the buyer; submitted, then approved by an approver.
    const big = await order([[counted, 101, 1_000]], warehouse);
    expect(big.needs_approval).toBe(true);
    const refused = await move(big.id, 'approved', warehouse);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Purchase orders above $1,000.00 need approval: submit it for approval',
    );
    expect((await move(big.id, 'pending_approval', warehouse)).status).toBe(200);
    const pending = await get<PurchaseOrder>(`/inventory-purchase-orders/${big.id}`, warehouse);
    expect(pending.body.data.allowed_transitions).not.toContain('approved');
    expect((await move(big.id, 'approved', warehouse)).status).toBe(403);
    const byApprover = await move(big.id, 'approved', agent);
    expect(byApprover.status).toBe(200);
    expect(byApprover.body.data).toMatchObject({
      status: 'approved',
      approved_by: agent.id,
      approved_by_name: expect.any(String),
    });
    // A sent order is no longer edited.
    expect((await move(big.id, 'sent')).status).toBe(200);
    const edit = await t.call('PATCH', `/api/inventory-purchase-orders/${big.id}`, {
      token: agent.token,
      body: { note: 'late change' },
    });
    expect(edit.status).toBe(409);
  });

  it("is a 404 for another company's order (read, change, move)", async () => {
    const mine = await order([[counted, 1, 100]]);
    expect((await get(`/inventory-purchase-orders/${mine.id}`, northwind)).status).toBe(404);
    expect((await move(mine.id, 'approved', northwind)).status).toBe(404);
    const patched = await t.call('PATCH', `/api/inventory-purchase-orders/${mine.id}`, {
      token: northwind.token,
      body: { note: 'theirs' },
    });
    expect(patched.status).toBe(404);
    expect((await get('/inventory-purchase-orders', nobody)).status).toBe(403);
  });
});

describe('receipts', () => {
  it('adds up accepted, rejected and short units per line and moves stock into the warehouse', async () => {
    const po = await sentOrder([
      [serialised, 3, 50_000],
      [counted, 10, 300],
    ]);
    const [phones, cables] = po.lines ?? [];
    if (!phones || !cables) throw new Error('lines missing');
    const first = serialsFor('RCPT-A', 2);
    const stockBefore = await countedAt(counted);
    const one = await receive(po.id, [
      { purchase_order_line_id: phones.id, accepted_quantity: 2, serials: first },
      {
        purchase_order_line_id: cables.id,
        accepted_quantity: 6,
        rejected_quantity: 1,
        reason: 'One cable crushed',
      },
    ]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.message).toBe('Receipt created');
    expect(one.body.data).toMatchObject({
      purchase_order_id: po.id,
      supplier_name: 'Tolerant Supply Co.',
      total_cents: 2 * 50_000 + 6 * 300,
    });
    expect(
      one.body.data.lines?.map((l) => [l.quantity, l.rejected_quantity, l.short_quantity]),
    ).toEqual([
      [2, 0, 0],
      [6, 1, 0],
    ]);
    expect((await get<PurchaseOrder>(`/inventory-purchase-orders/${po.id}`)).body.data.status).toBe(
      'partially_received',
    );
    expect(await countedAt(counted)).toBe(stockBefore + 6);
    expect((await unitsOf(first)).map((unit) => unit.location_id)).toEqual([
      warehouseId,
      warehouseId,
    ]);

    // Cables: 3 outstanding, tolerance 10% of 10 = 1. Five is over: a reason is needed.
    const over = await receive(po.id, [
      { purchase_order_line_id: cables.id, accepted_quantity: 5 },
    ]);
    expect(over.status).toBe(400);
    expect(over.body.errors?.['lines.0.reason']?.[0]).toBe(
      '5 received where 3 are expected (tolerance 10%): give a reason',
    );
    // Four is within the tolerance.
    const within = await receive(po.id, [
      { purchase_order_line_id: cables.id, accepted_quantity: 4 },
    ]);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(await countedAt(counted)).toBe(stockBefore + 10);

    // The last phone: the order is received, then closed; a closed order takes nothing more.
    const last = await receive(po.id, [
      { purchase_order_line_id: phones.id, accepted_quantity: 1, serials: serialsFor('RCPT-B', 1) },
    ]);
    expect(last.status).toBe(200);
    const lines = await orderLines(po.id);
    expect(lines.map((l) => [l.received_quantity, l.rejected_quantity, l.short_quantity])).toEqual([
      [3, 0, 0],
      [10, 1, 0],
    ]);
    expect((await get<PurchaseOrder>(`/inventory-purchase-orders/${po.id}`)).body.data.status).toBe(
      'received',
    );
    expect((await move(po.id, 'closed')).status).toBe(200);
    const closed = await receive(po.id, [
      {
        purchase_order_line_id: cables.id,
        accepted_quantity: 1,
        reason: 'Extra cable found',
      },
    ]);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This purchase order is Closed; it cannot be received');
    const history = await get<{ to_status: string | null; note: string | null }[]>(
      `/inventory-purchase-orders/${po.id}/history`,
    );
    expect(history.body.data.map((h) => h.to_status).filter(Boolean)).toEqual([
      'closed',
      'received',
      'partially_received',
      'sent',
      'approved',
      'pending_approval',
    ]);
  });

  it('refuses bad lines with 400 by field: fractions, negatives, reasons, serial counts, short too large', async () => {
    const po = await sentOrder([
      [serialised, 2, 10_000],
      [counted, 4, 100],
    ]);
    const [phones, cables] = po.lines ?? [];
    if (!phones || !cables) throw new Error('lines missing');
    const cases: [LineIn, string][] = [
      [{ purchase_order_line_id: cables.id, accepted_quantity: 1.5 }, 'lines.0.accepted_quantity'],
      [
        { purchase_order_line_id: cables.id, accepted_quantity: 1, rejected_quantity: -1 },
        'lines.0.rejected_quantity',
      ],
      [
        { purchase_order_line_id: cables.id, accepted_quantity: 1, short_quantity: 1 },
        'lines.0.reason',
      ],
      [
        { purchase_order_line_id: cables.id, accepted_quantity: 1, short_quantity: 4, reason: 'x' },
        'lines.0.short_quantity',
      ],
      [
        { purchase_order_line_id: phones.id, accepted_quantity: 2, serials: ['ONLY-ONE'] },
        'lines.0.serials',
      ],
      [
        { purchase_order_line_id: cables.id, accepted_quantity: 1, serials: ['NO-SERIALS'] },
        'lines.0.serials',
      ],
      [{ purchase_order_line_id: cables.id, accepted_quantity: 0 }, 'lines.0.accepted_quantity'],
      [{ purchase_order_line_id: 987654, accepted_quantity: 1 }, 'lines.0.purchase_order_line_id'],
    ];
    for (const [line, field] of cases) {
      const res = await receive(po.id, [line]);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors, field).toHaveProperty([field]);
    }
    const receipts = await t.database.db
      .select()
      .from(purchaseOrderReceipts)
      .where(eq(purchaseOrderReceipts.purchase_order_id, po.id));
    expect(receipts).toHaveLength(0);
  });

  it('is all or nothing: a serial already in stock on one line writes nothing for any line', async () => {
    const po = await sentOrder([
      [counted, 5, 100],
      [serialised, 2, 10_000],
    ]);
    const [cables, phones] = po.lines ?? [];
    if (!cables || !phones) throw new Error('lines missing');
    const taken = serialsFor('TAKEN', 1);
    const earlier = await sentOrder([[serialised, 1, 10_000]]);
    const earlierLine = earlier.lines?.[0];
    if (!earlierLine) throw new Error('line missing');
    expect(
      (
        await receive(earlier.id, [
          { purchase_order_line_id: earlierLine.id, accepted_quantity: 1, serials: taken },
        ])
      ).status,
    ).toBe(200);
    const stockBefore = await countedAt(counted);
    const fresh = serialsFor('FRESH', 1);
    const res = await receive(po.id, [
      { purchase_order_line_id: cables.id, accepted_quantity: 5 },
      { purchase_order_line_id: phones.id, accepted_quantity: 2, serials: [...fresh, ...taken] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(['lines.1.serials.1']);
    expect(res.body.message).toBe(`Serial ${taken[0]} is already in stock`);
    // Nothing of the receipt stayed: no receipt, no counts on the order, no stock, no new unit.
    expect(await countedAt(counted)).toBe(stockBefore);
    expect((await unitsOf(fresh)).length).toBe(0);
    const lines = await t.database.db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchase_order_id, po.id));
    expect(lines.map((l) => l.received_quantity)).toEqual([0, 0]);
    const receipts = await t.database.db
      .select()
      .from(purchaseOrderReceipts)
      .where(eq(purchaseOrderReceipts.purchase_order_id, po.id));
    expect(receipts).toHaveLength(0);
    expect((await get<PurchaseOrder>(`/inventory-purchase-orders/${po.id}`)).body.data.status).toBe(
      'sent',
    );
  });

  it('receives only sent orders of the company; another company sees none of it', async () => {
    const draft = await order([[counted, 1, 100]]);
    const line = draft.lines?.[0];
    if (!line) throw new Error('line missing');
    const early = await receive(draft.id, [
      { purchase_order_line_id: line.id, accepted_quantity: 1 },
    ]);
    expect(early.status).toBe(409);
    const sent = await sentOrder([[counted, 2, 100]]);
    const sentLine = sent.lines?.[0];
    if (!sentLine) throw new Error('line missing');
    const theirs = await receive(
      sent.id,
      [{ purchase_order_line_id: sentLine.id, accepted_quantity: 1 }],
      northwind,
    );
    // The order is not theirs: refused on its field, nothing received.
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toHaveProperty(['purchase_order_id']);
    const ok = await receive(sent.id, [
      { purchase_order_line_id: sentLine.id, accepted_quantity: 1 },
    ]);
    expect(
      (await get(`/inventory-purchase-order-receipts/${ok.body.data.id}`, northwind)).status,
    ).toBe(404);
    expect(
      (
        await receive(
          sent.id,
          [{ purchase_order_line_id: sentLine.id, accepted_quantity: 1 }],
          nobody,
        )
      ).status,
    ).toBe(403);
  });
});

describe('receipts: rejected serials and changes after posting', () => {
  const patch = <T>(id: number, body: unknown, who: Person = agent) =>
    t.call<Reply<T> & { message: string; errors?: Record<string, string[]> }>(
      'PATCH',
      `/api/inventory-purchase-order-receipts/${id}`,
      { token: who.token, body },
    );

  it('sets rejected units aside by serial: they never enter stock, accepted ones do, each serial once', async () => {
    const po = await sentOrder([[serialised, 3, 20_000]]);
    const line = po.lines?.[0];
    if (!line) throw new Error('line missing');
    const [good, bad, spare] = serialsFor('SETASIDE', 3) as [string, string, string];
    const base = { purchase_order_line_id: line.id, accepted_quantity: 1, rejected_quantity: 1 };
    // A rejected serialised unit needs its serial; one serial cannot be accepted and rejected.
    const missing = await receive(po.id, [{ ...base, reason: 'Cracked', serials: [good] }]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.['lines.0.rejected_serials']?.[0]).toBe(
      'Scan one serial per rejected unit: 1 rejected, 0 scanned',
    );
    const twice = await receive(po.id, [
      { ...base, reason: 'Cracked', serials: [good], rejected_serials: [good] },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.['lines.0.rejected_serials.0']?.[0]).toBe(
      `Serial ${good} is listed twice`,
    );
    // A serial the company already holds cannot be in the supplier's delivery as well.
    const held = await sentOrder([[serialised, 1, 20_000]]);
    const heldLine = held.lines?.[0];
    if (!heldLine) throw new Error('line missing');
    expect(
      (
        await receive(held.id, [
          { purchase_order_line_id: heldLine.id, accepted_quantity: 1, serials: [spare] },
        ])
      ).status,
    ).toBe(200);
    const inStock = await receive(po.id, [
      { ...base, reason: 'Cracked', serials: [good], rejected_serials: [spare] },
    ]);
    expect(inStock.status).toBe(400);
    expect(inStock.body.message).toBe(`Serial ${spare} is already in stock`);
    expect(await unitsOf([good])).toEqual([]);

    const ok = await receive(po.id, [
      { ...base, reason: 'Cracked screen', serials: [good], rejected_serials: [bad] },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.lines?.[0]).toMatchObject({
      quantity: 1,
      rejected_quantity: 1,
      serials: [good],
      rejected_serials: [bad],
    });
    // The accepted unit is in the warehouse; the rejected one is nowhere in stock.
    expect(await unitsOf([good, bad])).toEqual([{ serial: good, location_id: warehouseId }]);
    // The serial lookup finds the rejected one: rejected on this receipt of this order, with the
    // reason, and never in stock (no unit, no moves); another company does not find it.
    type Lookup = {
      item: { location_id: number } | null;
      history: { reason: string }[];
      rejections: { receipt_id: number; purchase_order_id: number; reason: string | null }[];
    };
    const lookup = (serial: string, who: Person = agent) =>
      t.call<Reply<Lookup>>('GET', `/api/product-serials?serial=${serial}`, { token: who.token });
    const rejected = await lookup(bad);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ item: null, history: [] });
    expect(rejected.body.data.rejections).toMatchObject([
      { receipt_id: ok.body.data.id, purchase_order_id: po.id, reason: 'Cracked screen' },
    ]);
    expect((await lookup(bad, northwind)).status).toBe(404);
    expect((await lookup(good)).body.data.rejections).toEqual([]);
    // The supplier replaces it with the same unit repaired: accepted now, it enters stock once.
    const again = await receive(po.id, [
      { purchase_order_line_id: line.id, accepted_quantity: 1, serials: [bad] },
    ]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await unitsOf([bad])).map((unit) => unit.location_id)).toEqual([warehouseId]);
    // Now it is in stock, and the lookup still tells of the earlier rejection.
    const back = (await lookup(bad)).body.data;
    expect(back.item?.location_id).toBe(warehouseId);
    expect(back.rejections.map((r) => r.receipt_id)).toEqual([ok.body.data.id]);
  });

  it('changes only the note and reasons of a posted receipt; figures are refused (409), nothing written', async () => {
    const po = await sentOrder([
      [counted, 5, 200],
      [serialised, 1, 30_000],
    ]);
    const [cables, phones] = po.lines ?? [];
    if (!cables || !phones) throw new Error('lines missing');
    const phoneSerial = serialsFor('EDIT', 1);
    const posted = await receive(po.id, [
      {
        purchase_order_line_id: cables.id,
        accepted_quantity: 3,
        short_quantity: 2,
        reason: 'Two missing',
      },
      { purchase_order_line_id: phones.id, accepted_quantity: 1, serials: phoneSerial },
    ]);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const receipt = posted.body.data;
    const [cableLine, phoneLine] = receipt.lines ?? [];
    if (!cableLine || !phoneLine) throw new Error('receipt lines missing');
    const stockBefore = await countedAt(counted);

    // The shared screen sends the posted figures back with the new texts: accepted.
    const edited = await patch<Receipt>(receipt.id, {
      note: 'Carton resealed by the courier',
      lines: [
        {
          id: cableLine.id,
          reason: 'Two missing; courier report #77',
          accepted_quantity: 3,
          rejected_quantity: 0,
          short_quantity: 2,
          serials: [],
          rejected_serials: [],
        },
        { id: phoneLine.id, accepted_quantity: 1, serials: phoneSerial },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe('Receipt updated');
    expect(edited.body.data.note).toBe('Carton resealed by the courier');
    expect(edited.body.data.lines?.map((l) => l.reason)).toEqual([
      'Two missing; courier report #77',
      null,
    ]);

    // Other figures: the stock has moved on them, so 409 and nothing changes.
    const locked =
      'Stock has entered the warehouse: only the note and the reasons of a receipt can be changed';
    for (const line of [
      { id: cableLine.id, accepted_quantity: 4 },
      { id: cableLine.id, short_quantity: 1 },
      { id: phoneLine.id, serials: serialsFor('SWAP', 1) },
    ]) {
      const refused = await patch(receipt.id, { note: 'Should not stay', lines: [line] });
      expect(refused.status, JSON.stringify(line)).toBe(409);
      expect(refused.body.message).toBe(locked);
    }
    // A needed reason cannot be emptied; a line of another receipt is not this one's.
    const emptied = await patch(receipt.id, { lines: [{ id: cableLine.id, reason: ' ' }] });
    expect(emptied.status).toBe(400);
    expect(emptied.body.errors?.['lines.0.reason']?.[0]).toBe(
      'Give a reason for rejected or short units',
    );
    const stranger = await patch(receipt.id, { lines: [{ id: 987_654, reason: 'x' }] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors?.['lines.0.id']?.[0]).toBe('This line is not on the receipt');
    const stored = await get<Receipt>(`/inventory-purchase-order-receipts/${receipt.id}`);
    expect(stored.body.data.note).toBe('Carton resealed by the courier');
    expect(stored.body.data.lines?.[0]?.reason).toBe('Two missing; courier report #77');
    expect(await countedAt(counted)).toBe(stockBefore);

    // Another company: 404; someone without the write permission: 403.
    expect((await patch(receipt.id, { note: 'theirs' }, northwind)).status).toBe(404);
    expect((await patch(receipt.id, { note: 'nobody' }, nobody)).status).toBe(403);
  });
});

describe('discrepancies and the supplier’s secure link', () => {
  let discrepancy: Discrepancy;
  let token: string;
  let linkId: number;

  beforeAll(async () => {
    const po = await sentOrder([[counted, 6, 250]]);
    const line = po.lines?.[0];
    if (!line) throw new Error('line missing');
    const receipt = await receive(po.id, [
      {
        purchase_order_line_id: line.id,
        accepted_quantity: 4,
        short_quantity: 2,
        reason: 'Two missing from the carton',
      },
    ]);
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    const shortLine = receipt.body.data.lines?.[0];
    if (!shortLine) throw new Error('receipt line missing');
    expect((await get<PurchaseOrder>(`/inventory-purchase-orders/${po.id}`)).body.data.status).toBe(
      'received',
    );
    const made = await post<Discrepancy>('/inventory-receipt-discrepancies', {
      receipt_line_id: shortLine.id,
      description: 'Please ship the two missing units',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    discrepancy = made.body.data;
    const again = await post('/inventory-receipt-discrepancies', { receipt_line_id: shortLine.id });
    expect(again.status).toBe(409);
    const link = await post<{ token: string; link_id: number; url_path: string }>(
      `/inventory-receipt-discrepancies/${discrepancy.id}/supplier-link`,
      {},
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    token = link.body.data.token;
    linkId = link.body.data.link_id;
    expect(link.body.data.url_path).toBe(
      `/public/purchase-order/receipt/discrepancy/${discrepancy.id}?token=${encodeURIComponent(token)}`,
    );
  });

  const view = (id: number, value: string) =>
    t.call<Reply<PublicDiscrepancy>>('GET', `/api/public/receipt-discrepancy/${id}?token=${value}`);
  const comment = (id: number, value: string, body = 'Shipping them today') =>
    t.call<Reply<Record<string, unknown>>>('POST', '/api/public-discrepancy-comments', {
      body: { discrepancy_id: id, token: value, name: 'Tess (supplier)', body },
    });

  it('takes its figures from the receipt line; a line with nothing short is refused', async () => {
    expect(discrepancy).toMatchObject({
      status: 'open',
      short_quantity: 2,
      rejected_quantity: 0,
      supplier_name: 'Tolerant Supply Co.',
      product_name: expect.any(String),
    });
    const po = await sentOrder([[counted, 1, 100]]);
    const line = po.lines?.[0];
    if (!line) throw new Error('line missing');
    const clean = await receive(po.id, [{ purchase_order_line_id: line.id, accepted_quantity: 1 }]);
    const refused = await post('/inventory-receipt-discrepancies', {
      receipt_line_id: clean.body.data.lines?.[0]?.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty(['receipt_line_id']);
    expect(
      (await get(`/inventory-receipt-discrepancies/${discrepancy.id}`, northwind)).status,
    ).toBe(404);
  });

  it('shows the supplier the discrepancy and takes their comment without a session', async () => {
    const staff = await post<{ author_name: string }>('/inventory-discrepancy-comments', {
      discrepancy_id: discrepancy.id,
      body: 'Photos attached to the receipt',
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(staff.body.message).toBe('Comment added');
    const seen = await view(discrepancy.id, token);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toMatchObject({
      id: discrepancy.id,
      short_quantity: 2,
      reason: 'Two missing from the carton',
      description: 'Please ship the two missing units',
      status: 'open',
      company_name: expect.any(String),
    });
    expect(JSON.stringify(seen.body.data)).not.toContain('author_id');
    const sent = await comment(discrepancy.id, token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('Comment added');
    expect(sent.body.data).toMatchObject({ from_supplier: true, author_name: 'Tess (supplier)' });
    const comments = await get<{ results: { body: string; from_supplier: boolean }[] }>(
      `/inventory-discrepancy-comments?filter[discrepancy_id]=${discrepancy.id}`,
    );
    expect(comments.body.data.results.map((c) => [c.body, c.from_supplier])).toEqual([
      ['Photos attached to the receipt', false],
      ['Shipping them today', true],
    ]);
  });

  it('refuses another id, a tampered token, a revoked and an expired link; nothing is written', async () => {
    const countComments = async (id: number) =>
      (
        await t.database.db
          .select()
          .from(discrepancyComments)
          .where(eq(discrepancyComments.discrepancy_id, id))
      ).length;
    const before = await countComments(discrepancy.id);
    // Another discrepancy's id with this token: 404.
    const other = await post<Discrepancy>('/inventory-receipt-discrepancies', {
      receipt_line_id: await (async () => {
        const po = await sentOrder([[counted, 3, 100]]);
        const line = po.lines?.[0];
        if (!line) throw new Error('line missing');
        const r = await receive(po.id, [
          {
            purchase_order_line_id: line.id,
            accepted_quantity: 2,
            rejected_quantity: 1,
            reason: 'Dented',
          },
        ]);
        return r.body.data.lines?.[0]?.id;
      })(),
    });
    expect(other.status).toBe(200);
    expect((await view(other.body.data.id, token)).status).toBe(404);
    expect((await comment(other.body.data.id, token)).status).toBe(404);
    // Tampered or unknown: 404.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await view(discrepancy.id, tampered)).status).toBe(404);
    expect((await comment(discrepancy.id, tampered)).status).toBe(404);
    expect((await view(discrepancy.id, 'not-a-token')).status).toBe(404);

    // Expired: a link made with a clock two hours back that expired an hour ago: 410.
    const past = Date.now() - 2 * 3600_000;
    const links = createPublicLinks({
      db: t.database.db,
      secret: () => keyFromFile(join(dataDir, '.public-links-key')),
      basePath: '/api/public-links/open',
      now: () => past,
    });
    const ctx: RequestContext = {
      sessionId: 0,
      companyId,
      userId: agent.id,
      baseRole: 'master_agent',
      accessLevel: 4,
      permissions: {},
    };
    const expired = await links.createPublicLink({
      ctx,
      resource: 'receipt_discrepancies',
      recordId: discrepancy.id,
      action: 'comment',
      expiresAt: new Date(past + 3600_000),
    });
    expect((await view(discrepancy.id, expired.token)).status).toBe(410);
    const late = await comment(discrepancy.id, expired.token);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe('This link has expired');

    // Revoked: 403.
    const second = await post<{ token: string; link_id: number }>(
      `/inventory-receipt-discrepancies/${discrepancy.id}/supplier-link`,
      { expires_in_days: 1 },
    );
    expect((await view(discrepancy.id, second.body.data.token)).status).toBe(200);
    const revoked = await post(`/public-links/${second.body.data.link_id}/revoke`, {});
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await view(discrepancy.id, second.body.data.token)).status).toBe(403);
    const refused = await comment(discrepancy.id, second.body.data.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This link has been revoked');
    // Another company cannot make or revoke links for it.
    expect(
      (
        await post(
          `/inventory-receipt-discrepancies/${discrepancy.id}/supplier-link`,
          {},
          northwind,
        )
      ).status,
    ).toBe(404);
    expect((await post(`/public-links/${linkId}/revoke`, {}, northwind)).status).toBe(404);
    expect(await countComments(discrepancy.id)).toBe(before);
  });

  it('takes no comment once closed (409), from staff or the supplier; reopened, it does again', async () => {
    const closed = await post<Discrepancy>(
      `/inventory-receipt-discrepancies/${discrepancy.id}/transition`,
      { to: 'closed' },
    );
    expect(closed.status).toBe(200);
    const fromSupplier = await comment(discrepancy.id, token, 'One more thing');
    expect(fromSupplier.status).toBe(409);
    expect(fromSupplier.body.message).toBe('This discrepancy is closed; it takes no more comments');
    const fromStaff = await post('/inventory-discrepancy-comments', {
      discrepancy_id: discrepancy.id,
      body: 'Late note',
    });
    expect(fromStaff.status).toBe(409);
    const seen = await view(discrepancy.id, token);
    expect(seen.body.data.status).toBe('closed');
    expect(seen.body.data.comments.map((c) => c.body)).not.toContain('One more thing');
    expect(
      (await post(`/inventory-receipt-discrepancies/${discrepancy.id}/transition`, { to: 'open' }))
        .status,
    ).toBe(200);
    expect((await comment(discrepancy.id, token, 'Tracking: 1Z999')).status).toBe(200);
  });
});

describe('the demo', () => {
  it('has a purchase order received by serial: three phones in the warehouse, one rejected and found by the lookup', async () => {
    const orders = await get<{ results: (PurchaseOrder & { reference: string | null })[] }>(
      '/inventory-purchase-orders?search=PO-MOTO-0425',
    );
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    const order = orders.body.data.results[0];
    expect(order?.status).toBe('received');
    if (!order) throw new Error('demo order missing');
    const receipts = await get<{ results: { id: number }[] }>(
      `/inventory-purchase-order-receipts?search=${encodeURIComponent('Serials scanned at the dock')}`,
    );
    const receiptId = receipts.body.data.results[0]?.id;
    if (!receiptId) throw new Error('demo receipt missing');
    const receipt = (await get<Receipt>(`/inventory-purchase-order-receipts/${receiptId}`)).body
      .data;
    const [line] = receipt.lines ?? [];
    expect(line).toMatchObject({ quantity: 3, rejected_quantity: 1 });
    if (!line) throw new Error('demo receipt line missing');
    type Lookup = {
      item: { location_kind: string } | null;
      rejections: { receipt_id: number; purchase_order_id: number; reason: string | null }[];
    };
    for (const serial of line.serials) {
      const found = await get<Lookup>(`/product-serials?serial=${serial}`);
      expect(found.body.data.item?.location_kind).toBe('warehouse');
    }
    const [rejected] = line.rejected_serials;
    const lookup = await get<Lookup>(`/product-serials?serial=${rejected}`);
    expect(lookup.body.data.item).toBeNull();
    expect(lookup.body.data.rejections).toMatchObject([
      {
        receipt_id: receiptId,
        purchase_order_id: order.id,
        reason: expect.stringMatching(/Cracked/),
      },
    ]);
  });
});
