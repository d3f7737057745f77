import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@portal/contract/list-query';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  activeSessionSchema,
  autoClockedOutQuerySchema,
  autoClockedOutRecordSchema,
  breakActionDataSchema,
  breakEndRequestSchema,
  breakSettingsDataSchema,
  breakStartRequestSchema,
  clockActionDataSchema,
  clockInRequestSchema,
  clockOutRequestSchema,
  clockSessionSchema,
  companyHrSettingsSchema,
  companyHrSettingsUpdateSchema,
  correctionRequestSchema,
  hrMessages,
  selectListRequestSchema,
  selectOptionSchema,
  storeHrSettingsSchema,
  storeHrSettingsUpdateSchema,
  storeIdQuerySchema,
  storeTimeSchema,
  timecardBreakSchema,
  timecardSchema,
  timesheetBreaksRequestSchema,
} from '@portal/contract/hr';
import {
  employeeBulkRequestSchema,
  employeeBulkResultSchema,
  employeeCreateSchema,
  employeeListQuerySchema,
  employeeMessages,
  employeeSchema,
  employeeUpdateSchema,
  reactivationRequestSchema,
  terminationRequestSchema,
} from '@portal/contract/hr-employees';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { signUploadRoute, type Uploads } from '../../platform/uploads.ts';
import { autoClockedOut, requestCorrection } from './auto-clockout.ts';
import {
  activeSessionOf,
  assertMayRead,
  breakSettingsFor,
  clockIn,
  clockOut,
  endBreak,
  sessionOf,
  startBreak,
  storeTime,
  timesheetBreaks,
} from './clock.ts';
import { bulkUploadEmployees } from './employee-bulk.ts';
import {
  createEmployee,
  deleteEmployee,
  getEmployee,
  listEmployees,
  reactivateEmployee,
  supervisorOptions,
  terminateEmployee,
  updateEmployee,
} from './employees.ts';
import { departmentRoleOptions, employeeOptions, scheduleShiftOptions } from './select-lists.ts';
import {
  getCompanySettings,
  getStoreSettings,
  updateCompanySettings,
  updateStoreSettings,
} from './settings.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const tags = ['HR time clock'];

const idParam = pathId();
/** SPEC.md's `{a}&{b}` path segments, e.g. /hr-web-clockin/status/12&3. */
const idPair = z.object({
  pair: z
    .string()
    .regex(/^\d{1,15}&\d{1,15}$/, 'takes two ids joined by &, e.g. 12&3')
    .transform((value) => value.split('&').map(Number) as [number, number]),
});

