import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySchema } from '@portal/contract/envelope';
import { bulkMessages, bulkResultSchema, type BulkRowError } from '@portal/contract/platform';
import {
  INVOICE_BULK_MAX_ROWS,
  invoiceBulkRequest,
  invoiceColumns,
  invoiceExamples,
  invoiceFilePaths,
  invoiceFiles,
  invoiceMessages as messages,
  invoiceTemplateQuery,
  invoiceTemplateSchema,
  type InvoiceBulkKind,
  type InvoiceFile,
} from '@portal/contract/resources/sale-invoices';
import { dollars, paymentMethods, type Payment } from '@portal/contract/resources/sales';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { readCsv, type SourceRow } from '../../platform/resources/bulk.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeTaxBps } from '../billing/api.ts';
import { productIdsBySku, saleProductsOf } from '../catalog/api.ts';
import { sellStoreQuantities, sellStoreUnits, unsellUnits } from '../inventory/api.ts';
import { orgTreeOf } from '../organisation/api.ts';
import { directory, emailsOf } from '../users/api.ts';
import { customers, saleLines, saleReturns, sales } from './schema.ts';

/*
 * The invoice bulk files (issue 17 item 7): invoices imported from another POS, and the accessory
 * and feature lines of those invoices. Each file is read whole, every line checked (errors by
 * line and column), then written in one transaction: all lines or none. Only imported invoices
 * (those with an invoice number) are touched; a sale rung up here changes at the counter.
 *
 * Stock: an imported invoice's units leave its store's stock in the same transaction, as a sale at
 * the counter (sellStoreUnits): a serialised unit by its serial, a device or accessory sold by
 * quantity by that many of the store's units; a serial not in that store or already sold, or a
 * quantity over the store's stock, refuses the file with the line. A deleted invoice or line puts
 * its units back, a changed quantity takes or puts back the difference. The moves' reasons name
 * the invoice and the line, which is how the units are found again (unsellUnits).
 */

type Result = { count: number; ids: number[] };

const MAX_CENTS = 2_147_483_647;
const cell = (row: SourceRow, column: string) => (row.values[column] ?? '').trim();

function refuse(errors: BulkRowError[]): never {
  errors.sort((a, b) => a.line - b.line);
  const lines = new Set(errors.map((error) => error.line)).size;
  throw new AppError(400, bulkMessages.failed(lines), undefined, { errors });
}

function readFile(csv: string, columns: readonly string[]) {
  const errors: BulkRowError[] = [];
  const rows = readCsv(csv, [...columns], errors);
  if (!errors.length && !rows.length) throw AppError.badRequest(bulkMessages.noRows);
  if (rows.length > INVOICE_BULK_MAX_ROWS)
    throw AppError.badRequest(bulkMessages.tooMany(INVOICE_BULK_MAX_ROWS));
  if (errors.length) refuse(errors);
  return rows;
}

/** A whole number cell within bounds, or undefined with an error (empty: undefined, no error unless required). */
function whole(
  row: SourceRow,
  column: string,
  errors: BulkRowError[],
  { min = 0, max = MAX_CENTS, required = false, message = messages.wholeNumber(column) } = {},
): number | undefined {
  const raw = cell(row, column);
  if (!raw) {
    if (required)
      errors.push({ line: row.line, field: column, message: messages.required(column) });
    return undefined;
  }
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < min || value > max) {
    errors.push({ line: row.line, field: column, message });
    return undefined;
  }
  return value;
}

const today = () => new Date().toISOString().slice(0, 10);
function dateOf(row: SourceRow, raw: string, errors: BulkRowError[]): string | undefined {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== raw) {
    errors.push({ line: row.line, field: 'date', message: messages.date });
    return undefined;
  }
  if (raw > today()) {
    errors.push({ line: row.line, field: 'date', message: messages.dateFuture });
    return undefined;
  }
  return raw;
}
/** Noon UTC of the day: the same calendar day in the stores' (American) time zones. */
const instantOf = (date: string) => sql`${`${date}T12:00:00Z`}::timestamptz`;

