import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkMessages, bulkResultSchema, type BulkRowError } from '@portal/contract/platform';
import {
  B2B_BULK_MAX_ROWS,
  b2bBulkRequest,
  b2bInvoices as invoiceResource,
  b2bMessages,
  b2bUpdateColumns,
  b2bUploadColumns,
} from '@portal/contract/resources/b2b';
import { patchSchemaOf } from '@portal/contract/resource';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { replySchema } from '@portal/contract/envelope';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readCsv, type SourceRow } from '../../platform/resources/bulk.ts';
import { productIdsBySku } from '../catalog/api.ts';
import { b2bInvoiceService } from './services.ts';

/*
 * The bulk files of /b2b-sales/invoices (bulk-upload, bulk-update), as the stock files do it: every
 * line checked, problems reported by line and column, then all invoices in one transaction or none.
 */

class Rollback extends Error {}

function readFile(csv: string, columns: readonly string[], errors: BulkRowError[]) {
  const rows = readCsv(csv, [...columns], errors);
  if (!errors.length && !rows.length) throw AppError.badRequest(bulkMessages.noRows);
  if (rows.length > B2B_BULK_MAX_ROWS)
    throw AppError.badRequest(bulkMessages.tooMany(B2B_BULK_MAX_ROWS));
  return rows;
}

function refuse(errors: BulkRowError[]): never {
  errors.sort((a, b) => a.line - b.line);
  const lines = new Set(errors.map((error) => error.line)).size;
  throw new AppError(400, bulkMessages.failed(lines), undefined, { errors });
}

const positive = (raw: string | undefined) =>
  raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;

/** A refused write as line errors: `lines.N.field` goes to the file's line of that invoice line. */
function failure(error: unknown, lineOf: (index: number) => number, first: number): BulkRowError[] {
  if (!(error instanceof AppError)) throw error;
  const fields = Object.entries(error.errors ?? {});
  if (!fields.length) return [{ line: first, field: null, message: error.message }];
  return fields.flatMap(([field, messages]) => {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
    const line = match ? lineOf(Number(match[1])) : first;
    const column = match?.[2] === 'product_id' ? 'sku' : (match?.[2] ?? field);
    return messages.map((message) => ({ line, field: column, message }));
  });
}

/** Runs `work` in one transaction; rolls back when anything was refused or on a dry run. */
async function allOrNothing(
  db: Database,
  errors: BulkRowError[],
  dryRun: boolean,
  work: (tx: Tx) => Promise<void>,
) {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      if (errors.length || dryRun) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (errors.length) refuse(errors);
}

/** Upload: one invoice line per row; rows of one account, store and PO number make one draft. */
async function upload(db: Database, ctx: RequestContext, body: { csv: string; dry_run: boolean }) {
  const errors: BulkRowError[] = [];
  const rows = readFile(body.csv, b2bUploadColumns, errors);
  if (errors.length) refuse(errors);
  const skus = await productIdsBySku(db, ctx.companyId, [
    ...new Set(rows.map((row) => row.values.sku ?? '').filter(Boolean)),
  ]);
  const groups = new Map<string, { rows: SourceRow[]; input: Record<string, unknown> }>();
  for (const row of rows) {
    const v = row.values;
    const account = positive(v.account_id);
    const store = positive(v.store_id);
    const product = skus.get(v.sku ?? '');
    const quantity = positive(v.quantity);
    if (!account)
      errors.push({ line: row.line, field: 'account_id', message: 'Enter the account id' });
    if (!store) errors.push({ line: row.line, field: 'store_id', message: 'Enter the store id' });
    if (!product)
      errors.push({
        line: row.line,
        field: 'sku',
        message: v.sku ? b2bMessages.bulkUnknownSku(v.sku) : 'Enter the SKU',
      });
    if (!quantity)
      errors.push({ line: row.line, field: 'quantity', message: 'Quantity must be at least 1' });
    if (!account || !store || !product || !quantity) continue;
    const key = JSON.stringify([account, store, v.po_number ?? '']);
    const group = groups.get(key) ?? {
      rows: [],
      input: { account_id: account, store_id: store, po_number: v.po_number || null, lines: [] },
    };
    if (v.note && !group.input.note) group.input.note = v.note;
    (group.input.lines as Record<string, unknown>[]).push({
      product_id: product,
      quantity,
      ...(v.serial ? { serial: v.serial } : {}),
    });
    group.rows.push(row);
    groups.set(key, group);
  }
  if (errors.length) refuse(errors);
  const ids: number[] = [];
  await allOrNothing(db, errors, body.dry_run, async (tx) => {
    for (const { rows: of, input } of groups.values()) {
      const lineOf = (index: number) => of[index]?.line ?? of[0]?.line ?? 1;
      const parsed = invoiceResource.create.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [head, index, column] = issue.path;
          const inLine = head === 'lines' && typeof index === 'number';
          errors.push({
            line: inLine ? lineOf(index) : lineOf(0),
            field: inLine ? String(column ?? 'sku') : issue.path.join('.') || null,
            message: issue.message,
          });
        }
        continue;
      }
      try {
        ids.push((await b2bInvoiceService.create(tx, ctx, parsed.data)).id);
      } catch (error) {
        errors.push(...failure(error, lineOf, lineOf(0)));
      }
    }
  });
  return { count: ids.length, ids: body.dry_run ? [] : ids };
}