/** The time clock's and employees' API (SPEC.md section 7, HR and Employees). */
export function hrRoutes(app: FastifyInstance, db: Database, uploads: Uploads) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Clock in and out

  r.get('/hr-web-clockin', {
    schema: {
      tags,
      summary: "The caller's clock session",
      response: { 200: replySchema(clockSessionSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      return ok('', await sessionOf(db, ctx.companyId, ctx.userId));
    },
  });

  r.post('/hr-web-clockin', {
    schema: {
      tags,
      summary: 'Clock in (idempotent: a repeat at the same store answers the open timecard)',
      body: clockInRequestSchema,
      response: { 200: replySchema(clockActionDataSchema), ...errors },
    },
    config: { access: 'write_hr_clockin_web' },
    handler: async (request) => {
      const { data } = await clockIn(db, callerOf(request), request.body);
      return ok(hrMessages.clockedIn, data);
    },
  });

  r.patch('/hr-web-clockin', {
    schema: {
      tags,
      summary: 'Clock out of a timecard, ending any open break',
      body: clockOutRequestSchema,
      response: { 200: replySchema(clockActionDataSchema), ...errors },
    },
    config: { access: 'write_hr_clockin_web' },
    handler: async (request) =>
      ok(hrMessages.clockedOut, await clockOut(db, callerOf(request), request.body)),
  });

  r.get('/hr-web-clockin/time/:store_id', {
    schema: {
      tags,
      summary: "The server's clock in a store's time zone",
      params: z.object({ store_id: idParam }),
      response: { 200: replySchema(storeTimeSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await storeTime(db, callerOf(request).companyId, request.params.store_id)),
  });

  r.get('/hr-web-clockin/status/:pair', {
    schema: {
      tags,
      summary: 'Clock session of a user ({user_id}&{store_id})',
      params: idPair,
      response: { 200: replySchema(clockSessionSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const [userId] = request.params.pair;
      await assertMayRead(db, ctx, userId);
      return ok('', await sessionOf(db, ctx.companyId, userId));
    },
  });

  r.get('/hr-timecards/active-session', {
    schema: {
      tags,
      summary: "The caller's open timecard with its store and breaks",
      querystring: z.strictObject({ related: z.string().max(100).optional() }),
      response: {
        200: replySchema(z.object({ activeSession: activeSessionSchema.nullable() })),
        ...errors,
      },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      return ok('', { activeSession: await activeSessionOf(db, ctx.companyId, ctx.userId) });
    },
  });

  // ---- Breaks

  r.get('/hr-timecard-breaks/break_settings/:pair', {
    schema: {
      tags,
      summary: "A store's break settings and the user's open break ({store_id}&{user_id})",
      params: idPair,
      response: { 200: replySchema(breakSettingsDataSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const [storeId, userId] = request.params.pair;
      return ok('', await breakSettingsFor(db, callerOf(request), storeId, userId));
    },
  });

  r.post('/hr-timecard-breaks', {
    schema: {
      tags,
      summary: 'Start a break inside the open timecard',
      body: breakStartRequestSchema,
      response: { 200: replySchema(breakActionDataSchema), ...errors },
    },
    config: { access: 'write_hr_clockin_web' },
    handler: async (request) =>
      ok(hrMessages.breakStarted, await startBreak(db, callerOf(request), request.body)),
  });

  r.patch('/hr-timecard-breaks', {
    schema: {
      tags,
      summary: 'End a break',
      body: breakEndRequestSchema,
      response: { 200: replySchema(breakActionDataSchema), ...errors },
    },
    config: { access: 'write_hr_clockin_web' },
    handler: async (request) =>
      ok(hrMessages.breakEnded, await endBreak(db, callerOf(request), request.body)),
  });

  r.post('/hr-timecard-breaks/timesheet-breaks', {
    schema: {
      tags,
      summary: 'The breaks of some timecards',
      body: timesheetBreaksRequestSchema,
      response: {
        200: replySchema(z.object({ results: z.array(timecardBreakSchema) })),
        ...errors,
      },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', { results: await timesheetBreaks(db, callerOf(request), request.body.timecard_ids) }),
  });

  // ---- Settings

  r.get('/hr-settings-companies', {
    schema: {
      tags,
      summary: "The company's HR settings",
      response: { 200: replySchema(companyHrSettingsSchema), ...errors },
    },
    config: { access: 'read_hr_settings' },
    handler: async (request) => ok('', await getCompanySettings(db, callerOf(request).companyId)),
  });

  r.post('/hr-settings-companies', {
    schema: {
      tags,
      summary: "Update the company's HR settings",
      body: companyHrSettingsUpdateSchema,
      response: { 200: replySchema(companyHrSettingsSchema), ...errors },
    },
    config: { access: 'write_hr_settings' },
    handler: async (request) =>
      ok(
        hrMessages.companySettingsUpdated,
        await updateCompanySettings(db, callerOf(request), request.body),
      ),
  });

  r.get('/hr-settings-stores', {
    schema: {
      tags,
      summary: "A store's HR settings and break settings",
      querystring: storeIdQuerySchema,
      response: { 200: replySchema(storeHrSettingsSchema), ...errors },
    },
    config: { access: 'read_hr_settings' },
    handler: async (request) =>
      ok('', await getStoreSettings(db, callerOf(request).companyId, request.query.store_id)),
  });

  r.post('/hr-settings-stores', {
    schema: {
      tags,
      summary: "Update a store's HR settings and break settings",
      body: storeHrSettingsUpdateSchema,
      response: { 200: replySchema(storeHrSettingsSchema), ...errors },
    },
    config: { access: 'write_hr_settings' },
    handler: async (request) =>
      ok(
        hrMessages.storeSettingsUpdated,
        await updateStoreSettings(db, callerOf(request), request.body),
      ),
  });

  // ---- Select lists

  const options = replySchema(z.array(selectOptionSchema));
  r.post('/hr-selectlists/schedule-shift', {
    schema: {
      tags,
      summary: "A user's shifts today at a store",
      body: selectListRequestSchema.extend({ store_id: z.number().int().positive() }),
      response: { 200: options, ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        '',
        await scheduleShiftOptions(
          db,
          callerOf(request),
          request.body.store_id,
          request.body.user_id,
        ),
      ),
  });

  r.post('/hr-selectlists/employees', {
    schema: {
      tags,
      summary: 'Employees of the company',
      body: selectListRequestSchema,
      response: { 200: options, ...errors },
    },
    config: { access: 'read_hr_timecards' },
    handler: async (request) => ok('', await employeeOptions(db, callerOf(request))),
  });

  r.post('/hr-selectlists/departmentroles', {
    schema: {
      tags,
      summary: 'Department roles',
      body: selectListRequestSchema,
      response: { 200: options, ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await departmentRoleOptions(db, callerOf(request))),
  });

  // ---- Auto clock-out

  r.post('/hr-schedules/user-autoclocked-out', {
    schema: {
      tags,
      summary: "A user's auto clocked-out timecards (the Auto Clocked Out Schedules dialog)",
      body: autoClockedOutQuerySchema,
      response: { 200: replySchema(listDataSchema(autoClockedOutRecordSchema)), ...errors },
    },
    config: { access: 'is_clockin_pop_up_required' },
    handler: async (request) => ok('', await autoClockedOut(db, callerOf(request), request.body)),
  });

  r.post('/hr-timecards/correction-request', {
    schema: {
      tags,
      summary: 'Send the real end time of an auto clocked-out timecard to the manager',
      body: correctionRequestSchema,
      response: { 200: replySchema(timecardSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(hrMessages.correctionSent, await requestCorrection(db, callerOf(request), request.body)),
  });

  // ---- Employees

  const employeeTags = ['Employees'];
  const userIdParams = z.object({ id: idParam });
  const employeeReply = { 200: replySchema(employeeSchema), ...errors };

  r.get('/employees', {
    schema: {
      tags: employeeTags,
      summary: 'Employees of the company',
      querystring: employeeListQuerySchema,
      response: { 200: replySchema(listDataSchema(employeeSchema)), ...errors },
    },
    config: { access: 'read_employees' },
    handler: async (request) => ok('', await listEmployees(db, callerOf(request), request.query)),
  });

  r.get('/employees/supervisors', {
    schema: {
      tags: employeeTags,
      summary: 'Who may supervise',
      response: { 200: options, ...errors },
    },
    config: { access: 'read_employees' },
    handler: async (request) => ok('', await supervisorOptions(db, callerOf(request))),
  });

  r.post('/employees/new', {
    schema: {
      tags: employeeTags,
      summary: 'Create an employee',
      body: employeeCreateSchema,
      response: employeeReply,
    },
    config: { access: 'write_employees' },
    handler: async (request) =>
      ok(employeeMessages.created, await createEmployee(db, callerOf(request), request.body)),
  });

  r.post('/employees/bulk-upload', {
    schema: {
      tags: employeeTags,
      summary: 'Preview or create up to 5,000 employees from a CSV (all or nothing)',
      body: employeeBulkRequestSchema,
      response: { 200: replySchema(employeeBulkResultSchema), ...errors },
    },
    // 5,000 rows of CSV as JSON: more than the default body limit.
    bodyLimit: 6 * 1024 * 1024,
    config: { access: 'write_employees' },
    handler: async (request) => {
      const { message, result } = await bulkUploadEmployees(db, callerOf(request), request.body);
      return ok(message, result);
    },
  });

  r.get('/employees/:id', {
    schema: {
      tags: employeeTags,
      summary: 'An employee',
      params: userIdParams,
      response: employeeReply,
    },
    config: { access: 'read_employees' },
    handler: async (request) => ok('', await getEmployee(db, callerOf(request), request.params.id)),
  });

  r.patch('/employees/:id', {
    schema: {
      tags: employeeTags,
      summary: 'Update an employee',
      params: userIdParams,
      body: employeeUpdateSchema,
      response: employeeReply,
    },
    config: { access: 'write_employees' },
    handler: async (request) =>
      ok(
        employeeMessages.updated,
        await updateEmployee(db, callerOf(request), request.params.id, request.body),
      ),
  });

  r.delete('/employees/:id', {
    schema: {
      tags: employeeTags,
      summary: 'Delete an employee (marked deleted)',
      params: userIdParams,
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'write_employees' },
    handler: async (request) => {
      await deleteEmployee(db, callerOf(request), request.params.id);
      return ok(employeeMessages.deleted, null);
    },
  });

  r.post('/employee-termination', {
    schema: {
      tags: employeeTags,
      summary: 'Terminate an employee with notes',
      body: terminationRequestSchema,
      response: employeeReply,
    },
    config: { access: 'write_employees' },
    handler: async (request) =>
      ok(
        employeeMessages.terminated,
        await terminateEmployee(
          db,
          callerOf(request),
          request.body.user_id,
          request.body.termination_notes,
        ),
      ),
  });

  r.post('/employees/reactivate', {
    schema: {
      tags: employeeTags,
      summary: 'Reactivate a terminated employee',
      body: reactivationRequestSchema,
      response: employeeReply,
    },
    config: { access: 'write_employees' },
    handler: async (request) =>
      ok(
        employeeMessages.reactivated,
        await reactivateEmployee(db, callerOf(request), request.body.user_id),
      ),
  });

  signUploadRoute(app, uploads, {
    path: '/photos/sign',
    tags: employeeTags,
    summary: "Sign an upload URL for an employee's profile picture",
    access: 'write_employees',
    folder: 'profile-photos',
  });
}