/** What the files look up, each in one query: stores by name, employees by email, customers by phone, products by SKU. */
async function lookups(db: Executor, companyId: number, rows: SourceRow[]) {
  const wanted = (column: string) => [
    ...new Set(rows.map((row) => cell(row, column)).filter(Boolean)),
  ];
  const skus = wanted('sku');
  const phones = wanted('customer_phone');
  const [tree, people, customerRows, skuIds] = await Promise.all([
    wanted('store').length ? orgTreeOf(db, companyId) : null,
    wanted('employee_email').length ? directory(db, companyId) : [],
    phones.length
      ? db
          .select({ id: customers.id, phone: customers.phone })
          .from(customers)
          .where(and(tenantScope(customers, companyId), inArray(customers.phone, phones)))
      : [],
    productIdsBySku(db, companyId, skus),
  ]);
  const emails = await emailsOf(
    db,
    companyId,
    people.map((person) => person.id),
  );
  const products = await saleProductsOf(db, companyId, [...skuIds.values()]);
  return {
    store: new Map((tree?.stores ?? []).map((s) => [s.name.trim().toLowerCase(), s.id])),
    employee: new Map([...emails].map(([userId, email]) => [email.toLowerCase(), userId])),
    customer: new Map(customerRows.map((c) => [c.phone, c.id])),
    product: (sku: string) => {
      const productId = skuIds.get(sku);
      const facts = productId === undefined ? undefined : products.get(productId);
      return facts && productId !== undefined ? { id: productId, ...facts } : undefined;
    },
  };
}
type Lookups = Awaited<ReturnType<typeof lookups>>;

/** The company's imported invoices of these numbers, with whether each has a return. */
async function invoicesByNumber(db: Executor, companyId: number, numbers: string[]) {
  const unique = [...new Set(numbers.filter(Boolean))];
  if (!unique.length) return new Map<string, InvoiceRow>();
  const rows = await db
    .select({
      id: sales.id,
      invoice_number: sales.invoice_number,
      store_id: sales.store_id,
      status: sales.status,
      payments: sales.payments,
      has_return: sql<boolean>`exists (select 1 from ${saleReturns} where ${tenantScope(saleReturns, sales.company_id)} and (${saleReturns.sale_id} = ${sales.id} or ${saleReturns.exchange_sale_id} = ${sales.id}))`,
    })
    .from(sales)
    .where(
      and(
        tenantScope(sales, companyId),
        isNotNull(sales.invoice_number),
        inArray(sales.invoice_number, unique),
      ),
    );
  return new Map(rows.map((row) => [row.invoice_number ?? '', row]));
}
interface InvoiceRow {
  id: number;
  invoice_number: string | null;
  store_id: number;
  status: string;
  payments: Payment[];
  has_return: boolean;
}

/** An invoice number cell: required, at most 40 characters. */
function invoiceNumberOf(row: SourceRow, errors: BulkRowError[]): string | undefined {
  const value = cell(row, 'invoice_number');
  if (!value)
    errors.push({
      line: row.line,
      field: 'invoice_number',
      message: messages.required('invoice_number'),
    });
  else if (value.length > 40)
    errors.push({ line: row.line, field: 'invoice_number', message: messages.invoiceNumber });
  else return value;
  return undefined;
}

/** An existing imported invoice that may still change (completed, nothing returned). */
function changeable(
  row: SourceRow,
  number: string,
  invoice: InvoiceRow | undefined,
  errors: BulkRowError[],
): InvoiceRow | undefined {
  const add = (message: string) =>
    errors.push({ line: row.line, field: 'invoice_number', message });
  if (!invoice) add(messages.invoiceMissing(number));
  else if (invoice.has_return) add(messages.invoiceHasReturn(number));
  else if (invoice.status !== 'completed') add(messages.invoiceNotCompleted(number));
  else return invoice;
  return undefined;
}

const method = (raw: string) => paymentMethods.find((m) => m === raw.toLowerCase());

/** Why an invoice's serialised units, and one line's units sold by quantity, left the store. */
const soldOnInvoice = (number: string, saleId: number) =>
  `Sold on imported invoice ${number} (sale #${String(saleId)})`;
export const soldOnLine = (number: string, lineId: number) =>
  `Sold on imported invoice ${number} (line #${String(lineId)})`;
/** Devices and accessories are stocked; plans and features are not. */
const stocked = (kind: string) => kind === 'device' || kind === 'accessory';

/** A stock problem of a file's line: the inventory's field errors name `<line>:<column>`. */
const stockField = (line: number, column: string) => `${String(line)}:${column}`;
function stockErrors(error: unknown, errors: BulkRowError[], fallbackLine: number) {
  // 400: a unit not in the store or sold; 409: a quantity over the store's stock.
  if (!(error instanceof AppError) || (error.statusCode !== 400 && error.statusCode !== 409))
    throw error;
  const fields = Object.entries(error.errors ?? {});
  if (!fields.length) errors.push({ line: fallbackLine, field: null, message: error.message });
  for (const [field, messages] of fields) {
    const [line, column = null] = field.split(':');
    errors.push({ line: Number(line) || fallbackLine, field: column, message: messages[0] ?? '' });
  }
}

class DryRunDone extends Error {}
/** The file's writes in one transaction; a dry run makes the same checks, then rolls back. */
async function writeAll<T>(
  db: Database,
  dryRun: boolean,
  work: (tx: Tx) => Promise<T>,
): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (dryRun) throw new DryRunDone();
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return null;
    throw error;
  }
}

