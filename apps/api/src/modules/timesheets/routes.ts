import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdParams } from '@portal/contract/list-query';
import { replySchema } from '@portal/contract/envelope';
import {
  auditEntrySchema,
  breakEditSchema,
  correctionCreateSchema,
  correctionListQuerySchema,
  correctionRejectSchema,
  correctionDecisionSchema,
  correctionSchema,
  employeeTimesheetSchema,
  hoursReportQuerySchema,
  payPeriodQuerySchema,
  payPeriodSchema,
  payrollRowSchema,
  reportRangeQuerySchema,
  timecardEditSchema,
  timesheetMessages,
  timesheetQuerySchema,
  timesheetResultSchema,
} from '@portal/contract/hr-timesheets';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { personOf } from '../users/api.ts';
import { getCompanySettings } from '../hr/api.ts';
import { payPeriodOf } from './arithmetic.ts';
import { computeTimesheets } from './compute.ts';
import {
  approveCorrection,
  auditTrail,
  editBreak,
  editTimecard,
  listCorrections,
  mayReadAll,
  rejectCorrection,
  requestCorrection,
} from './corrections.ts';
import { breaksReport, hoursReport, lateReport, overtimeReport, payrollRows } from './reports.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const tags = ['HR timesheets'];
const idParam = pathIdParams(9);
const reportRows = z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])));

