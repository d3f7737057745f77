import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import { bulkMessages, type BulkRowError } from '@portal/contract/platform';
import {
  RECON_MAX_ROWS,
  reconColumns,
  reconInput,
  reconMessages as messages,
  reconResultSchema,
  type ReconLine,
  type ReconResult,
} from '@portal/contract/stock-recon';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readCsv } from '../../platform/resources/bulk.ts';
import { tenantScope } from '../../db/columns.ts';
import { adjustmentReasonName, productsBySku } from '../catalog/api.ts';
import { outLocation } from './api.ts';
import { inventoryItems, stockAdjustments, stockLocations } from './schema.ts';
import { moveUnits, recordArrivals } from './stock.ts';

type Item = typeof inventoryItems.$inferSelect;

/** A counted quantity: a whole number from 0. */
function countOf(raw: string): number | string {
  if (raw === '') return 'Enter a quantity';
  if (!/^\d+$/.test(raw)) return 'Enter a whole quantity of 0 or more';
  const quantity = Number(raw);
  if (quantity > 100_000) return 'Quantity must be at most 100000';
  return quantity;
}

const rowErrors = (errors: BulkRowError[]) => {
  errors.sort((a, b) => a.line - b.line);
  return new AppError(
    400,
    bulkMessages.failed(new Set(errors.map((e) => e.line)).size),
    undefined,
    { errors },
  );
};

/** The file's rows checked: accessories of the company, each once, counts from 0; or a 400. */
async function readCount(tx: Tx, ctx: RequestContext, csv: string) {
  const errors: BulkRowError[] = [];
  const rows = readCsv(csv, [...reconColumns], errors);
  if (!errors.length && !rows.length) throw AppError.badRequest(bulkMessages.noRows);
  if (rows.length > RECON_MAX_ROWS) throw AppError.badRequest(bulkMessages.tooMany(RECON_MAX_ROWS));
  if (!errors.length) {
    const header = rows[0] ? Object.keys(rows[0].values) : [];
    for (const column of reconColumns)
      if (!header.includes(column))
        errors.push({ line: 1, field: column, message: `The file needs a ${column} column` });
  }
  if (errors.length) throw rowErrors(errors);
  const products = await productsBySku(
    tx,
    ctx.companyId,
    rows.map((row) => row.values.sku ?? ''),
  );
  const seen = new Map<string, number>();
  const counted: { line: number; product_id: number; sku: string; name: string; count: number }[] =
    [];
  for (const row of rows) {
    const sku = row.values.sku ?? '';
    const count = countOf(row.values.quantity ?? '');
    const product = products.get(sku);
    const fail = (field: string, message: string) =>
      errors.push({ line: row.line, field, message });
    if (!sku) fail('sku', 'Enter a SKU');
    else if (!product) fail('sku', messages.unknownSku(sku));
    else if (product.kind !== 'accessory') fail('sku', messages.notAnAccessory(product.name));
    else if (seen.has(sku)) fail('sku', messages.repeatedSku(sku, seen.get(sku) ?? 0));
    if (typeof count === 'string') fail('quantity', count);
    if (sku && !seen.has(sku)) seen.set(sku, row.line);
    if (product && typeof count === 'number')
      counted.push({ line: row.line, product_id: product.id, sku, name: product.name, count });
  }
  if (errors.length) throw rowErrors(errors);
  return { counted, products };
}

/**
 * POST /accessory-recon-upload: a location's accessory count against its stock on hand, line by
 * line. A dry run answers the differences and writes nothing. Confirming posts, in one
 * transaction, one stock adjustment per product that differs, with the reason: units counted
 * beyond stock enter the location (new units, one movement each), units missing leave it for the
 * company's "Written off by count" location (moveUnits, one movement each). The location's units
 * of those products are locked while it runs, so two counts of one place cannot both post.
 */