// ---- invoices: upload

interface ItemLine {
  /** the file's line */
  line: number;
  product_id: number;
  name: string;
  stocked: boolean;
  serial: string | null;
  quantity: number;
  unit_price_cents: number;
  tax_cents: number | undefined;
}
interface ParsedInvoice {
  number: string;
  firstLine: number;
  header: Partial<
    Record<
      'store' | 'date' | 'employee_email' | 'customer_phone' | 'note',
      { value: string; line: number }
    >
  >;
  items: ItemLine[];
  payments: Payment[];
}

const headerColumns = ['store', 'date', 'employee_email', 'customer_phone', 'note'] as const;

/**
 * One item of a line (sku given): the product (sold, of `kind` if given), quantity, prices. A
 * serialised product needs its unit's serial and quantity 1 on an invoice file; the item files
 * take no serialised product.
 */
function itemOf(
  row: SourceRow,
  look: Lookups,
  errors: BulkRowError[],
  kind?: 'accessory' | 'feature',
): ItemLine | undefined {
  const sku = cell(row, 'sku');
  const serial = cell(row, 'serial') || null;
  const product = look.product(sku);
  const before = errors.length;
  const add = (field: string, message: string) => errors.push({ line: row.line, field, message });
  if (!product) add('sku', messages.unknownSku(sku));
  else if (product.is_serialized && kind) add('sku', messages.serialised(product.name));
  else if (product.is_serialized && (!serial || cell(row, 'quantity') !== '1'))
    add('serial', messages.serialNeeded(product.name));
  else if (!product.is_serialized && serial) add('serial', messages.serialNotWanted(product.name));
  else if (kind === 'accessory' && product.kind !== 'accessory')
    add('sku', messages.notAccessory(sku));
  else if (kind === 'feature' && product.kind !== 'feature') add('sku', messages.notFeature(sku));
  const quantity = whole(row, 'quantity', errors, {
    min: 1,
    max: 1000,
    required: true,
    message: messages.quantity,
  });
  const unit = whole(row, 'unit_price_cents', errors, { required: true });
  const tax = whole(row, 'tax_cents', errors);
  if (errors.length > before || !product || quantity === undefined || unit === undefined)
    return undefined;
  return {
    line: row.line,
    product_id: product.id,
    name: product.name,
    stocked: stocked(product.kind),
    serial: product.is_serialized ? serial : null,
    quantity,
    unit_price_cents: unit,
    tax_cents: tax,
  };
}

/** The line's amounts: the file's tax, or the store's rate (taxInfo) on the line. */
const priced = (
  item: Pick<ItemLine, 'quantity' | 'unit_price_cents' | 'tax_cents'>,
  taxBps: number,
) => {
  const subtotal = item.quantity * item.unit_price_cents;
  const tax = item.tax_cents ?? Math.round((subtotal * taxBps) / 10_000);
  return { subtotal, tax, total: subtotal + tax };
};

