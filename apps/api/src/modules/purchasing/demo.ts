import type { PurchaseOrderStatus } from '@portal/contract/resources/purchasing';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/database.ts';
import type { DemoContext } from '../../platform/module.ts';
import { stockFactsBySku } from '../catalog/api.ts';
import { ensureWarehouse, listWarehouses } from '../inventory/api.ts';
import { directory } from '../users/api.ts';
import { postReceipt } from './receipts.ts';
import {
  discrepancyComments,
  purchaseOrderLines,
  purchaseOrderPayments,
  purchaseOrderReceiptLines,
  purchaseOrderReceipts,
  purchaseOrders,
  receiptDiscrepancies,
  receiptPayments,
  suppliers,
  vendors,
} from './schema.ts';
import { and, eq, gt } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';

const demoSuppliers = [
  {
    name: 'Brightstar Distribution',
    contact_name: 'Dana Brooks',
    contact_email: 'orders@brightstar.example',
    contact_phone: '+1 305 555 0142',
    address: '9725 NW 117th Ave, Miami, FL 33178',
    terms: 'Net 30',
    lead_time_days: 5,
    price_tolerance_percent: 5,
  },
  {
    name: 'Pacific Accessories Co.',
    contact_name: 'Kenji Mori',
    contact_email: 'sales@pacific-accessories.example',
    contact_phone: '+1 562 555 0198',
    address: '2100 E Carson St, Long Beach, CA 90810',
    terms: 'Net 15',
    lead_time_days: 10,
    price_tolerance_percent: 10,
  },
];

const demoVendors = [
  {
    name: 'Metro Freight Logistics',
    email: 'dispatch@metrofreight.example',
    phone: '+1 718 555 0111',
    address: '45 Industrial Pkwy, Brooklyn, NY 11232',
    note: 'Carries supplier deliveries to the warehouse',
  },
  {
    name: 'GreenCycle Recycling',
    email: 'pickup@greencycle.example',
    phone: '+1 312 555 0177',
    address: null,
    note: 'Collects damaged units and packaging',
  },
];

/** The demo's orders: supplier (index), status, reference, lines [SKU, quantity, unit cost]. */
const demoOrders: {
  supplier: number;
  status: PurchaseOrderStatus;
  reference: string;
  lines: [string, number, number][];
}[] = [
  { supplier: 0, status: 'draft', reference: 'PO-DRAFT-01', lines: [['APL-IP16-128', 2, 65_000]] },
  {
    supplier: 0,
    status: 'pending_approval',
    reference: 'PO-LAUNCH-16P',
    lines: [['APL-IP16P-256', 10, 95_000]],
  },
  {
    supplier: 0,
    status: 'approved',
    reference: 'PO-A16-RESTOCK',
    lines: [['SAM-A16-64', 5, 15_000]],
  },
  { supplier: 0, status: 'sent', reference: 'PO-MOTO-0425', lines: [['MOT-GPWR-128', 4, 22_000]] },
  {
    supplier: 1,
    status: 'sent',
    reference: 'PO-ACC-CHARGERS',
    lines: [
      ['BLK-CHG-20W', 6, 1_200],
      ['APL-CASE-16', 4, 1_500],
    ],
  },
  { supplier: 1, status: 'sent', reference: 'PO-ACC-POWER', lines: [['ANK-PB-10K', 3, 2_600]] },
];

/**
 * The buying side of the main demo company: a warehouse, two suppliers, two vendors, purchase
 * orders in draft, pending approval and approved; one of phones received by serial (three in the
 * warehouse, one rejected), one partially received (a receipt with a short line, its discrepancy
 * and comments from staff and the supplier) and one received and closed. Products come from the catalogue demo by SKU (none there: no orders).
 */