/** Timesheets, corrections and their audit trail, HR reports and the payroll rows (issue 7). */
export function timesheetRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/hr-timesheets', {
    schema: {
      tags,
      summary:
        'Timesheets for a range of local dates: per employee and day, worked, breaks, regular, overtime, late, missed punches and totals (employees without read_hr_timesheets get their own)',
      querystring: timesheetQuerySchema,
      response: { 200: replySchema(timesheetResultSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const q = request.query;
      const own = !mayReadAll(ctx);
      return ok(
        '',
        await computeTimesheets(db, ctx.companyId, {
          from: q.from,
          to: q.to,
          userIds: own ? [ctx.userId] : q.user_ids,
          storeIds: q.store_ids,
          withIdleStaff: true,
        }),
      );
    },
  });

  r.get('/hr-timesheets/pay-period', {
    schema: {
      tags,
      summary: "The company's pay period holding a date (today by default)",
      querystring: payPeriodQuerySchema,
      response: { 200: replySchema(payPeriodSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const settings = await getCompanySettings(db, ctx.companyId);
      const date = request.query.date ?? new Date().toISOString().slice(0, 10);
      return ok('', {
        kind: settings.pay_period,
        ...payPeriodOf(date, settings.pay_period, settings.pay_period_anchor),
      });
    },
  });

  r.get('/hr-timesheets/details', {
    schema: {
      tags,
      summary:
        "One employee's days with punches, breaks, schedule, flags, corrections and audit trail",
      querystring: z.strictObject({
        user_id: z.coerce.number().int().positive(),
        from: z.iso.date(),
        to: z.iso.date(),
      }),
      response: {
        200: replySchema(
          z.object({
            employee: employeeTimesheetSchema.nullable(),
            user: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
            stores: timesheetResultSchema.shape.stores,
            corrections: z.array(correctionSchema),
            audit: z.array(auditEntrySchema),
          }),
        ),
        ...errors,
      },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { user_id, from, to } = request.query;
      if (from > to)
        throw AppError.badRequest(timesheetMessages.rangeOrder, {
          to: [timesheetMessages.rangeOrder],
        });
      if (user_id !== ctx.userId && !mayReadAll(ctx)) throw AppError.forbidden();
      const person = await personOf(db, ctx.companyId, user_id);
      if (!person) throw AppError.notFound('Employee');
      const user = { id: person.id, first_name: person.first_name, last_name: person.last_name };
      const sheet = await computeTimesheets(db, ctx.companyId, { from, to, userIds: [user_id] });
      const employee = sheet.employees[0] ?? null;
      const cardIds = employee?.days.flatMap((d) => d.cards.map((c) => c.timecard_id)) ?? [];
      const cardSet = new Set(cardIds);
      const corrections = (await listCorrections(db, ctx, { user_id })).filter((c) =>
        cardSet.has(c.timecard_id),
      );
      return ok('', {
        employee,
        user,
        stores: sheet.stores,
        corrections,
        audit: await auditTrail(db, ctx.companyId, cardIds),
      });
    },
  });

  r.post('/hr-timesheet-corrections', {
    schema: {
      tags,
      summary: 'Ask for a correction of one of your timecards or breaks (times and a reason)',
      body: correctionCreateSchema,
      response: { 200: replySchema(z.object({ id: z.number() })), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        timesheetMessages.correctionRequested,
        await requestCorrection(db, callerOf(request), request.body),
      ),
  });

  r.get('/hr-timesheet-corrections', {
    schema: {
      tags,
      summary:
        "Corrections (employees' requests and auto clock-out end times): everyone's for HR, your own and your team's otherwise",
      querystring: correctionListQuerySchema,
      response: { 200: replySchema(z.array(correctionSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await listCorrections(db, callerOf(request), request.query)),
  });

  r.post('/hr-timesheet-corrections/:id/approve', {
    schema: {
      tags,
      summary:
        "Approve a correction: the timecard or break changes, with an audit row (the employee's supervisor or write_hr_timesheets)",
      params: idParam,
      body: correctionDecisionSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      await approveCorrection(db, callerOf(request), request.params.id, request.body.reason);
      return ok(timesheetMessages.correctionApproved, null);
    },
  });

  r.post('/hr-timesheet-corrections/:id/reject', {
    schema: {
      tags,
      summary: 'Reject a correction with a reason: nothing changes',
      params: idParam,
      body: correctionRejectSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      await rejectCorrection(db, callerOf(request), request.params.id, request.body.reason);
      return ok(timesheetMessages.correctionRejected, null);
    },
  });

  r.patch('/hr-timesheets/timecards/:id', {
    schema: {
      tags,
      summary: "A manager's edit of a timecard's times, with a reason (audited)",
      params: idParam,
      body: timecardEditSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_hr_timesheets' },
    handler: async (request) => {
      await editTimecard(db, callerOf(request), request.params.id, request.body);
      return ok(timesheetMessages.timecardUpdated, null);
    },
  });

  r.patch('/hr-timesheets/breaks/:id', {
    schema: {
      tags,
      summary: "A manager's edit of a break's times, with a reason (audited)",
      params: idParam,
      body: breakEditSchema,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_hr_timesheets' },
    handler: async (request) => {
      await editBreak(db, callerOf(request), request.params.id, request.body);
      return ok(timesheetMessages.breakUpdated, null);
    },
  });

  r.get('/hr-reports/payroll', {
    schema: {
      tags,
      summary: 'Payroll rows: regular, overtime and paid break hours per employee for a period',
      querystring: reportRangeQuerySchema,
      response: { 200: replySchema(z.array(payrollRowSchema)), ...errors },
    },
    config: { access: 'read_hr_reports' },
    handler: async (request) =>
      ok('', await payrollRows(db, callerOf(request).companyId, request.query)),
  });

  r.get('/hr-reports/hours', {
    schema: {
      tags,
      summary: 'Hours by employee, store, district or region for a date range',
      querystring: hoursReportQuerySchema,
      response: { 200: replySchema(reportRows), ...errors },
    },
    config: { access: 'read_hr_reports' },
    handler: async (request) => {
      const { group, ...range } = request.query;
      return ok('', await hoursReport(db, callerOf(request).companyId, range, group));
    },
  });

  const simple = { overtime: overtimeReport, breaks: breaksReport, late: lateReport };
  for (const [name, run] of Object.entries(simple)) {
    r.get(`/hr-reports/${name}`, {
      schema: {
        tags,
        summary: `The ${name} report for a date range`,
        querystring: reportRangeQuerySchema,
        response: { 200: replySchema(reportRows), ...errors },
      },
      config: { access: 'read_hr_reports' },
      handler: async (request) => ok('', await run(db, callerOf(request).companyId, request.query)),
    });
  }
}
