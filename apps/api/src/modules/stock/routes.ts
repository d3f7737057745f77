import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import { bulkMessages, bulkResultSchema, type BulkRowError } from '@portal/contract/platform';
import {
  MAX_STOCK_UNITS,
  STOCK_BULK_MAX_ROWS,
  stockBulkMessages as messages,
  stockMovementSchema,
  stockUpdateColumns,
  stockUpdateRequest,
  stockUploadColumns,
  stockUploadRequest,
  stockValuationQuery,
  stockValuationSchema,
} from '@portal/contract/resources/stock';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readCsv, type SourceRow } from '../../platform/resources/bulk.ts';
import { tenantScope } from '../../db/columns.ts';
import { stockFactsBySku } from '../catalog/api.ts';
import { listWarehouses } from '../inventory/api.ts';
import { countedMovementsOf } from '../purchasing/api.ts';
import { namesOf } from '../users/api.ts';
import { stockRecords } from './schema.ts';
import { moveStock, reasonText } from './stock-moves.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** A record of the caller's company (404 otherwise). */
async function findRecord(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({
      id: stockRecords.id,
      location_id: stockRecords.location_id,
      product_id: stockRecords.product_id,
    })
    .from(stockRecords)
    .where(and(tenantScope(stockRecords, companyId), eq(stockRecords.id, id)));
  if (!row) throw AppError.notFound('Stock record');
  return row;
}

/** Value per warehouse and overall, summed by the database in integer cents. */
async function valuation(
  db: Executor,
  companyId: number,
  query: z.infer<typeof stockValuationQuery>,
) {
  const rows = await db
    .select({
      location_id: stockRecords.location_id,
      records: sql<number>`count(*)::int`,
      on_hand: sql<string>`coalesce(sum(${stockRecords.on_hand}), 0)::bigint`,
      value_cents: sql<string>`coalesce(sum(${stockRecords.value_cents}), 0)::bigint`,
      below_reorder: sql<number>`(count(*) filter (where ${stockRecords.below_reorder}))::int`,
    })
    .from(stockRecords)
    .where(
      and(
        tenantScope(stockRecords, companyId),
        query.location_id ? eq(stockRecords.location_id, query.location_id) : undefined,
        query.below_reorder
          ? eq(stockRecords.below_reorder, query.below_reorder === 'true')
          : undefined,
      ),
    )
    .groupBy(stockRecords.location_id);
  const warehouses = await listWarehouses(db, companyId);
  const byId = new Map(rows.map((row) => [row.location_id, row]));
  // Warehouses in name order, as the stock list and the forms show them.
  const locations = warehouses
    .filter((warehouse) => byId.has(warehouse.id))
    .map((warehouse) => {
      const row = byId.get(warehouse.id);
      return {
        location_id: warehouse.id,
        location_name: warehouse.name,
        records: Number(row?.records ?? 0),
        on_hand: Number(row?.on_hand ?? 0),
        value_cents: Number(row?.value_cents ?? 0),
        below_reorder: Number(row?.below_reorder ?? 0),
      };
    });
  const total = (key: 'records' | 'on_hand' | 'value_cents' | 'below_reorder') =>
    locations.reduce((sum, location) => sum + location[key], 0);
  return {
    locations,
    records: total('records'),
    on_hand: total('on_hand'),
    value_cents: total('value_cents'),
    below_reorder: total('below_reorder'),
  };
}

// ---- Bulk files