export async function reconcileCount(
  db: Database,
  ctx: RequestContext,
  input: z.output<typeof reconInput>,
): Promise<ReconResult> {
  return db.transaction(async (tx) => {
    const [location] = await tx
      .select()
      .from(stockLocations)
      .where(
        and(tenantScope(stockLocations, ctx.companyId), eq(stockLocations.id, input.location_id)),
      );
    if (!location || (location.kind !== 'warehouse' && location.kind !== 'store'))
      throw AppError.badRequest(messages.location, { location_id: [messages.location] });
    const reasonName = await adjustmentReasonName(tx, ctx.companyId, input.reason_id);
    const reason = reasonName === null ? null : { id: input.reason_id, name: reasonName };
    if (!reason) throw AppError.badRequest(messages.reason, { reason_id: [messages.reason] });
    const { counted, products } = await readCount(tx, ctx, input.csv);
    const productIds = counted.map((row) => row.product_id);
    const units: Item[] = productIds.length
      ? await tx
          .select()
          .from(inventoryItems)
          .where(
            and(
              tenantScope(inventoryItems, ctx.companyId),
              eq(inventoryItems.location_id, location.id),
              inArray(inventoryItems.product_id, productIds),
            ),
          )
          .orderBy(desc(inventoryItems.id))
          .for('update')
      : [];
    const byProduct = new Map<number, Item[]>();
    for (const unit of units)
      byProduct.set(unit.product_id, [...(byProduct.get(unit.product_id) ?? []), unit]);
    const lines: ReconLine[] = counted.map((row) => {
      const onHand = byProduct.get(row.product_id)?.length ?? 0;
      return {
        line: row.line,
        product_id: row.product_id,
        sku: row.sku,
        name: row.name,
        on_hand: onHand,
        counted: row.count,
        difference: row.count - onHand,
      };
    });
    const result = {
      dry_run: input.dry_run,
      location_id: location.id,
      location_name: location.name,
      lines,
      adjustment_ids: [] as number[],
    };
    if (input.dry_run) return result;
    const why = `Count adjustment: ${reason.name}`;
    const note = input.note?.trim() || null;
    for (const line of lines) {
      if (line.difference === 0) continue;
      const [adjustment] = await tx
        .insert(stockAdjustments)
        .values({
          company_id: ctx.companyId,
          location_id: location.id,
          product_id: line.product_id,
          on_hand: line.on_hand,
          counted: line.counted,
          quantity: line.difference,
          reason_id: reason.id,
          note,
          user_id: ctx.userId,
        })
        .returning({ id: stockAdjustments.id });
      if (!adjustment) throw new Error('stock adjustment not written');
      result.adjustment_ids.push(adjustment.id);
      if (line.difference < 0) {
        // The newest units go first (what arrived last is what a count most often misses).
        const gone = (byProduct.get(line.product_id) ?? []).slice(0, -line.difference);
        await moveUnits(tx, ctx, gone, await outLocation(tx, ctx.companyId, 'adjusted'), why);
      } else {
        const product = products.get(line.sku);
        const found = await tx
          .insert(inventoryItems)
          .values(
            Array.from({ length: line.difference }, (_, n) => ({
              company_id: ctx.companyId,
              serial: `${line.sku}-CNT${adjustment.id}-${String(n + 1).padStart(4, '0')}`,
              product_id: line.product_id,
              condition: 'new',
              location_id: location.id,
              price_cents: product?.price_cents ?? 0,
            })),
          )
          .returning();
        await recordArrivals(tx, ctx, found, why);
      }
    }
    return result;
  });
}

/** The count upload's route (write_stock_adjustments). */
export function reconRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().post('/accessory-recon-upload', {
    schema: {
      tags: ['Inventory'],
      summary:
        "An accessory count (CSV sku,quantity) against a location's stock; post the differences",
      description:
        'dry_run (the default) lists each line with on hand, counted and the difference, writing ' +
        'nothing. dry_run false posts one stock adjustment per differing product with the reason, ' +
        'moving units in or out, in one transaction. Bad rows: a 400 listing every problem by ' +
        'line and column (data.errors), nothing written.',
      body: reconInput,
      response: { 200: replySchema(reconResultSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_stock_adjustments' },
    handler: async (request) => {
      const result = await reconcileCount(db, callerOf(request), request.body);
      const differences = result.lines.filter((line) => line.difference !== 0).length;
      return ok(
        result.dry_run ? messages.checked(differences) : messages.posted(differences),
        result,
      );
    },
  });
}
