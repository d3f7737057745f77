import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replySchema } from '@portal/contract/envelope';
import {
  carrierStatementDetailSchema,
  carrierStatementSchema,
  commissionMessages,
  commissionPeriodSchema,
  importStatementBody,
  periodBody,
  periodField,
  statementExportSchema,
  statementQuery,
  statementSchema,
} from '@portal/contract/resources/commissions';
import { callerOf } from '../../platform/access.ts';
import { hasPermission } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { confirmChargeback, importStatement, listStatements, statementDetail } from './carrier.ts';
import { closePeriod, computePeriod, listPeriods } from './compute.ts';
import { myStatement, scopeStatement, statementCsv } from './statements.ts';

const tags = ['Commissions'];
const errors = errorReplies(400, 403, 404, 409);
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Periods (compute, close), statements (mine, a scope's, the export) and carrier statements. */
export function commissionRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/commission-periods', {
    schema: {
      tags,
      summary: 'Commission periods (months), newest first, with their lines and totals',
      response: { 200: replySchema(z.array(commissionPeriodSchema)), ...errors },
    },
    config: { access: 'read_commissions' },
    handler: async (request) => ok('', await listPeriods(db, callerOf(request))),
  });

  r.post('/commission-periods/compute', {
    schema: {
      tags,
      summary: "Compute or recompute a month's commission lines (idempotent; 409 when closed)",
      body: periodBody,
      response: { 200: replySchema(z.object({ lines: z.number().int() })), ...errors },
    },
    config: { access: 'write_commissions' },
    handler: async (request) => {
      const lines = await computePeriod(db, callerOf(request), request.body.period);
      return ok(commissionMessages.computed(lines), { lines });
    },
  });

  r.post('/commission-periods/close', {
    schema: {
      tags,
      summary: 'Close a computed month: its lines are frozen',
      body: periodBody,
      response: { 200: replySchema(z.object({ period: z.string() })), ...errors },
    },
    config: { access: 'write_commissions' },
    handler: async (request) => {
      await closePeriod(db, callerOf(request), request.body.period);
      return ok(commissionMessages.closed(request.body.period), { period: request.body.period });
    },
  });

  r.get('/commissions/my', {
    schema: {
      tags,
      summary: "The caller's own commission statement for a month",
      querystring: z.object({ period: periodField }),
      response: { 200: replySchema(statementSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await myStatement(db, callerOf(request), request.query.period)),
  });

  r.get('/commissions/statements', {
    schema: {
      tags,
      summary: "The statements of the people in a scope (the caller's and those below them)",
      querystring: statementQuery,
      response: { 200: replySchema(statementSchema), ...errors },
    },
    config: { access: 'read_commissions' },
    handler: async (request) => ok('', await scopeStatement(db, callerOf(request), request.query)),
  });

  r.get('/commissions/export', {
    schema: {
      tags,
      summary: 'A statement as CSV: mine (mine=true) or a scope (read_commissions)',
      querystring: statementQuery.extend({ mine: z.enum(['true', 'false']).optional() }),
      response: { 200: replySchema(statementExportSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const mine = request.query.mine === 'true';
      if (!mine && !hasPermission(ctx, 'read_commissions')) throw AppError.forbidden();
      const statement = mine
        ? await myStatement(db, ctx, request.query.period)
        : await scopeStatement(db, ctx, request.query);
      return ok('', {
        file_name: `commissions-${mine ? 'mine' : 'team'}-${request.query.period}.csv`,
        csv: statementCsv(statement),
        total_cents: statement.total_cents,
      });
    },
  });

  r.get('/carrier-statements', {
    schema: {
      tags,
      summary: 'Imported carrier commission statements, newest first, with counts by class',
      response: { 200: replySchema(z.array(carrierStatementSchema)), ...errors },
    },
    config: { access: 'read_carrier_statements' },
    handler: async (request) => ok('', await listStatements(db, callerOf(request))),
  });

  r.post('/carrier-statements', {
    schema: {
      tags,
      summary: 'Import a carrier commission statement (CSV) and classify its lines',
      description:
        'Columns: phone_number, imei, iccid, activation_date, amount_paid (dollars.cents). A bad line is a 400 naming it; nothing is written.',
      body: importStatementBody,
      response: { 200: replySchema(carrierStatementDetailSchema), ...errors },
    },
    config: { access: 'write_carrier_statements' },
    handler: async (request) => {
      const statement = await importStatement(db, callerOf(request), request.body);
      return ok(commissionMessages.statementImported(statement.lines.length), statement);
    },
  });

  r.get('/carrier-statements/:id', {
    schema: {
      tags,
      summary: 'One carrier statement with its classified lines',
      params: idParams,
      response: { 200: replySchema(carrierStatementDetailSchema), ...errors },
    },
    config: { access: 'read_carrier_statements' },
    handler: async (request) =>
      ok('', await statementDetail(db, callerOf(request), request.params.id)),
  });

  r.post('/carrier-statement-lines/:id/chargeback', {
    schema: {
      tags,
      summary: "Confirm a chargeback: the seller's commission for the activation is reversed",
      params: idParams,
      response: { 200: replySchema(carrierStatementDetailSchema), ...errors },
    },
    config: { access: 'write_carrier_statements' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const statementId = await confirmChargeback(db, ctx, request.params.id);
      return ok(commissionMessages.chargebackDone, await statementDetail(db, ctx, statementId));
    },
  });
}
