import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  b2bAccounts as accountResource,
  b2bInvoices as invoiceResource,
  b2bMessages,
  paymentTermDays,
  paymentTerms,
  recordB2BPaymentBody,
  type B2BPayment,
} from '@portal/contract/resources/b2b';
import { dollars } from '@portal/contract/resources/sales';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeTaxBps } from '../billing/api.ts';
import {
  lockStoreUnits,
  returnUnit,
  sellStoreQuantities,
  sellStoreUnits,
  unsellUnits,
} from '../inventory/api.ts';
import { storeTimeZoneOf } from '../organisation/api.ts';
import {
  assertCompanions,
  assertMaySell,
  productsOfLines,
  quantitiesOfLines,
  saleItemsOf,
  unitsOfLines,
} from '../sales/api.ts';
import { b2bAccounts, b2bInvoiceLines, b2bInvoices } from './schema.ts';

/** Business accounts: plain CRUD; deactivated rather than deleted (their invoices keep them). */
export const b2bAccountService = createResourceService({
  definition: accountResource,
  table: b2bAccounts,
  tenantColumn: 'company_id',
});

const balance = sql<number>`${b2bInvoices.total_cents} - ${b2bInvoices.paid_cents}`;

async function accountOf(db: Executor, companyId: number, accountId: number) {
  const [account] = await db
    .select()
    .from(b2bAccounts)
    .where(and(tenantScope(b2bAccounts, companyId), eq(b2bAccounts.id, accountId)));
  return account;
}

async function invoiceOf(tx: Tx, companyId: number, invoiceId: number) {
  const [invoice] = await tx
    .select({ store_id: b2bInvoices.store_id, account_id: b2bInvoices.account_id })
    .from(b2bInvoices)
    .where(and(tenantScope(b2bInvoices, companyId), eq(b2bInvoices.id, invoiceId)));
  return invoice;
}

/**
 * The catalogue price less the account's volume discount, and the store's tax (taxInfo) unless the
 * account is tax exempt; a serialised product needs one unit's serial, as at the counter.
 */
async function priceLines(
  lines: Record<string, unknown>[],
  _ctx: RequestContext,
  tx: Tx,
  companyId: number,
  invoiceId: number,
) {
  const products = await productsOfLines(tx, companyId, lines);
  const invoice = await invoiceOf(tx, companyId, invoiceId);
  const account = invoice ? await accountOf(tx, companyId, invoice.account_id) : undefined;
  const taxBps =
    invoice && account && !account.tax_exempt
      ? await storeTaxBps(tx, companyId, invoice.store_id)
      : 0;
  const discount = account?.discount_bps ?? 0;
  return products.map((product) => ({
    unit_price_cents: Math.round((product.price_cents * (10_000 - discount)) / 10_000),
    tax_bps: taxBps,
  }));
}

const linesOf = (tx: Tx, ctx: RequestContext, invoiceId: number) =>
  tx
    .select()
    .from(b2bInvoiceLines)
    .where(
      and(tenantScope(b2bInvoiceLines, ctx.companyId), eq(b2bInvoiceLines.invoice_id, invoiceId)),
    )
    .orderBy(asc(b2bInvoiceLines.id));

/** 400 on account_id when the account is not an active one of the caller's company. */
async function assertActiveAccount(tx: Tx, ctx: RequestContext, accountId: number) {
  const account = await accountOf(tx, ctx.companyId, accountId);
  if (account && !account.is_active)
    throw AppError.badRequest(b2bMessages.accountInactive, {
      account_id: [b2bMessages.accountInactive],
    });
}

/** Refuses sending an invoice that would take the account's open balance over its credit limit. */
async function assertCreditLimit(tx: Tx, ctx: RequestContext, row: Row) {
  const account = await accountOf(tx, ctx.companyId, Number(row.account_id));
  if (account?.credit_limit_cents == null) return;
  const [open] = await tx
    .select({ cents: sql<number>`coalesce(sum(${balance}), 0)::int` })
    .from(b2bInvoices)
    .where(
      and(
        tenantScope(b2bInvoices, ctx.companyId),
        eq(b2bInvoices.account_id, account.id),
        inArray(b2bInvoices.status, ['sent', 'partially_paid']),
        ne(b2bInvoices.id, row.id),
      ),
    );
  const total = Number(open?.cents ?? 0) + Number(row.total_cents);
  if (total > account.credit_limit_cents)
    throw AppError.badRequest(
      b2bMessages.creditLimit(dollars(total), dollars(account.credit_limit_cents)),
    );
}

/** Why a B2B invoice's line sold by quantity took its units (a void finds them by it). */
const invoicedOnLine = (invoiceId: number, lineId: number) =>
  `Invoiced on B2B invoice #${String(invoiceId)} (line #${String(lineId)})`;

/**
 * Sending: the units leave the store's stock (serialised ones by serial, accessories by quantity:
 * more than the store has is a 409 naming the item and what is left), the invoice is dated and due
 * by the account's terms.
 */