const whole = /^\d{1,7}$/;
/** Dollars and cents as a file writes them (12, 12.5, 12.50) to integer cents; null if not one. */
export function dollarsToCents(raw: string): number | null {
  const match = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(raw.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

interface Resolved {
  line: number;
  product_id: number;
  location_id: number;
  values: Record<string, string>;
}

/**
 * The rows' SKUs and warehouse names resolved in two queries; unknown ones, serialised products,
 * a pair twice and bad numbers become errors by line and column.
 */
async function resolveRows(
  db: Executor,
  companyId: number,
  rows: SourceRow[],
  numbers: { column: string; kind: 'count' | 'cents'; required: boolean }[],
  errors: BulkRowError[],
): Promise<Resolved[]> {
  const [facts, warehouses] = await Promise.all([
    stockFactsBySku(db, companyId, rows.map((row) => row.values.sku ?? '').filter(Boolean)),
    listWarehouses(db, companyId),
  ]);
  const byName = new Map(warehouses.map((w) => [w.name.trim().toLowerCase(), w.id]));
  const seen = new Map<string, number>();
  const resolved: Resolved[] = [];
  for (const row of rows) {
    const add = (field: string | null, message: string) =>
      errors.push({ line: row.line, field, message });
    const sku = row.values.sku ?? '';
    const location = row.values.location ?? '';
    const product = facts.get(sku);
    const locationId = byName.get(location.trim().toLowerCase());
    if (!sku) add('sku', 'SKU is required');
    else if (!product) add('sku', messages.unknownSku(sku));
    else if (product.is_serialized)
      add('sku', `${product.name} is serialised; its units move by serial number`);
    if (!location) add('location', 'Warehouse is required');
    else if (!locationId) add('location', messages.unknownLocation(location));
    for (const { column, kind, required } of numbers) {
      const raw = row.values[column] ?? '';
      if (!raw) {
        if (required) add(column, `${column} is required`);
      } else if (kind === 'cents' ? dollarsToCents(raw) === null : !whole.test(raw)) {
        add(
          column,
          kind === 'cents' ? messages.cost : `${column} must be a whole number of at least 0`,
        );
      } else if (kind === 'count' && Number(raw) > MAX_STOCK_UNITS) {
        add(column, `${column} is at most ${MAX_STOCK_UNITS}`);
      } else if (kind === 'cents' && (dollarsToCents(raw) ?? 0) > 1_000_000_000) {
        add(column, messages.cost);
      }
    }
    if (!product || !locationId) continue;
    const key = `${product.id}:${locationId}`;
    const first = seen.get(key);
    if (first !== undefined) add(null, messages.repeated(first));
    else seen.set(key, row.line);
    resolved.push({
      line: row.line,
      product_id: product.id,
      location_id: locationId,
      values: row.values,
    });
  }
  return resolved;
}

function readFile(csv: string, columns: readonly string[], errors: BulkRowError[]) {
  const rows = readCsv(csv, [...columns], errors);
  if (!errors.length && !rows.length) throw AppError.badRequest(bulkMessages.noRows);
  if (rows.length > STOCK_BULK_MAX_ROWS)
    throw AppError.badRequest(bulkMessages.tooMany(STOCK_BULK_MAX_ROWS));
  return rows;
}

function refuse(errors: BulkRowError[]): never {
  errors.sort((a, b) => a.line - b.line);
  const lines = new Set(errors.map((error) => error.line)).size;
  throw new AppError(400, bulkMessages.failed(lines), undefined, { errors });
}

const numberOr = (raw: string | undefined) => (raw ? Number(raw) : undefined);
const centsOr = (raw: string | undefined) => (raw ? (dollarsToCents(raw) ?? undefined) : undefined);

/**
 * Upload: each line's record is made when missing (reorder point and cost from the file) or its
 * reorder point and cost set where the file gives them, and its quantity added with the file's
 * reason. Every line is checked before anything is written; then all lines in one transaction.
 */
async function upload(db: Database, ctx: RequestContext, body: z.infer<typeof stockUploadRequest>) {
  const errors: BulkRowError[] = [];
  const rows = readFile(body.csv, stockUploadColumns, errors);
  const reason = await reasonText(db, ctx.companyId, body.reason_id);
  const resolved = errors.length
    ? []
    : await resolveRows(
        db,
        ctx.companyId,
        rows,
        [
          { column: 'quantity', kind: 'count', required: true },
          { column: 'cost', kind: 'cents', required: false },
          { column: 'reorder_point', kind: 'count', required: false },
        ],
        errors,
      );
  if (errors.length) refuse(errors);
  if (body.dry_run) return { count: resolved.length, ids: [] };
  const ids = await db.transaction(async (tx) => {
    const written: number[] = [];
    for (const row of resolved) {
      const cost = centsOr(row.values.cost);
      const reorderPoint = numberOr(row.values.reorder_point);
      const [record] = await tx
        .insert(stockRecords)
        .values({
          company_id: ctx.companyId,
          location_id: row.location_id,
          product_id: row.product_id,
          cost_cents: cost ?? 0,
          reorder_point: reorderPoint ?? 0,
          created_by: ctx.userId,
        })
        .onConflictDoUpdate({
          target: [stockRecords.company_id, stockRecords.location_id, stockRecords.product_id],
          set: {
            cost_cents: cost ?? sql`${stockRecords.cost_cents}`,
            reorder_point: reorderPoint ?? sql`${stockRecords.reorder_point}`,
            updated_at: sql`now()`,
          },
        })
        .returning({ id: stockRecords.id });
      const quantity = Number(row.values.quantity);
      if (quantity > 0) await moveStock(tx, ctx, row, { quantity, reason });
      if (record) written.push(record.id);
    }
    return written;
  });
  return { count: ids.length, ids };
}

/** Update: reorder points, reorder quantities and costs of existing records; empty cells stay. */
async function update(db: Database, ctx: RequestContext, body: z.infer<typeof stockUpdateRequest>) {
  const errors: BulkRowError[] = [];
  const rows = readFile(body.csv, stockUpdateColumns, errors);
  const resolved = errors.length
    ? []
    : await resolveRows(
        db,
        ctx.companyId,
        rows,
        [
          { column: 'reorder_point', kind: 'count', required: false },
          { column: 'reorder_quantity', kind: 'count', required: false },
          { column: 'cost', kind: 'cents', required: false },
        ],
        errors,
      );
  const existing = new Map<string, number>();
  if (resolved.length) {
    const records = await db
      .select({
        id: stockRecords.id,
        location_id: stockRecords.location_id,
        product_id: stockRecords.product_id,
      })
      .from(stockRecords)
      .where(tenantScope(stockRecords, ctx.companyId));
    for (const record of records)
      existing.set(`${record.product_id}:${record.location_id}`, record.id);
  }
  for (const row of resolved)
    if (!existing.has(`${row.product_id}:${row.location_id}`))
      errors.push({
        line: row.line,
        field: null,
        message: messages.noRecord(row.values.sku ?? '', row.values.location ?? ''),
      });
  if (errors.length) refuse(errors);
  if (body.dry_run) return { count: resolved.length, ids: [] };
  const ids = await db.transaction(async (tx) => {
    const written: number[] = [];
    for (const row of resolved) {
      const id = existing.get(`${row.product_id}:${row.location_id}`) ?? 0;
      const reorderPoint = numberOr(row.values.reorder_point);
      const reorderQuantity = numberOr(row.values.reorder_quantity);
      const cost = centsOr(row.values.cost);
      await tx
        .update(stockRecords)
        .set({
          ...(reorderPoint === undefined ? {} : { reorder_point: reorderPoint }),
          ...(reorderQuantity === undefined ? {} : { reorder_quantity: reorderQuantity }),
          ...(cost === undefined ? {} : { cost_cents: cost }),
          updated_at: sql`now()`,
        })
        .where(and(tenantScope(stockRecords, ctx.companyId), eq(stockRecords.id, id)));
      written.push(id);
    }
    return written;
  });
  return { count: ids.length, ids };
}

/**
 * The stock screens' routes beside the engine's: the valuation, a record's movements, and the
 * bulk upload and update files.
 */
export function stockRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Stock'];
  r.get('/inventory-stock/valuation', {
    schema: {
      tags,
      summary: 'Stock value per warehouse and overall',
      description:
        'On hand and value (on hand x unit cost, integer cents) summed per warehouse and overall, and how many records are below their reorder point; optional `location_id` and `below_reorder` filters as on the list.',
      querystring: stockValuationQuery,
      response: { 200: replySchema(stockValuationSchema), ...errorReplies(400, 403) },
    },
    config: { access: 'read_inventory_stock' },
    handler: async (request) =>
      ok('', await valuation(db, callerOf(request).companyId, request.query)),
  });

  r.get('/inventory-stock/:id/movements', {
    schema: {
      tags,
      summary: "A stock record's movements, newest first",
      params: idParams,
      response: {
        200: replySchema(z.array(stockMovementSchema)),
        ...errorReplies(400, 403, 404),
      },
    },
    config: { access: 'read_inventory_stock' },
    handler: async (request) => {
      const { companyId } = callerOf(request);
      const record = await findRecord(db, companyId, request.params.id);
      const rows = await countedMovementsOf(
        db,
        companyId,
        record.location_id,
        record.product_id,
        500,
      );
      const names = await namesOf(
        db,
        companyId,
        rows.map((row) => row.user_id).filter((id): id is number => id !== null),
      );
      return ok(
        '',
        rows.map((row) => ({
          ...row,
          user_name: row.user_id === null ? null : (names.get(row.user_id) ?? null),
        })),
      );
    },
  });

  r.post('/inventory-stock/bulk-upload', {
    bodyLimit: 11 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Upload stock from a CSV file (all or nothing)',
      description: `Columns ${stockUploadColumns.join(', ')} (cost in dollars, 12.50). Each line makes the record of the SKU at the warehouse (named) when missing, sets its cost and reorder point where given, and adds the quantity with the reason. Any bad line: 400 listing every problem by line and column, nothing saved.`,
      body: stockUploadRequest,
      response: { 200: replySchema(bulkResultSchema), ...errorReplies(400, 403, 409) },
    },
    config: { access: 'write_inventory_stock' },
    handler: async (request) => {
      const result = await upload(db, callerOf(request), request.body);
      const message = request.body.dry_run
        ? bulkMessages.checked(result.count)
        : messages.uploaded(result.count);
      return ok(message, { ...result, dry_run: request.body.dry_run });
    },
  });

  r.post('/inventory-stock/bulk-update', {
    bodyLimit: 11 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Update reorder points and costs from a CSV file (all or nothing)',
      description: `Columns ${stockUpdateColumns.join(', ')} (cost in dollars); each line names an existing record by SKU and warehouse; an empty cell leaves the field as it is.`,
      body: stockUpdateRequest,
      response: { 200: replySchema(bulkResultSchema), ...errorReplies(400, 403) },
    },
    config: { access: 'write_inventory_stock' },
    handler: async (request) => {
      const result = await update(db, callerOf(request), request.body);
      const message = request.body.dry_run
        ? bulkMessages.checked(result.count)
        : messages.updated(result.count);
      return ok(message, { ...result, dry_run: request.body.dry_run });
    },
  });
}
