import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  billPaymentBody,
  billPayments as billPaymentResource,
  billPaymentSchema,
  billPayMessages,
  idempotencyKey,
  prepaidBody,
  prepaidProductOf,
  retryBody,
  type BillPayKind,
} from '@portal/contract/resources/billpay';
import { dollars, type Payment } from '@portal/contract/resources/sales';
import { callerOf } from '../../platform/access.ts';
import { isSuperAdmin, type RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { recordHistory } from '../../platform/resources/history.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { findStore, mayClockAt } from '../hr/api.ts';
import { assertMaySell } from '../sales/api.ts';
import type { BillPayProvider, ProviderResult } from './provider.ts';
import { billPayments } from './schema.ts';

type BillRow = typeof billPayments.$inferSelect;

/** Listed, read and confirmed (sent → confirmed) by the engine; taken by the routes below. */
export const billPaymentService = createResourceService({
  definition: billPaymentResource,
  table: billPayments,
  tenantColumn: 'company_id',
});

/** How long a second request with the same key waits for the first one's answer. */
const REPLAY_WAIT_MS = 15_000;
/** A payment pending longer than this lost its sender (a restart): it may be sent again. */
const STALE_PENDING = sql`now() - interval '2 minutes'`;

/** The key of a request: the Idempotency-Key header or the body's idempotency_key (400 otherwise). */
export function idempotencyKeyOf(request: FastifyRequest, bodyKey: string | undefined): string {
  const header = request.headers['idempotency-key'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const field = (message: string) => AppError.badRequest(message, { idempotency_key: [message] });
  if (fromHeader !== undefined && bodyKey !== undefined && fromHeader !== bodyKey)
    throw field(billPayMessages.keyTwice);
  const key = fromHeader ?? bodyKey;
  if (key === undefined) throw field(billPayMessages.keyMissing);
  if (!idempotencyKey.safeParse(key).success) throw field(billPayMessages.keyInvalid);
  return key;
}

/**
 * Who may take a payment at a store: anyone company-wide (access level 4), else someone who works
 * there (current or assigned store, or temporary access); and, when the store requires it, clocked
 * in there (the sales setting). A store of another company is a 404.
 */
async function assertMayPayAt(db: Executor, ctx: RequestContext, storeId: number) {
  const store = await findStore(db, ctx.companyId, storeId);
  const companyWide = isSuperAdmin(ctx) || ctx.accessLevel >= 4;
  if (!companyWide && !(await mayClockAt(db, ctx.companyId, ctx.userId, store)))
    throw AppError.forbidden(billPayMessages.notYourStore);
  await assertMaySell(db, ctx, storeId);
}

const rowOf = async (db: Executor, ctx: RequestContext, where: ReturnType<typeof eq>) =>
  (
    await db
      .select()
      .from(billPayments)
      .where(and(tenantScope(billPayments, ctx.companyId), where))
  )[0];

/** What a payment answers, first time or replayed: the row, or its stored failure. */
async function outcome(db: Database, ctx: RequestContext, row: BillRow) {
  const data = { id: row.id, status: row.status, attempts: row.attempts };
  if (row.status === 'pending') throw AppError.conflict(billPayMessages.stillSending, data);
  if (row.status === 'failed')
    throw new AppError(
      row.failure_code ?? 502,
      row.provider_message ?? billPayMessages.providerUnavailable,
      undefined,
      data,
    );
  return ok(
    row.status === 'confirmed' ? billPayMessages.confirmed : billPayMessages.sent,
    // The engine's presented row (store and associate names, allowed moves), typed.
    billPaymentSchema.parse(await billPaymentService.get(db, ctx, row.id)),
  );
}

/** Waits while another request is sending this payment, then answers what it got. */
async function settled(db: Database, ctx: RequestContext, first: BillRow) {
  let row = first;
  const deadline = Date.now() + REPLAY_WAIT_MS;
  while (row.status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = (await rowOf(db, ctx, eq(billPayments.id, row.id))) ?? row;
  }
  return outcome(db, ctx, row);
}

/** Asks the provider once for a claimed (pending) payment and stores what it answered. */
async function send(db: Database, provider: BillPayProvider, ctx: RequestContext, row: BillRow) {
  let result: ProviderResult;
  try {
    result = await provider.send({
      kind: row.kind === 'prepaid' ? 'prepaid' : 'bill',
      providerKey: `${row.idempotency_key}.${String(row.provider_try)}`,
      carrier: row.carrier,
      account_number: row.account_number,
      account_holder: row.account_holder,
      product_code: row.product_code,
      amount_cents: row.amount_cents,
    });
  } catch {
    result = { ok: false, failure: 'unavailable', message: billPayMessages.providerUnavailable };
  }
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(billPayments)
      .set(
        result.ok
          ? {
              status: result.status,
              provider_reference: result.reference,
              pin: result.pin,
              provider_message: null,
              failure_code: null,
              sent_at: sql`now()`,
              updated_at: sql`now()`,
            }
          : {
              status: 'failed',
              provider_message: result.message,
              failure_code: result.failure === 'refused' ? 422 : 502,
              updated_at: sql`now()`,
            },
      )
      .where(and(tenantScope(billPayments, ctx.companyId), eq(billPayments.id, row.id)))
      .returning();
    if (!updated) throw AppError.notFound('Bill payment');
    await recordHistory(tx, ctx, {
      companyId: ctx.companyId,
      resource: billPaymentResource.name,
      recordId: row.id,
      action: 'transition',
      from: 'pending',
      to: updated.status,
      note: result.ok ? `${provider.name} ${result.reference}` : result.message,
    });
    return updated;
  });
  return outcome(db, ctx, done);
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

interface PaymentDraft {
  kind: BillPayKind;
  store_id: number;
  carrier: string;
  account_number: string;
  account_holder: string | null;
  product_code: string | null;
  product_name: string | null;
  amount_cents: number;
  fee_cents: number;
  payments: Payment[];
}

/** The payments must add up to the amount and the fee (400 on payments otherwise). */
function assertPaid(draft: PaymentDraft) {
  const total = draft.amount_cents + draft.fee_cents;
  const paid = draft.payments.reduce((sum, payment) => sum + payment.amount_cents, 0);
  if (paid !== total) {
    const message = billPayMessages.paymentsMismatch(dollars(paid), dollars(total));
    throw AppError.badRequest(message, { payments: [message] });
  }
}

/**
 * Takes a payment once per idempotency key: the first request claims the key (a row, pending) and
 * asks the provider; any later one, or a concurrent one (it waits on the key's unique index), gets
 * the first one's answer without asking the provider again. A key reused for another payment: 409.
 */
export async function takePayment(
  db: Database,
  provider: BillPayProvider,
  ctx: RequestContext,
  draft: PaymentDraft,
  key: string,
) {
  const requestHash = hashOf(draft);
  const replay = async (row: BillRow) => {
    if (row.request_hash !== requestHash)
      throw AppError.conflict(billPayMessages.keyReused, { id: row.id });
    return settled(db, ctx, row);
  };
  const earlier = await rowOf(db, ctx, eq(billPayments.idempotency_key, key));
  if (earlier) return replay(earlier);
  assertPaid(draft);
  const claimed = await db.transaction(async (tx) => {
    await assertMayPayAt(tx, ctx, draft.store_id);
    const [row] = await tx
      .insert(billPayments)
      .values({
        ...draft,
        company_id: ctx.companyId,
        total_cents: draft.amount_cents + draft.fee_cents,
        status: 'pending',
        provider: provider.name,
        idempotency_key: key,
        request_hash: requestHash,
        created_by: ctx.userId,
      })
      .onConflictDoNothing({ target: [billPayments.company_id, billPayments.idempotency_key] })
      .returning();
    if (row)
      await recordHistory(tx, ctx, {
        companyId: ctx.companyId,
        resource: billPaymentResource.name,
        recordId: row.id,
        action: 'create',
        after: { kind: row.kind, amount_cents: row.amount_cents, fee_cents: row.fee_cents },
      });
    return row;
  });
  if (claimed) return send(db, provider, ctx, claimed);
  const first = await rowOf(db, ctx, eq(billPayments.idempotency_key, key));
  if (!first) throw AppError.notFound('Bill payment');
  return replay(first);
}

/**
 * Sends a failed payment again (or one left pending by a restart). `attempt` is the try the client
 * saw fail: only one request moves it on; a second click gets that request's answer. After a
 * refusal the provider sees a new try; after no answer the same one, so it cannot pay twice.
 */
export async function retryPayment(
  db: Database,
  provider: BillPayProvider,
  ctx: RequestContext,
  id: number,
  attempt: number,
) {
  const row = await rowOf(db, ctx, eq(billPayments.id, id));
  if (!row) throw AppError.notFound('Bill payment');
  const claimed = await db.transaction(async (tx) => {
    await assertMayPayAt(tx, ctx, row.store_id);
    const [moved] = await tx
      .update(billPayments)
      .set({
        status: 'pending',
        attempts: sql`${billPayments.attempts} + 1`,
        provider_try: sql`${billPayments.provider_try} + case when ${billPayments.failure_code} = 422 then 1 else 0 end`,
        provider_message: null,
        failure_code: null,
        updated_at: sql`now()`,
      })
      .where(
        and(
          tenantScope(billPayments, ctx.companyId),
          eq(billPayments.id, id),
          eq(billPayments.attempts, attempt),
          sql`(${billPayments.status} = 'failed' or (${billPayments.status} = 'pending' and ${billPayments.updated_at} < ${STALE_PENDING}))`,
        ),
      )
      .returning();
    if (moved)
      await recordHistory(tx, ctx, {
        companyId: ctx.companyId,
        resource: billPaymentResource.name,
        recordId: id,
        action: 'transition',
        from: row.status,
        to: 'pending',
        note: `Sent again (attempt ${String(moved.attempts)})`,
      });
    return moved;
  });
  if (claimed) return send(db, provider, ctx, claimed);
  const now = (await rowOf(db, ctx, eq(billPayments.id, id))) ?? row;
  if (now.status === 'pending' || now.attempts !== attempt) return settled(db, ctx, now);
  throw AppError.conflict(billPayMessages.retryNotFailed, { id, status: now.status });
}

const keyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('One key per payment (8 to 100 letters, digits, dashes or underscores)'),
});
const paymentReply = {
  200: replySchema(billPaymentSchema),
  ...errorReplies(400, 403, 404, 409, 422, 502),
};
const idempotencyNote =
  'Idempotent: the same Idempotency-Key (header, or the idempotency_key field) answers the first ' +
  "request's result and never reaches the provider twice, also when sent concurrently. A provider " +
  'refusal is a 422 and no answer a 502, each stored as a failed payment (data.id names it).';

