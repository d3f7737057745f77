import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdParams } from '@portal/contract/list-query';
import { countDataSchema, listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  allowanceUpdateSchema,
  balanceQuerySchema,
  leavesReportRowSchema,
  timeoffBalanceSchema,
  timeoffDecisionSchema,
  timeoffListQuerySchema,
  timeoffMessages,
  timeoffRequestCreateSchema,
  timeoffRequestDetailSchema,
  timeoffRequestSchema,
} from '@portal/contract/hr-timeoff';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import {
  balances,
  cancelRequest,
  createRequest,
  decideRequest,
  getRequest,
  leavesReport,
  listRequests,
  pendingCount,
  setAllowance,
} from './services.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const tags = ['HR time off'];
const idParams = pathIdParams();
const thisYear = () => new Date().getUTCFullYear();

/** Time off: requests and their decisions, balances, the Employee Leaves Report (types: types.ts). */
export function timeoffRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/hr-timeoff/requests', {
    schema: {
      tags,
      summary:
        "Requests: the caller's (mine), those they may decide (team), or all (read_hr_timeoff)",
      querystring: timeoffListQuerySchema,
      response: { 200: replySchema(listDataSchema(timeoffRequestSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const results = await listRequests(db, callerOf(request), request.query);
      return ok('', { results, total: results.length });
    },
  });

  r.get('/hr-timeoff/requests/pending-count', {
    schema: {
      tags,
      summary: 'How many pending requests the caller may decide',
      response: { 200: replySchema(countDataSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', { total: await pendingCount(db, callerOf(request)) }),
  });

  r.post('/hr-timeoff/requests', {
    schema: {
      tags,
      summary: 'Request time off for oneself',
      body: timeoffRequestCreateSchema,
      response: { 200: replySchema(timeoffRequestDetailSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(timeoffMessages.requested, await createRequest(db, callerOf(request), request.body)),
  });

  r.get('/hr-timeoff/requests/:id', {
    schema: {
      tags,
      summary: 'One request with its history',
      params: idParams,
      response: { 200: replySchema(timeoffRequestDetailSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await getRequest(db, callerOf(request), request.params.id)),
  });

  for (const [action, status, message] of [
    ['approve', 'approved', timeoffMessages.approved],
    ['reject', 'rejected', timeoffMessages.rejected],
  ] as const) {
    r.post(`/hr-timeoff/requests/:id/${action}`, {
      schema: {
        tags,
        summary: `${action === 'approve' ? 'Approve' : 'Reject (with a reason)'} a pending request`,
        params: idParams,
        body: timeoffDecisionSchema,
        response: { 200: replySchema(timeoffRequestDetailSchema), ...errors },
      },
      config: { access: 'authenticated' },
      handler: async (request) =>
        ok(
          message,
          await decideRequest(
            db,
            callerOf(request),
            request.params.id,
            status,
            request.body.reason,
          ),
        ),
    });
  }

  r.post('/hr-timeoff/requests/:id/cancel', {
    schema: {
      tags,
      summary: 'Cancel one of your own requests (pending, or approved and not yet started)',
      params: idParams,
      body: timeoffDecisionSchema,
      response: { 200: replySchema(timeoffRequestDetailSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        timeoffMessages.cancelled,
        await cancelRequest(db, callerOf(request), request.params.id, request.body.reason),
      ),
  });

  r.get('/hr-timeoff/balances', {
    schema: {
      tags,
      summary: "An employee's balances per type for a year (default: the caller, this year)",
      querystring: balanceQuerySchema,
      response: { 200: replySchema(listDataSchema(timeoffBalanceSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const results = await balances(
        db,
        ctx,
        request.query.user_id ?? ctx.userId,
        request.query.year ?? thisYear(),
      );
      return ok('', { results, total: results.length });
    },
  });

  r.put('/hr-timeoff/allowances', {
    schema: {
      tags,
      summary: "Set an employee's allowance of a type for a year (hours)",
      body: allowanceUpdateSchema,
      response: { 200: replySchema(listDataSchema(timeoffBalanceSchema)), ...errors },
    },
    config: { access: 'write_hr_timeoff' },
    handler: async (request) => {
      const results = await setAllowance(db, callerOf(request), request.body);
      return ok(timeoffMessages.allowanceSaved, { results, total: results.length });
    },
  });

  r.get('/hr-timeoff/reports/leaves', {
    schema: {
      tags,
      summary: 'Employee Leaves Report: hours per employee and type (default: the current year)',
      querystring: z.strictObject({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
      response: {
        200: replySchema(listDataSchema(leavesReportRowSchema).extend({ year: z.number().int() })),
        ...errors,
      },
    },
    config: { access: 'read_hr_timeoff' },
    handler: async (request) => {
      const year = request.query.year ?? thisYear();
      const results = await leavesReport(db, callerOf(request), year);
      return ok('', { results, total: results.length, year });
    },
  });
}