async function uploadInvoices(db: Database, ctx: RequestContext, csv: string, dryRun: boolean) {
  const rows = readFile(csv, invoiceColumns.invoices.upload);
  const errors: BulkRowError[] = [];
  const look = await lookups(db, ctx.companyId, rows);
  const groups = new Map<string, ParsedInvoice>();
  for (const row of rows) {
    const number = invoiceNumberOf(row, errors);
    if (number === undefined) continue;
    let invoice = groups.get(number);
    if (!invoice) {
      invoice = { number, firstLine: row.line, header: {}, items: [], payments: [] };
      groups.set(number, invoice);
    }
    // The header may be on the first line only, or repeated; a different value is a mistake.
    for (const column of headerColumns) {
      const value = cell(row, column);
      if (!value) continue;
      const known = invoice.header[column];
      if (!known) invoice.header[column] = { value, line: row.line };
      else if (known.value.toLowerCase() !== value.toLowerCase())
        errors.push({
          line: row.line,
          field: column,
          message: messages.differs(column, known.line),
        });
    }
    const sku = cell(row, 'sku');
    const payMethod = cell(row, 'payment_method');
    const payCents = cell(row, 'payment_cents');
    if (!sku && !payMethod && !payCents) {
      errors.push({ line: row.line, field: null, message: messages.emptyLine });
      continue;
    }
    if (sku) {
      const item = itemOf(row, look, errors);
      if (item) invoice.items.push(item);
    }
    if (payMethod || payCents) {
      const chosen = method(payMethod);
      if (!payMethod || !payCents)
        errors.push({
          line: row.line,
          field: payMethod ? 'payment_cents' : 'payment_method',
          message: messages.paymentPair,
        });
      else if (!chosen)
        errors.push({ line: row.line, field: 'payment_method', message: messages.paymentMethod });
      const amount = payCents ? whole(row, 'payment_cents', errors, { min: 1 }) : undefined;
      if (chosen && amount !== undefined)
        invoice.payments.push({ method: chosen, amount_cents: amount });
    }
  }

  const existing = await invoicesByNumber(db, ctx.companyId, [...groups.keys()]);
  const taxByStore = new Map<number, number>();
  const ready: {
    invoice: ParsedInvoice;
    store_id: number;
    date: string;
    employee: number;
    customer: number | null;
    lines: (ItemLine & ReturnType<typeof priced>)[];
    totals: { subtotal: number; tax: number; total: number };
  }[] = [];
  for (const invoice of groups.values()) {
    const line = invoice.firstLine;
    const add = (field: string | null, message: string) => {
      errors.push({ line, field, message });
    };
    const before = errors.length;
    if (existing.has(invoice.number)) add('invoice_number', messages.invoiceTaken(invoice.number));
    const { store, date, employee_email: email, customer_phone: phone } = invoice.header;
    const storeId = store ? look.store.get(store.value.toLowerCase()) : undefined;
    if (!store) add('store', messages.required('store'));
    else if (storeId === undefined)
      errors.push({
        line: store.line,
        field: 'store',
        message: messages.unknownStore(store.value),
      });
    const day = date ? dateOf({ line: date.line, values: {} }, date.value, errors) : undefined;
    if (!date) add('date', messages.required('date'));
    const employee = email ? look.employee.get(email.value.toLowerCase()) : undefined;
    if (!email) add('employee_email', messages.required('employee_email'));
    else if (employee === undefined)
      errors.push({
        line: email.line,
        field: 'employee_email',
        message: messages.unknownEmployee(email.value),
      });
    const customer = phone ? look.customer.get(phone.value) : undefined;
    if (phone && customer === undefined)
      errors.push({
        line: phone.line,
        field: 'customer_phone',
        message: messages.unknownCustomer(phone.value),
      });
    if (!invoice.items.length) add('sku', messages.noItems(invoice.number));
    if (errors.length > before || storeId === undefined || !day || employee === undefined) continue;
    if (!taxByStore.has(storeId))
      taxByStore.set(storeId, await storeTaxBps(db, ctx.companyId, storeId));
    const lines = invoice.items.map((item) => ({
      ...item,
      ...priced(item, taxByStore.get(storeId) ?? 0),
    }));
    const totals = lines.reduce(
      (sum, l) => ({
        subtotal: sum.subtotal + l.subtotal,
        tax: sum.tax + l.tax,
        total: sum.total + l.total,
      }),
      { subtotal: 0, tax: 0, total: 0 },
    );
    const paid = invoice.payments.reduce((sum, p) => sum + p.amount_cents, 0);
    if (totals.total > MAX_CENTS) add(null, 'The total is too large');
    else if (paid !== totals.total)
      add(
        'payment_cents',
        messages.paymentsMismatch(invoice.number, dollars(paid), dollars(totals.total)),
      );
    else
      ready.push({
        invoice,
        store_id: storeId,
        date: day,
        employee,
        customer: customer ?? null,
        lines,
        totals,
      });
  }
  if (errors.length) refuse(errors);
  const ids = await writeAll(db, dryRun, async (tx) => {
    const written: number[] = [];
    for (const entry of ready) {
      const at = instantOf(entry.date);
      const [sale] = await tx
        .insert(sales)
        .values({
          company_id: ctx.companyId,
          store_id: entry.store_id,
          customer_id: entry.customer,
          invoice_number: entry.invoice.number,
          status: 'completed',
          note: entry.invoice.header.note?.value ?? null,
          subtotal_cents: entry.totals.subtotal,
          tax_cents: entry.totals.tax,
          total_cents: entry.totals.total,
          paid_cents: entry.totals.total,
          payments: entry.invoice.payments,
          completed_at: at,
          created_at: at,
          created_by: entry.employee,
        })
        .returning({ id: sales.id });
      if (!sale) throw new Error('the invoice was not written');
      const lineIds = await tx
        .insert(saleLines)
        .values(
          entry.lines.map((l) => ({
            company_id: ctx.companyId,
            sale_id: sale.id,
            product_id: l.product_id,
            serial: l.serial,
            quantity: l.quantity,
            unit_price_cents: l.unit_price_cents,
            tax_cents: l.tax,
            total_cents: l.total,
          })),
        )
        .returning({ id: saleLines.id });
      const number = entry.invoice.number;
      try {
        await sellStoreUnits(
          tx,
          ctx,
          entry.store_id,
          entry.lines.flatMap((l) =>
            l.serial
              ? [
                  {
                    serial: l.serial,
                    field: stockField(l.line, 'serial'),
                    product_id: l.product_id,
                  },
                ]
              : [],
          ),
          soldOnInvoice(number, sale.id),
        );
      } catch (error) {
        stockErrors(error, errors, entry.invoice.firstLine);
      }
      try {
        await sellStoreQuantities(
          tx,
          ctx,
          entry.store_id,
          entry.lines.flatMap((l, index) =>
            l.stocked && !l.serial
              ? [
                  {
                    product_id: l.product_id,
                    quantity: l.quantity,
                    name: l.name,
                    field: stockField(l.line, 'quantity'),
                    reason: soldOnLine(number, lineIds[index]?.id ?? 0),
                  },
                ]
              : [],
          ),
        );
      } catch (error) {
        stockErrors(error, errors, entry.invoice.firstLine);
      }
      written.push(sale.id);
    }
    // A unit missing or short anywhere: nothing of the file is kept.
    if (errors.length) refuse(errors);
    return written;
  });
  return ids ? { count: ids.length, ids } : { count: ready.length, ids: [] };
}

