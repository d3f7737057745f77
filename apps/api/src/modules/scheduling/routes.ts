import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  myShiftsQuerySchema,
  scheduleChangesSchema,
  scheduleCheckSchema,
  scheduleCopyResultSchema,
  scheduleMessages,
  schedulePublishResultSchema,
  scheduleSaveResultSchema,
  scheduleShiftSchema,
  scheduleWeekActionSchema,
  scheduleWeekQuerySchema,
  scheduleWeekSchema,
} from '@portal/contract/hr-schedules';
import { departmentRoleSchema } from '@portal/contract/resources/hr-scheduling';
import { idParamsSchema } from '@portal/contract/list-query';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import {
  checkChanges,
  copyLastWeek,
  deleteShift,
  departmentRoles,
  myShifts,
  publishWeek,
  saveChanges,
  scheduleWeek,
} from './schedule.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const tags = ['HR schedules'];

/** The weekly schedule (/hr/schedule): read a week, check and save changes, copy, publish, delete. */
export function schedulingRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/hr-schedules/week', {
    schema: {
      tags,
      summary: "A store's week: employees, shifts (drafts too), time off and conflicts",
      querystring: scheduleWeekQuerySchema,
      response: { 200: replySchema(scheduleWeekSchema), ...errors },
    },
    config: { access: 'read_hr_schedules' },
    handler: async (request) =>
      ok(
        '',
        await scheduleWeek(db, callerOf(request), request.query.store_id, request.query.week_start),
      ),
  });

  r.get('/hr-schedules/mine', {
    schema: {
      tags,
      summary: "The caller's published shifts between two local dates",
      querystring: myShiftsQuerySchema,
      response: { 200: replySchema(z.array(scheduleShiftSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await myShifts(db, callerOf(request), request.query.from, request.query.to)),
  });

  r.post('/hr-schedules/check', {
    schema: {
      tags,
      summary: 'The conflicts (overlaps at any store, approved time off) of proposed changes',
      body: scheduleChangesSchema,
      response: { 200: replySchema(scheduleCheckSchema), ...errors },
    },
    config: { access: 'write_hr_schedules' },
    handler: async (request) => ok('', await checkChanges(db, callerOf(request), request.body)),
  });

  r.post('/hr-schedules/save', {
    schema: {
      tags,
      summary: 'Create, move, edit and delete shifts of a store in one transaction',
      body: scheduleChangesSchema,
      response: { 200: replySchema(scheduleSaveResultSchema), ...errors },
    },
    config: { access: 'write_hr_schedules' },
    handler: async (request) =>
      ok(scheduleMessages.saved, await saveChanges(db, callerOf(request), request.body)),
  });

  r.post('/hr-schedules/copy-last-week', {
    schema: {
      tags,
      summary: "Copy last week's shifts of the store into this week as drafts",
      body: scheduleWeekActionSchema,
      response: { 200: replySchema(scheduleCopyResultSchema), ...errors },
    },
    config: { access: 'write_hr_schedules' },
    handler: async (request) =>
      ok(
        scheduleMessages.copied,
        await copyLastWeek(db, callerOf(request), request.body.store_id, request.body.week_start),
      ),
  });

  r.post('/hr-schedules/publish', {
    schema: {
      tags,
      summary: "Publish the store's draft shifts of the week",
      body: scheduleWeekActionSchema,
      response: { 200: replySchema(schedulePublishResultSchema), ...errors },
    },
    config: { access: 'write_hr_schedules' },
    handler: async (request) =>
      ok(
        scheduleMessages.published,
        await publishWeek(db, callerOf(request), request.body.store_id, request.body.week_start),
      ),
  });

  r.delete('/hr-schedules/:id', {
    schema: {
      tags,
      summary: 'Delete a shift',
      params: idParamsSchema,
      response: { 200: replySchema(scheduleShiftSchema), ...errors },
    },
    config: { access: 'write_hr_schedules' },
    handler: async (request) =>
      ok(scheduleMessages.deleted, await deleteShift(db, callerOf(request), request.params.id)),
  });

  r.get('/hr-department-roles', {
    schema: {
      tags,
      summary: 'Department roles of the company (the shift templates and schedule selects)',
      response: { 200: replySchema(listDataSchema(departmentRoleSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await departmentRoles(db, callerOf(request))),
  });
}
