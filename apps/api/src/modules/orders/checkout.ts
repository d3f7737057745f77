import { z } from 'zod';
import type { FieldErrors } from '@portal/contract/envelope';
import type { BulkRowError } from '@portal/contract/platform';
import { bulkMessages } from '@portal/contract/platform';
import type { Order } from '@portal/contract/resources/orders';
import type { ProductKind } from '@portal/contract/resources/catalog';
import {
  csvOrderColumns,
  shopMessages,
  type CsvOrderResult,
  type checkoutInput,
  type csvOrderInput,
} from '@portal/contract/shop';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { readCsv } from '../../platform/resources/bulk.ts';
import { productFactsOf, productsBySku } from '../catalog/api.ts';
import { moveOrder } from './api.ts';
import { assertMayOrderFor } from './orderable.ts';
import { orderService } from './services.ts';

interface PlacedLine {
  product_id: number;
  quantity: number;
}

interface Placement {
  store_id: number;
  kind: ProductKind;
  note?: string | null | undefined;
  lines: PlacedLine[];
}

/** The cart's lines with one line per product: a product added twice is one line, quantities summed. */
export function mergeLines(lines: readonly PlacedLine[]): PlacedLine[] {
  const byProduct = new Map<number, PlacedLine>();
  for (const line of lines) {
    const kept = byProduct.get(line.product_id);
    if (kept) kept.quantity += line.quantity;
    else byProduct.set(line.product_id, { product_id: line.product_id, quantity: line.quantity });
  }
  return [...byProduct.values()];
}

/**
 * One order from a cart or a file, inside the caller's transaction: the store must be one the
 * caller may order for, every product sold and of the cart's kind; the order service prices each
 * line from the catalogue (whatever the browser showed), writes the order and its lines, and the
 * order is submitted to the warehouse (history: created, then Submit with `source`).
 */