// ---- invoices: update and delete

function keyOnce(row: SourceRow, key: string, seen: Map<string, number>, errors: BulkRowError[]) {
  const first = seen.get(key);
  if (first !== undefined) {
    errors.push({ line: row.line, field: null, message: messages.repeated(first) });
    return false;
  }
  seen.set(key, row.line);
  return true;
}

async function updateInvoices(db: Database, ctx: RequestContext, csv: string, dryRun: boolean) {
  const rows = readFile(csv, invoiceColumns.invoices.update);
  const errors: BulkRowError[] = [];
  const look = await lookups(db, ctx.companyId, rows);
  const existing = await invoicesByNumber(
    db,
    ctx.companyId,
    rows.map((row) => cell(row, 'invoice_number')),
  );
  const seen = new Map<string, number>();
  const changes: { id: number; set: Record<string, unknown> }[] = [];
  for (const row of rows) {
    const number = invoiceNumberOf(row, errors);
    if (number === undefined || !keyOnce(row, number, seen, errors)) continue;
    const invoice = changeable(row, number, existing.get(number), errors);
    const before = errors.length;
    const set: Record<string, unknown> = {};
    const date = cell(row, 'date');
    const day = date ? dateOf(row, date, errors) : undefined;
    if (day) Object.assign(set, { completed_at: instantOf(day), created_at: instantOf(day) });
    const email = cell(row, 'employee_email');
    if (email) {
      const employee = look.employee.get(email.toLowerCase());
      if (employee === undefined)
        errors.push({
          line: row.line,
          field: 'employee_email',
          message: messages.unknownEmployee(email),
        });
      else set.created_by = employee;
    }
    const phone = cell(row, 'customer_phone');
    if (phone) {
      const customer = look.customer.get(phone);
      if (customer === undefined)
        errors.push({
          line: row.line,
          field: 'customer_phone',
          message: messages.unknownCustomer(phone),
        });
      else set.customer_id = customer;
    }
    const note = cell(row, 'note');
    if (note) set.note = note.slice(0, 1000);
    if (invoice && errors.length === before) changes.push({ id: invoice.id, set });
  }
  if (errors.length) refuse(errors);
  if (dryRun) return { count: changes.length, ids: [] };
  await db.transaction(async (tx) => {
    for (const change of changes)
      await tx
        .update(sales)
        .set({ ...change.set, updated_at: sql`now()` })
        .where(and(tenantScope(sales, ctx.companyId), eq(sales.id, change.id)));
  });
  return { count: changes.length, ids: changes.map((change) => change.id) };
}

/** Deletes imported invoices by number, as a held sale's delete: refused once anything came back. */
async function deleteInvoices(db: Database, ctx: RequestContext, csv: string, dryRun: boolean) {
  const rows = readFile(csv, invoiceColumns.invoices.delete);
  const errors: BulkRowError[] = [];
  const existing = await invoicesByNumber(
    db,
    ctx.companyId,
    rows.map((row) => cell(row, 'invoice_number')),
  );
  const seen = new Map<string, number>();
  const ids: number[] = [];
  for (const row of rows) {
    const number = invoiceNumberOf(row, errors);
    if (number === undefined || !keyOnce(row, number, seen, errors)) continue;
    const invoice = changeable(row, number, existing.get(number), errors);
    if (invoice) ids.push(invoice.id);
  }
  if (errors.length) refuse(errors);
  if (dryRun) return { count: ids.length, ids: [] };
  await db.transaction(async (tx) => {
    // Their units back to the store's stock first, then the invoices (lines go with them).
    const lines = await tx
      .select({ id: saleLines.id, sale_id: saleLines.sale_id })
      .from(saleLines)
      .where(and(tenantScope(saleLines, ctx.companyId), inArray(saleLines.sale_id, ids)));
    for (const invoice of existing.values()) {
      if (!ids.includes(invoice.id)) continue;
      const number = invoice.invoice_number ?? '';
      await unsellUnits(
        tx,
        ctx,
        invoice.store_id,
        [
          soldOnInvoice(number, invoice.id),
          ...lines.filter((l) => l.sale_id === invoice.id).map((l) => soldOnLine(number, l.id)),
        ],
        `Imported invoice ${number} deleted`,
      );
    }
    await tx.delete(sales).where(and(tenantScope(sales, ctx.companyId), inArray(sales.id, ids)));
  });
  return { count: ids.length, ids };
}

