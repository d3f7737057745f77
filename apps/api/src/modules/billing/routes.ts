import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { listQuerySchema, pathId } from '@portal/contract/list-query';
import { patchSchemaOf } from '@portal/contract/resource';
import { paymentAccountSchema, paymentAccounts } from '@portal/contract/resources/billing';
import { storeSchema } from '@portal/contract/resources/organisation';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { storeService } from '../organisation/api.ts';
import { paymentAccountService } from './services.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const storeParams = z.strictObject({
  store_id: pathId(15, 'store_id must be a positive whole number'),
});
const accountParams = z.strictObject({
  account_id: pathId(15, 'account_id must be a positive whole number'),
});
const reply = replySchema(paymentAccountSchema);
// Widened as in the engine: the service's rows are plain records; the schema still validates and
// strips every reply.
const listRow: z.ZodType<Record<string, unknown>> = paymentAccountSchema.extend({
  store: storeSchema.nullable().optional(),
});
const { messages } = paymentAccounts;
const tags = [paymentAccounts.label.many];

/** Payment accounts on SPEC.md's paths: POST /charge/account, GET by store, PATCH/DELETE by id. */
export function billingRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/charge/account', {
    schema: {
      tags,
      summary: "Add a store's payment account",
      body: paymentAccounts.create,
      response: { 200: reply, ...errors },
    },
    config: { access: 'write_payment_accounts' },
    handler: async (request) =>
      ok(
        messages.created,
        paymentAccountSchema.parse(
          await paymentAccountService.create(db, callerOf(request), request.body),
        ),
      ),
  });

  // The company's accounts, one per store: the list of /companies/payments (the engine's list
  // query: page, perPage, sort, filter, search, related=store).
  r.get('/charge/account', {
    schema: {
      tags,
      summary: "The company's payment accounts",
      querystring: listQuerySchema,
      response: { 200: replySchema(listDataSchema(listRow)), ...errors },
    },
    config: { access: 'read_payment_accounts' },
    handler: async (request) =>
      ok('', await paymentAccountService.list(db, callerOf(request), request.query)),
  });

  r.get('/charge/account/:store_id', {
    schema: {
      tags,
      summary: "A store's payment account, or null when it has none",
      params: storeParams,
      response: { 200: replySchema(paymentAccountSchema.nullable()), ...errors },
    },
    config: { access: 'read_payment_accounts' },
    handler: async (request) => {
      const ctx = callerOf(request);
      // The store must be the caller's: another company's store is a 404, not an empty answer.
      await storeService.get(db, ctx, request.params.store_id);
      const found = await paymentAccountService.list(db, ctx, {
        page: 0,
        perPage: 1,
        filter: { store_id: String(request.params.store_id) },
      });
      const [account] = found.results;
      return ok('', account ? paymentAccountSchema.parse(account) : null);
    },
  });

  r.patch('/charge/account/:account_id', {
    schema: {
      tags,
      summary: 'Update a payment account',
      params: accountParams,
      body: patchSchemaOf(paymentAccounts),
      response: { 200: reply, ...errors },
    },
    config: { access: 'write_payment_accounts' },
    handler: async (request) =>
      ok(
        messages.updated,
        paymentAccountSchema.parse(
          await paymentAccountService.update(
            db,
            callerOf(request),
            request.params.account_id,
            request.body,
          ),
        ),
      ),
  });

  r.delete('/charge/account/:account_id', {
    schema: {
      tags,
      summary: 'Remove a payment account',
      params: accountParams,
      response: { 200: reply, ...errors },
    },
    config: { access: 'write_payment_accounts' },
    handler: async (request) =>
      ok(
        messages.deleted,
        paymentAccountSchema.parse(
          await paymentAccountService.remove(db, callerOf(request), request.params.account_id),
        ),
      ),
  });
}