export async function seedPurchasingDemo({ tx, companyId, demoCompany }: DemoContext) {
  const madeSuppliers = await tx
    .insert(suppliers)
    .values(demoSuppliers.map((supplier) => ({ company_id: companyId, ...supplier })))
    .returning({ id: suppliers.id });
  await tx
    .insert(vendors)
    .values(demoVendors.map((vendor) => ({ company_id: companyId, ...vendor })));
  if (!demoCompany) return;

  const [existing] = await listWarehouses(tx, companyId);
  const warehouseId = existing?.id ?? (await ensureWarehouse(tx, companyId, 'Main Warehouse'));
  const people = await directory(tx, companyId);
  const buyer = people.find((person) => person.name === 'Marco Agent') ?? people[0];
  if (!buyer) return;
  const ctx: RequestContext = {
    sessionId: 0,
    companyId,
    userId: buyer.id,
    baseRole: 'master_agent',
    accessLevel: 4,
    permissions: {},
  };
  const products = await stockFactsBySku(
    tx,
    companyId,
    demoOrders.flatMap((order) => order.lines.map(([sku]) => sku)),
  );
  const orderIds: number[] = [];
  for (const [index, demo] of demoOrders.entries()) {
    const supplier = madeSuppliers[demo.supplier];
    const lines = demo.lines.flatMap(([sku, quantity, cost]) => {
      const product = products.get(sku);
      return product ? [{ product, quantity, cost }] : [];
    });
    if (!supplier || !lines.length) continue;
    const total = lines.reduce((sum, line) => sum + line.quantity * line.cost, 0);
    const approved = !['draft', 'pending_approval'].includes(demo.status);
    const daysAgo = demoOrders.length - index + 2;
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        company_id: companyId,
        supplier_id: supplier.id,
        warehouse_id: warehouseId,
        reference: demo.reference,
        expected_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        status: demo.status,
        subtotal_cents: total,
        total_cents: total,
        approved_by: approved ? buyer.id : null,
        approved_at: approved ? new Date(Date.now() - daysAgo * 86_400_000).toISOString() : null,
        created_by: buyer.id,
        created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      })
      .returning({ id: purchaseOrders.id });
    if (!order) continue;
    orderIds.push(order.id);
    await tx.insert(purchaseOrderLines).values(
      lines.map((line) => ({
        company_id: companyId,
        purchase_order_id: order.id,
        product_id: line.product.id,
        quantity: line.quantity,
        unit_price_cents: line.cost,
        total_cents: line.quantity * line.cost,
      })),
    );
  }
  await receiveDemo(tx, ctx, orderIds);
}

/** Serials for demo units: unique per order line. */
const serialsFor = (lineId: number, count: number, isSerialized: boolean) =>
  isSerialized
    ? Array.from({ length: count }, (_, n) => `PO-DEMO-${lineId}-${String(n + 1).padStart(3, '0')}`)
    : [];

/**
 * The Moto order is received by serial: three phones into the warehouse, one rejected (its serial
 * set aside for the supplier, found by the serial lookup); the chargers order is received with two
 * chargers short (a discrepancy the supplier answered); the power bank order is received in full
 * and closed.
 */