// ---- accessory and feature items

interface LineOf {
  id: number;
  product_id: number;
  returned: boolean;
  total_cents: number;
}

/** The lines of these invoices, by invoice id and product. */
async function linesOfInvoices(db: Executor, companyId: number, saleIds: number[]) {
  const byKey = new Map<string, LineOf>();
  const counts = new Map<number, number>();
  if (!saleIds.length) return { byKey, counts };
  const rows = await db
    .select({
      id: saleLines.id,
      sale_id: saleLines.sale_id,
      product_id: saleLines.product_id,
      returned: saleLines.returned,
      total_cents: saleLines.total_cents,
    })
    .from(saleLines)
    .where(and(tenantScope(saleLines, companyId), inArray(saleLines.sale_id, saleIds)))
    .orderBy(asc(saleLines.id));
  for (const row of rows) {
    byKey.set(`${row.sale_id}:${row.product_id}`, row);
    counts.set(row.sale_id, (counts.get(row.sale_id) ?? 0) + 1);
  }
  return { byKey, counts };
}

/**
 * After its lines changed: the invoice's totals are its lines' sums again, and the difference goes
 * to a payment (the file's method on an upload, else the first payment), so what was paid stays
 * the total.
 */
async function retotal(
  tx: Tx,
  ctx: RequestContext,
  invoice: InvoiceRow,
  delta: number,
  payMethod?: Payment['method'],
) {
  const payments = invoice.payments.map((p) => ({ ...p }));
  const target =
    payments.find((p) => p.method === payMethod) ?? (payMethod ? undefined : payments[0]);
  if (target) target.amount_cents += delta;
  else if (payMethod) payments.push({ method: payMethod, amount_cents: delta });
  if (payments.some((p) => p.amount_cents <= 0))
    throw AppError.badRequest(messages.paymentTooSmall(invoice.invoice_number ?? ''));
  invoice.payments = payments;
  await tx
    .update(sales)
    .set({
      subtotal_cents: sql`(select coalesce(sum(${saleLines.total_cents} - ${saleLines.tax_cents}), 0) from ${saleLines} where ${tenantScope(saleLines, sales.company_id)} and ${saleLines.sale_id} = ${sales.id})`,
      tax_cents: sql`(select coalesce(sum(${saleLines.tax_cents}), 0) from ${saleLines} where ${tenantScope(saleLines, sales.company_id)} and ${saleLines.sale_id} = ${sales.id})`,
      total_cents: sql`${sales.total_cents} + ${delta}`,
      paid_cents: sql`${sales.paid_cents} + ${delta}`,
      payments,
      updated_at: sql`now()`,
    })
    .where(and(tenantScope(sales, ctx.companyId), eq(sales.id, invoice.id)));
}