/** Update: a draft invoice's PO number and note by id; an empty cell leaves the field as it is. */
async function update(db: Database, ctx: RequestContext, body: { csv: string; dry_run: boolean }) {
  const errors: BulkRowError[] = [];
  const rows = readFile(body.csv, b2bUpdateColumns, errors);
  if (errors.length) refuse(errors);
  const patch = patchSchemaOf(invoiceResource);
  const ids: number[] = [];
  await allOrNothing(db, errors, body.dry_run, async (tx) => {
    for (const row of rows) {
      const id = positive(row.values.id);
      if (!id) {
        errors.push({ line: row.line, field: 'id', message: 'must be a positive whole number' });
        continue;
      }
      const input: Record<string, unknown> = {};
      if (row.values.po_number) input.po_number = row.values.po_number;
      if (row.values.note) input.note = row.values.note;
      const parsed = patch.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          errors.push({
            line: row.line,
            field: issue.path.join('.') || null,
            message: issue.message,
          });
        continue;
      }
      try {
        ids.push((await b2bInvoiceService.update(tx, ctx, id, parsed.data)).id);
      } catch (error) {
        errors.push(...failure(error, () => row.line, row.line));
      }
    }
  });
  return { count: ids.length, ids: body.dry_run ? [] : ids };
}

export function b2bBulkRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [invoiceResource.label.many];
  r.post('/b2b-invoices/bulk-upload', {
    bodyLimit: 11 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Upload draft B2B invoices from a CSV file (all or nothing)',
      description: `Columns ${b2bUploadColumns.join(', ')}: one invoice line per row; rows of the same account, store and PO number make one draft invoice. Any bad line: 400 listing every problem by line and column, nothing saved.`,
      body: b2bBulkRequest,
      response: { 200: replySchema(bulkResultSchema), ...errorReplies(400, 403, 409) },
    },
    config: { access: 'write_b2b_invoices' },
    handler: async (request) => {
      const result = await upload(db, callerOf(request), request.body);
      const message = request.body.dry_run
        ? bulkMessages.checked(result.count)
        : b2bMessages.bulkUploaded(result.count);
      return ok(message, { ...result, dry_run: request.body.dry_run });
    },
  });
  r.post('/b2b-invoices/bulk-update', {
    bodyLimit: 11 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Update draft B2B invoices from a CSV file (all or nothing)',
      description: `Columns ${b2bUpdateColumns.join(', ')}: each line names a draft invoice by id; an empty cell leaves the field as it is.`,
      body: b2bBulkRequest,
      response: { 200: replySchema(bulkResultSchema), ...errorReplies(400, 403, 404, 409) },
    },
    config: { access: 'write_b2b_invoices' },
    handler: async (request) => {
      const result = await update(db, callerOf(request), request.body);
      const message = request.body.dry_run
        ? bulkMessages.checked(result.count)
        : b2bMessages.bulkUpdated(result.count);
      return ok(message, { ...result, dry_run: request.body.dry_run });
    },
  });
}