async function sendInvoice(row: Row, ctx: RequestContext, tx: Tx) {
  const storeId = Number(row.store_id);
  await assertMaySell(tx, ctx, storeId);
  await assertCreditLimit(tx, ctx, row);
  const lines = await linesOf(tx, ctx, row.id);
  await assertCompanions(tx, ctx, await saleItemsOf(tx, ctx, lines), 'sale');
  await sellStoreUnits(
    tx,
    ctx,
    storeId,
    unitsOfLines(lines),
    `Invoiced on B2B invoice #${String(row.id)}`,
  );
  await sellStoreQuantities(
    tx,
    ctx,
    storeId,
    await quantitiesOfLines(tx, ctx.companyId, lines, (lineId) => invoicedOnLine(row.id, lineId)),
  );
  const account = await accountOf(tx, ctx.companyId, Number(row.account_id));
  const terms = paymentTerms.find((term) => term === account?.payment_terms) ?? 'net_30';
  const today = sql`(now() at time zone ${storeTimeZoneOf(b2bInvoices.company_id, b2bInvoices.store_id)})::date`;
  const [dated] = await tx
    .update(b2bInvoices)
    .set({
      issued_on: sql`${today}`,
      due_on: sql`${today} + ${paymentTermDays[terms]}::int`,
    })
    .where(and(tenantScope(b2bInvoices, ctx.companyId), eq(b2bInvoices.id, row.id)))
    .returning({ issued_on: b2bInvoices.issued_on, due_on: b2bInvoices.due_on });
  Object.assign(row, dated);
}

/** Voiding a sent (unpaid) invoice brings its units (by serial and by quantity) back to the store's stock. */
async function voidInvoice(row: Row, from: string, ctx: RequestContext, tx: Tx) {
  if (from !== 'sent') return;
  const lines = await linesOf(tx, ctx, row.id);
  for (const unit of unitsOfLines(lines))
    await returnUnit(tx, ctx, {
      serial: unit.serial,
      field: unit.field,
      from: 'sold',
      to: 'store',
      store_id: Number(row.store_id),
      reason: `B2B invoice #${String(row.id)} voided`,
    });
  await unsellUnits(
    tx,
    ctx,
    Number(row.store_id),
    lines.map((line) => invoicedOnLine(row.id, line.id)),
    `B2B invoice #${String(row.id)} voided`,
  );
}

/** A payment against a sent invoice: never more than its balance; paid in full moves it to paid. */
async function recordPayment(
  row: Row,
  input: Record<string, unknown>,
  ctx: RequestContext,
  tx: Tx,
) {
  const body = recordB2BPaymentBody.parse(input);
  const total = Number(row.total_cents);
  const paid = Number(row.paid_cents);
  if (body.amount_cents > total - paid) {
    const message = b2bMessages.paymentOverBalance(
      dollars(body.amount_cents),
      dollars(total - paid),
    );
    throw AppError.badRequest(message, { amount_cents: [message] });
  }
  const [today] = await tx
    .select({
      day: sql<string>`(now() at time zone ${storeTimeZoneOf(b2bInvoices.company_id, b2bInvoices.store_id)})::date::text`,
    })
    .from(b2bInvoices)
    .where(and(tenantScope(b2bInvoices, ctx.companyId), eq(b2bInvoices.id, row.id)));
  const payment: B2BPayment = {
    method: body.method,
    amount_cents: body.amount_cents,
    reference: body.reference ?? null,
    paid_on: body.paid_on ?? today?.day ?? new Date().toISOString().slice(0, 10),
    recorded_by: ctx.userId,
    recorded_at: new Date().toISOString(),
  };
  const payments = [
    ...(Array.isArray(row.payments) ? (row.payments as B2BPayment[]) : []),
    payment,
  ];
  const nowPaid = paid + body.amount_cents;
  const status = nowPaid === total ? 'paid' : 'partially_paid';
  const [updated] = await tx
    .update(b2bInvoices)
    .set({ payments, paid_cents: nowPaid, status, updated_at: sql`now()` })
    .where(and(tenantScope(b2bInvoices, ctx.companyId), eq(b2bInvoices.id, row.id)))
    .returning();
  if (!updated) throw AppError.notFound('B2B invoice');
  if (status !== row.status)
    await recordHistory(tx, ctx, {
      companyId: ctx.companyId,
      resource: invoiceResource.name,
      recordId: row.id,
      action: 'transition',
      from: String(row.status),
      to: status,
      note: `${body.method} ${dollars(body.amount_cents)}`,
    });
  return { ...updated, balance_cents: total - nowPaid } as unknown as Row;
}

/**
 * A B2B invoice: drafted with lines priced by the server (the account's discount and tax
 * exemption), units checked at every save and leaving stock when it is sent, paid over time.
 */
export const b2bInvoiceService = createResourceService({
  definition: invoiceResource,
  table: b2bInvoices,
  tenantColumn: 'company_id',
  computed: { balance_cents: balance },
  hooks: {
    beforeCreate: async (input, ctx, tx) => {
      await assertMaySell(tx, ctx, input.store_id);
      await assertActiveAccount(tx, ctx, input.account_id);
      return { ...input, created_by: ctx.userId };
    },
    beforeUpdate: async (input, existing, ctx, tx) => {
      await assertMaySell(tx, ctx, input.store_id ?? Number(existing.store_id));
      if (input.account_id !== undefined) await assertActiveAccount(tx, ctx, input.account_id);
      return { ...input };
    },
    afterWrite: async (row, _input, ctx, tx) => {
      const lines = await linesOf(tx, ctx, row.id);
      await assertCompanions(tx, ctx, await saleItemsOf(tx, ctx, lines), 'sale');
      await lockStoreUnits(tx, ctx, Number(row.store_id), unitsOfLines(lines));
    },
  },
  lines: { table: b2bInvoiceLines, parentColumn: 'invoice_id', price: priceLines },
  onTransition: async (row, from, ctx, tx) => {
    if (row.status === 'sent') await sendInvoice(row, ctx, tx);
    if (row.status === 'void') await voidInvoice(row, from, ctx, tx);
  },
  actions: {
    record_payment: async (row, input, { ctx, tx }) => recordPayment(row, input, ctx, tx),
  },
});