async function placeOrder(
  tx: Tx,
  ctx: RequestContext,
  placement: Placement,
  source: string,
): Promise<Order> {
  await assertMayOrderFor(tx, ctx, placement.store_id);
  const facts = await productFactsOf(
    tx,
    ctx.companyId,
    placement.lines.map((line) => line.product_id),
  );
  const errors: FieldErrors = {};
  placement.lines.forEach((line, index) => {
    const product = facts.get(line.product_id);
    const field = `lines.${index}.product_id`;
    if (!product) errors[field] = ['Product not found'];
    else if (!product.is_active) errors[field] = [`${product.name} is no longer sold`];
    else if (product.kind !== placement.kind)
      errors[field] = [shopMessages.wrongKind(product.name, placement.kind)];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
  const created = await orderService.create(tx, ctx, {
    store_id: placement.store_id,
    kind: placement.kind,
    note: placement.note ?? null,
    lines: placement.lines,
  });
  return moveOrder(tx, ctx, created.id, 'submitted', source);
}

/**
 * POST /orders/checkout: the cart becomes one submitted order in one transaction, priced on the
 * server. An empty cart is a 400; nothing is written when anything is refused.
 */
export async function checkout(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof checkoutInput>,
): Promise<Order> {
  const lines = mergeLines(input.lines);
  if (!lines.length)
    throw AppError.badRequest(shopMessages.emptyCart, { lines: [shopMessages.emptyCart] });
  return db.transaction((tx) =>
    placeOrder(
      tx,
      ctx,
      { store_id: input.store_id, kind: input.kind, note: input.note, lines },
      'Checked out from the cart',
    ),
  );
}

/** A quantity cell: a whole number from 1. */
function quantityOf(raw: string): number | string {
  if (!/^\d+$/.test(raw)) return raw === '' ? 'Enter a quantity' : 'Enter a whole quantity';
  const quantity = Number(raw);
  if (quantity < 1) return 'Quantity must be at least 1';
  if (quantity > 100_000) return 'Quantity must be at most 100000';
  return quantity;
}

/** Rolls a checked CSV order back (a dry run saves nothing). */
class DryRun extends Error {}

/** A file refused: every problem by line and column (the bulk CSV shape), nothing written. */
function rowsRefused(errors: BulkRowError[]): AppError {
  errors.sort((a, b) => a.line - b.line);
  return new AppError(
    400,
    bulkMessages.failed(new Set(errors.map((e) => e.line)).size),
    undefined,
    {
      errors,
    },
  );
}

/** The lines the warehouse cannot cover, as the inventory module's 409 (orderSubmitting) names them. */
const shortLinesSchema = z.object({
  short: z.array(
    z.object({
      product_id: z.number(),
      ordered: z.number(),
      available: z.number(),
      product_name: z.string(),
    }),
  ),
});

/**
 * A CSV order over the warehouse's available units: the 409 of the submission becomes one row
 * problem per short line (its line number, the product and what is available), like the file's
 * other row errors. Any other error: undefined.
 */
function stockRowErrors(
  error: unknown,
  lines: CsvOrderResult['lines'],
): BulkRowError[] | undefined {
  if (!(error instanceof AppError) || error.statusCode !== 409) return undefined;
  const parsed = shortLinesSchema.safeParse(error.data);
  if (!parsed.success || !parsed.data.short.length) return undefined;
  const lineOf = new Map(lines.map((line) => [line.product_id, line.line]));
  return parsed.data.short.map((short) => ({
    line: lineOf.get(short.product_id) ?? 1,
    field: 'quantity',
    message: shopMessages.notAvailable(short.product_name, short.ordered, short.available),
  }));
}

/**
 * POST /csv-order: an order from a file of `sku,quantity` rows. Every row is checked (the SKU is
 * the company's, sold and of the order's kind; the quantity a whole number from 1; a SKU once)
 * and every problem is reported by line and column; any problem, and nothing is written. A clean
 * file becomes one submitted order (or, on a dry run, the lines it would order); lines over what
 * the warehouse has available are row problems too (checked on a dry run as well).
 */
export async function csvOrder(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof csvOrderInput>,
): Promise<CsvOrderResult> {
  const errors: BulkRowError[] = [];
  const rows = readCsv(input.csv, [...csvOrderColumns], errors);
  if (!errors.length && !rows.length) throw AppError.badRequest(bulkMessages.noRows);
  if (rows.length > 500) throw AppError.badRequest(bulkMessages.tooMany(500));
  if (!errors.length) {
    const header = rows[0] ? Object.keys(rows[0].values) : [];
    for (const column of csvOrderColumns)
      if (!header.includes(column))
        errors.push({ line: 1, field: column, message: `The file needs a ${column} column` });
  }
  // Before the file's contents: a store the caller may not order for is refused as such.
  await assertMayOrderFor(db, ctx, input.store_id);
  const products = await productsBySku(
    db,
    ctx.companyId,
    rows.map((row) => row.values.sku ?? ''),
  );
  const seen = new Map<string, number>();
  const lines: CsvOrderResult['lines'] = [];
  for (const row of errors.length ? [] : rows) {
    const sku = row.values.sku ?? '';
    const quantity = quantityOf(row.values.quantity ?? '');
    const product = products.get(sku);
    const fail = (field: string, message: string) =>
      errors.push({ line: row.line, field, message });
    if (!sku) fail('sku', 'Enter a SKU');
    else if (!product) fail('sku', shopMessages.unknownSku(sku));
    else if (!product.is_active) fail('sku', `${product.name} is no longer sold`);
    else if (product.kind !== input.kind)
      fail('sku', shopMessages.wrongKind(product.name, input.kind));
    else if (seen.has(sku)) fail('sku', shopMessages.repeatedSku(sku, seen.get(sku) ?? 0));
    if (typeof quantity === 'string') fail('quantity', quantity);
    if (sku && !seen.has(sku)) seen.set(sku, row.line);
    if (product && typeof quantity === 'number')
      lines.push({ line: row.line, product_id: product.id, sku, name: product.name, quantity });
  }
  if (errors.length) throw rowsRefused(errors);
  const placement = {
    store_id: input.store_id,
    kind: input.kind,
    note: input.note,
    lines: lines.map(({ product_id, quantity }) => ({ product_id, quantity })),
  };
  let orderId: number | null = null;
  try {
    await db.transaction(async (tx) => {
      const order = await placeOrder(tx, ctx, placement, 'Ordered from a CSV file');
      if (input.dry_run) throw new DryRun();
      orderId = order.id;
    });
  } catch (error) {
    if (error instanceof DryRun) return { dry_run: input.dry_run, order_id: null, lines };
    // Lines over the warehouse's stock: named by row, and the transaction wrote nothing.
    const short = stockRowErrors(error, lines);
    throw short ? rowsRefused(short) : error;
  }
  return { dry_run: input.dry_run, order_id: orderId, lines };
}