async function runItems(
  db: Database,
  ctx: RequestContext,
  file: 'accessory-items' | 'feature-items',
  kind: InvoiceBulkKind,
  csv: string,
  dryRun: boolean,
): Promise<Result> {
  const rows = readFile(csv, invoiceColumns[file][kind]);
  const errors: BulkRowError[] = [];
  const productKind = file === 'accessory-items' ? 'accessory' : 'feature';
  const look = await lookups(db, ctx.companyId, rows);
  const existing = await invoicesByNumber(
    db,
    ctx.companyId,
    rows.map((row) => cell(row, 'invoice_number')),
  );
  const { byKey, counts } = await linesOfInvoices(
    db,
    ctx.companyId,
    [...existing.values()].map((invoice) => invoice.id),
  );
  const seen = new Map<string, number>();
  const work: { line: number; invoice: InvoiceRow; run: (tx: Tx) => Promise<number> }[] = [];
  for (const row of rows) {
    const number = invoiceNumberOf(row, errors);
    const sku = cell(row, 'sku');
    if (!sku) errors.push({ line: row.line, field: 'sku', message: messages.required('sku') });
    if (number === undefined || !sku || !keyOnce(row, `${number}\n${sku}`, seen, errors)) continue;
    const invoice = changeable(row, number, existing.get(number), errors);
    const product = look.product(sku);
    const line = invoice && product ? byKey.get(`${invoice.id}:${product.id}`) : undefined;
    const before = errors.length;
    const add = (field: string | null, message: string) =>
      errors.push({ line: row.line, field, message });
    if (kind === 'upload') {
      const item = itemOf(row, look, errors, productKind);
      const raw = cell(row, 'payment_method');
      const chosen = raw ? method(raw) : undefined;
      if (raw && !chosen) add('payment_method', messages.paymentMethod);
      if (line && errors.length === before) add('sku', messages.itemTaken(number, sku));
      if (!invoice || !item || errors.length > before) continue;
      const taxBps = await storeTaxBps(db, ctx.companyId, invoice.store_id);
      const amounts = priced(item, taxBps);
      work.push({
        line: row.line,
        invoice,
        run: async (tx) => {
          const [written] = await tx
            .insert(saleLines)
            .values({
              company_id: ctx.companyId,
              sale_id: invoice.id,
              product_id: item.product_id,
              quantity: item.quantity,
              unit_price_cents: item.unit_price_cents,
              tax_cents: amounts.tax,
              total_cents: amounts.total,
            })
            .returning({ id: saleLines.id });
          if (item.stocked)
            await sellStoreQuantities(tx, ctx, invoice.store_id, [
              {
                product_id: item.product_id,
                quantity: item.quantity,
                name: item.name,
                field: stockField(row.line, 'quantity'),
                reason: soldOnLine(number, written?.id ?? 0),
              },
            ]);
          await retotal(tx, ctx, invoice, amounts.total, chosen);
          return written?.id ?? 0;
        },
      });
      continue;
    }
    if (!product) add('sku', messages.unknownSku(sku));
    else if (invoice && !line) add('sku', messages.itemMissing(number, sku));
    else if (line?.returned) add('sku', messages.itemReturned(number, sku));
    if (!invoice || !line || !product || errors.length > before) continue;
    if (kind === 'delete') {
      if ((counts.get(invoice.id) ?? 0) <= 1) {
        add('sku', messages.lastLine);
        continue;
      }
      counts.set(invoice.id, (counts.get(invoice.id) ?? 0) - 1);
      work.push({
        line: row.line,
        invoice,
        run: async (tx) => {
          await unsellUnits(
            tx,
            ctx,
            invoice.store_id,
            [soldOnLine(number, line.id)],
            `Line of imported invoice ${number} deleted`,
          );
          await tx
            .delete(saleLines)
            .where(and(tenantScope(saleLines, ctx.companyId), eq(saleLines.id, line.id)));
          await retotal(tx, ctx, invoice, -line.total_cents);
          return line.id;
        },
      });
      continue;
    }
    const quantity = whole(row, 'quantity', errors, {
      min: 1,
      max: 1000,
      message: messages.quantity,
    });
    const unit = whole(row, 'unit_price_cents', errors);
    const tax = whole(row, 'tax_cents', errors);
    if (errors.length > before) continue;
    const taxBps = await storeTaxBps(db, ctx.companyId, invoice.store_id);
    const stockedLine = stocked(product.kind);
    work.push({
      line: row.line,
      invoice,
      run: async (tx) => {
        const [current] = await tx
          .select()
          .from(saleLines)
          .where(and(tenantScope(saleLines, ctx.companyId), eq(saleLines.id, line.id)));
        if (!current) throw AppError.notFound('Line');
        const item = {
          product_id: current.product_id,
          quantity: quantity ?? current.quantity,
          unit_price_cents: unit ?? current.unit_price_cents,
          // A new quantity or price without a tax recomputes it at the store's rate.
          tax_cents:
            tax ?? (quantity === undefined && unit === undefined ? current.tax_cents : undefined),
        };
        const amounts = priced(item, taxBps);
        // A stocked product's changed quantity takes more units or puts some back.
        const more = item.quantity - current.quantity;
        if (stockedLine && more > 0)
          await sellStoreQuantities(tx, ctx, invoice.store_id, [
            {
              product_id: current.product_id,
              quantity: more,
              name: product.name,
              field: stockField(row.line, 'quantity'),
              reason: soldOnLine(number, line.id),
            },
          ]);
        if (stockedLine && more < 0)
          await unsellUnits(
            tx,
            ctx,
            invoice.store_id,
            [soldOnLine(number, line.id)],
            `Quantity of imported invoice ${number} lowered`,
            -more,
          );
        await tx
          .update(saleLines)
          .set({
            quantity: item.quantity,
            unit_price_cents: item.unit_price_cents,
            tax_cents: amounts.tax,
            total_cents: amounts.total,
            updated_at: sql`now()`,
          })
          .where(and(tenantScope(saleLines, ctx.companyId), eq(saleLines.id, line.id)));
        await retotal(tx, ctx, invoice, amounts.total - current.total_cents);
        return line.id;
      },
    });
  }
  if (errors.length) refuse(errors);
  const ids = await writeAll(db, dryRun, async (tx) => {
    const written: number[] = [];
    for (const step of work) {
      try {
        written.push(await step.run(tx));
      } catch (error) {
        stockErrors(error, errors, step.line);
      }
    }
    // A change refused while writing (a payment taken to zero, stock short) rolls the file back.
    if (errors.length) refuse(errors);
    return written;
  });
  return ids ? { count: ids.length, ids } : { count: work.length, ids: [] };
}