async function receiveDemo(tx: Tx, ctx: RequestContext, orderIds: number[]) {
  const [, , , motoId, chargersId, powerId] = orderIds;
  if (!motoId || !chargersId || !powerId) return;
  const linesOf = (orderId: number) =>
    tx
      .select()
      .from(purchaseOrderLines)
      .where(
        and(
          tenantScope(purchaseOrderLines, ctx.companyId),
          eq(purchaseOrderLines.purchase_order_id, orderId),
        ),
      )
      .orderBy(purchaseOrderLines.id);
  const products = await stockFactsBySku(tx, ctx.companyId, [
    'MOT-GPWR-128',
    'BLK-CHG-20W',
    'APL-CASE-16',
    'ANK-PB-10K',
  ]);
  const serialised = new Map([...products.values()].map((p) => [p.id, p.is_serialized]));

  const [phones] = await linesOf(motoId);
  const phoneSerials = phones
    ? serialsFor(phones.id, 4, serialised.get(phones.product_id) ?? false)
    : [];
  if (phones && phoneSerials.length)
    await postReceipt(tx, ctx, {
      purchase_order_id: motoId,
      note: 'Serials scanned at the dock',
      lines: [
        {
          purchase_order_line_id: phones.id,
          accepted_quantity: 3,
          rejected_quantity: 1,
          short_quantity: 0,
          reason: 'Cracked screen on arrival; returned to Brightstar',
          serials: phoneSerials.slice(0, 3),
          rejected_serials: phoneSerials.slice(3),
        },
      ],
    });

  const [chargers, cases] = await linesOf(chargersId);
  if (!chargers || !cases) return;
  const receiptId = await postReceipt(tx, ctx, {
    purchase_order_id: chargersId,
    note: 'Carton 1 of 1',
    lines: [
      {
        purchase_order_line_id: chargers.id,
        accepted_quantity: 4,
        rejected_quantity: 0,
        short_quantity: 2,
        reason: 'Only 4 chargers in the carton; the packing slip says 6',
        serials: serialsFor(chargers.id, 4, serialised.get(chargers.product_id) ?? false),
        rejected_serials: [],
      },
      {
        purchase_order_line_id: cases.id,
        accepted_quantity: 4,
        rejected_quantity: 0,
        short_quantity: 0,
        reason: null,
        serials: serialsFor(cases.id, 4, serialised.get(cases.product_id) ?? false),
        rejected_serials: [],
      },
    ],
  });
  const [shortLine] = await tx
    .select()
    .from(purchaseOrderReceiptLines)
    .where(
      and(
        tenantScope(purchaseOrderReceiptLines, ctx.companyId),
        eq(purchaseOrderReceiptLines.receipt_id, receiptId),
        gt(purchaseOrderReceiptLines.short_quantity, 0),
      ),
    );
  const [order] = await tx
    .select({ supplier_id: purchaseOrders.supplier_id })
    .from(purchaseOrders)
    .where(and(tenantScope(purchaseOrders, ctx.companyId), eq(purchaseOrders.id, chargersId)));
  if (shortLine && order) {
    const [discrepancy] = await tx
      .insert(receiptDiscrepancies)
      .values({
        company_id: ctx.companyId,
        receipt_id: receiptId,
        receipt_line_id: shortLine.id,
        purchase_order_id: chargersId,
        supplier_id: order.supplier_id,
        product_id: shortLine.product_id,
        short_quantity: shortLine.short_quantity,
        rejected_quantity: shortLine.rejected_quantity,
        description: 'Two USB-C chargers missing from the delivery. Please ship them or credit us.',
        created_by: ctx.userId,
      })
      .returning({ id: receiptDiscrepancies.id });
    if (discrepancy)
      await tx.insert(discrepancyComments).values([
        {
          company_id: ctx.companyId,
          discrepancy_id: discrepancy.id,
          body: 'Photos of the opened carton are in the receipt note.',
          author_id: ctx.userId,
          author_name: 'Marco Agent',
        },
        {
          company_id: ctx.companyId,
          discrepancy_id: discrepancy.id,
          body: 'Sorry about that: the two chargers ship tomorrow with tracking.',
          author_name: 'Kenji Mori (Pacific Accessories Co.)',
          from_supplier: true,
        },
      ]);
  }

  const [powerBanks] = await linesOf(powerId);
  if (!powerBanks) return;
  await postReceipt(tx, ctx, {
    purchase_order_id: powerId,
    note: null,
    lines: [
      {
        purchase_order_line_id: powerBanks.id,
        accepted_quantity: 3,
        rejected_quantity: 0,
        short_quantity: 0,
        reason: null,
        serials: serialsFor(powerBanks.id, 3, serialised.get(powerBanks.product_id) ?? false),
        rejected_serials: [],
      },
    ],
  });
  await tx
    .update(purchaseOrders)
    .set({ status: 'closed' })
    .where(and(tenantScope(purchaseOrders, ctx.companyId), eq(purchaseOrders.id, powerId)));
  await paymentsDemo(tx, ctx, powerId, receiptId);
}

/**
 * The closed power bank order paid in full by bank transfer, and the chargers receipt paid half by
 * check (its accepted value: accepted units at the order's cost).
 */
async function paymentsDemo(tx: Tx, ctx: RequestContext, orderId: number, receiptId: number) {
  const daysAgo = (days: number) =>
    new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const [order] = await tx
    .select({ total_cents: purchaseOrders.total_cents })
    .from(purchaseOrders)
    .where(and(tenantScope(purchaseOrders, ctx.companyId), eq(purchaseOrders.id, orderId)));
  if (order?.total_cents)
    await tx.insert(purchaseOrderPayments).values({
      company_id: ctx.companyId,
      purchase_order_id: orderId,
      amount_cents: order.total_cents,
      paid_on: daysAgo(1),
      method: 'bank_transfer',
      reference: 'WIRE-20417',
      note: 'Paid in full on delivery',
      recorded_by: ctx.userId,
    });
  const [receipt] = await tx
    .select({
      purchase_order_id: purchaseOrderReceipts.purchase_order_id,
      accepted_cents: purchaseOrderReceipts.subtotal_cents,
    })
    .from(purchaseOrderReceipts)
    .where(
      and(
        tenantScope(purchaseOrderReceipts, ctx.companyId),
        eq(purchaseOrderReceipts.id, receiptId),
      ),
    );
  const half = Math.floor((receipt?.accepted_cents ?? 0) / 2);
  if (receipt && half > 0)
    await tx.insert(receiptPayments).values({
      company_id: ctx.companyId,
      receipt_id: receiptId,
      purchase_order_id: receipt.purchase_order_id,
      amount_cents: half,
      paid_on: daysAgo(2),
      method: 'check',
      reference: 'CHK-1187',
      note: 'First half; the rest once the short chargers arrive',
      recorded_by: ctx.userId,
    });
}
