import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@portal/contract/list-query';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  myViewSchema,
  storeViewSchema,
  teamClockActionSchema,
  teamMemberDetailSchema,
  teamMemberSchema,
  teamQuerySchema,
} from '@portal/contract/hr-dashboard';
import { callerOf } from '../../platform/access.ts';
import type { Database } from '../../platform/database.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { listTeam, myView, storeView, teamClockAction, teamMember } from './services.ts';

const errors = errorReplies(400, 403, 404, 409, 460);
const tags = ['HR dashboard'];
const idString = pathId();

/** HR dashboards: the store view, my view, the team and actions on a team member. */
export function hrDashboardRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/hr-dashboard/store-employees/:store_id', {
    schema: {
      tags,
      summary: 'Who is clocked in, on a break, late or absent at a store now, against the schedule',
      params: z.object({ store_id: idString }),
      response: { 200: replySchema(storeViewSchema), ...errors },
    },
    config: { access: 'read_hr_dashboard' },
    handler: async (request) =>
      ok('', await storeView(db, callerOf(request), request.params.store_id)),
  });

  r.get('/hr-dashboard/my-view', {
    schema: {
      tags,
      summary: "The caller's upcoming shifts, hours, requests and balances",
      response: { 200: replySchema(myViewSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await myView(db, callerOf(request))),
  });

  r.get('/hr-team', {
    schema: {
      tags,
      summary: "The caller's team (reports), or every employee (all, with read_employees)",
      querystring: teamQuerySchema,
      response: { 200: replySchema(listDataSchema(teamMemberSchema)), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const results = await listTeam(db, callerOf(request), request.query.scope);
      return ok('', { results, total: results.length });
    },
  });

  r.get('/hr-team/:id', {
    schema: {
      tags,
      summary: 'A team member: profile, clock, time off balances and requests',
      params: z.object({ id: idString }),
      response: { 200: replySchema(teamMemberDetailSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', await teamMember(db, callerOf(request), request.params.id)),
  });

  r.post('/hr-team/:id/clock', {
    schema: {
      tags,
      summary: "End a team member's break or clock them out, with a reason",
      params: z.object({ id: idString }),
      body: teamClockActionSchema,
      response: { 200: replySchema(teamMemberDetailSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const data = await teamClockAction(db, callerOf(request), request.params.id, request.body);
      return ok(request.body.action === 'clock_out' ? 'Clocked Out' : 'Break ended', data);
    },
  });
}