function runFile(
  db: Database,
  ctx: RequestContext,
  file: InvoiceFile,
  kind: InvoiceBulkKind,
  body: { csv: string; dry_run: boolean },
): Promise<Result> {
  if (file !== 'invoices') return runItems(db, ctx, file, kind, body.csv, body.dry_run);
  if (kind === 'upload') return uploadInvoices(db, ctx, body.csv, body.dry_run);
  if (kind === 'update') return updateInvoices(db, ctx, body.csv, body.dry_run);
  return deleteInvoices(db, ctx, body.csv, body.dry_run);
}

const doneMessage = (file: InvoiceFile, kind: InvoiceBulkKind, count: number) => {
  if (file === 'invoices')
    return kind === 'upload'
      ? messages.uploaded(count)
      : kind === 'update'
        ? messages.updated(count)
        : messages.deleted(count);
  return kind === 'upload'
    ? messages.itemsUploaded(count)
    : kind === 'update'
      ? messages.itemsUpdated(count)
      : messages.itemsDeleted(count);
};

const describe = (file: InvoiceFile, kind: InvoiceBulkKind) =>
  `Columns ${invoiceColumns[file][kind].join(', ')}; amounts in integer cents. ${
    file === 'invoices'
      ? kind === 'upload'
        ? 'One line per item or payment, grouped by invoice_number; store (by name), date (YYYY-MM-DD), employee_email and customer_phone (optional) on the first line of an invoice; tax_cents empty: the store rate. Payments must add up to the total.'
        : kind === 'update'
          ? 'Changes the date, employee, customer or note of imported invoices; an empty cell leaves a field as it is.'
          : 'Deletes imported invoices with their lines; one with a return is refused.'
      : 'Keyed by invoice_number and sku; the invoice total and its payment follow the change.'
  } Any bad line: 400 listing every problem by line and column, nothing saved.`;

/** GET {path}/bulk/template, POST {path}/bulk, PATCH {path}/bulk, POST {path}/bulk/delete per file. */
export function invoiceBulkRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoices'];
  for (const file of invoiceFiles) {
    const path = invoiceFilePaths[file];
    r.get(`${path}/bulk/template`, {
      schema: {
        tags,
        summary: `The CSV columns of a bulk file of ${file}`,
        querystring: invoiceTemplateQuery,
        response: { 200: replySchema(invoiceTemplateSchema), ...errorReplies(400, 403) },
      },
      config: { access: 'write_sales' },
      handler: async (request) => {
        const columns = [...invoiceColumns[file][request.query.kind]];
        const csv = `${columns.join(',')}\n${invoiceExamples[file][request.query.kind]}\n`;
        return ok('', { columns, csv });
      },
    });
    const routes: { method: 'POST' | 'PATCH'; url: string; kind: InvoiceBulkKind }[] = [
      { method: 'POST', url: `${path}/bulk`, kind: 'upload' },
      { method: 'PATCH', url: `${path}/bulk`, kind: 'update' },
      { method: 'POST', url: `${path}/bulk/delete`, kind: 'delete' },
    ];
    for (const { method: verb, url, kind } of routes)
      r.route({
        method: verb,
        url,
        bodyLimit: 11 * 1024 * 1024,
        schema: {
          tags,
          summary: `Bulk ${kind} of ${file} from a CSV file (all or nothing)`,
          description: describe(file, kind),
          body: invoiceBulkRequest,
          response: { 200: replySchema(bulkResultSchema), ...errorReplies(400, 403) },
        },
        config: { access: 'write_sales' },
        handler: async (request) => {
          const result = await runFile(db, callerOf(request), file, kind, request.body);
          const message = request.body.dry_run
            ? bulkMessages.checked(result.count)
            : doneMessage(file, kind, result.count);
          return ok(message, { ...result, dry_run: request.body.dry_run });
        },
      });
  }
}