/** POST /bill-payments, /bill-payments/prepaid and /bill-payments/{id}/retry. */
export function billPayRoutes(app: FastifyInstance, db: Database, provider: BillPayProvider) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'write_bill_payments' as const };
  r.post('/bill-payments', {
    schema: {
      tags: ['Bill pay'],
      summary: "Pay a customer's carrier bill",
      description: idempotencyNote,
      headers: keyHeader,
      body: billPaymentBody,
      response: paymentReply,
    },
    config: access,
    handler: async (request) => {
      const { idempotency_key: bodyKey, ...body } = request.body;
      const key = idempotencyKeyOf(request, bodyKey);
      return takePayment(
        db,
        provider,
        callerOf(request),
        {
          kind: 'bill',
          ...body,
          account_holder: body.account_holder ?? null,
          product_code: null,
          product_name: null,
        },
        key,
      );
    },
  });
  r.post('/bill-payments/prepaid', {
    schema: {
      tags: ['Bill pay'],
      summary: 'Sell a prepaid refill or PIN card',
      description: idempotencyNote,
      headers: keyHeader,
      body: prepaidBody,
      response: paymentReply,
    },
    config: access,
    handler: async (request) => {
      const { idempotency_key: bodyKey, product_code, phone_number, ...body } = request.body;
      const key = idempotencyKeyOf(request, bodyKey);
      const product = prepaidProductOf(product_code);
      if (!product)
        throw AppError.badRequest(billPayMessages.productInvalid, {
          product_code: [billPayMessages.productInvalid],
        });
      if (!(product.values as readonly number[]).includes(body.amount_cents)) {
        const message = billPayMessages.faceValueInvalid(
          product.name,
          product.values.map(dollars).join(', '),
        );
        throw AppError.badRequest(message, { amount_cents: [message] });
      }
      return takePayment(
        db,
        provider,
        callerOf(request),
        {
          kind: 'prepaid',
          ...body,
          carrier: product.carrier,
          account_number: phone_number,
          account_holder: null,
          product_code: product.code,
          product_name: product.name,
        },
        key,
      );
    },
  });
  r.post('/bill-payments/:id/retry', {
    schema: {
      tags: ['Bill pay'],
      summary: 'Send a failed payment again',
      description:
        'Only the request naming the attempt that failed sends it; a second one gets its answer.',
      params: z.object({ id: z.coerce.number().int().positive() }),
      body: retryBody,
      response: paymentReply,
    },
    config: access,
    handler: async (request) =>
      retryPayment(db, provider, callerOf(request), request.params.id, request.body.attempt),
  });
}
