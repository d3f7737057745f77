import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId, pathIdParams } from '@portal/contract/list-query';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import {
  faceCheckListQuerySchema,
  faceCheckSchema,
  faceEnrolmentSchema,
  faceEnrolRequestSchema,
  faceMessages,
} from '@portal/contract/hr-face';
import type { Database } from '../../platform/database.ts';
import { callerOf } from '../../platform/access.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { closeFaceEngine } from './engine.ts';
import {
  enrolFace,
  getFaceEnrolment,
  listFaceChecks,
  markFaceCheckReviewed,
  setFaceMatchThreshold,
  withdrawFace,
} from './service.ts';

const errors = errorReplies(400, 403, 404, 409, 460, 503);
const tags = ['HR face check'];
const userIdParams = z.object({ user_id: pathId() });

/** Face enrolment with consent (SPEC.md section 7, PATCH /users/update-face) and the review list. */
export function faceRoutes(app: FastifyInstance, db: Database, matchThreshold: number) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  setFaceMatchThreshold(matchThreshold);
  app.addHook('onClose', async () => closeFaceEngine());

  r.get('/users/update-face/:user_id', {
    schema: {
      tags,
      summary: 'Whether a face is enrolled, with the consent record (never the template)',
      params: userIdParams,
      response: { 200: replySchema(faceEnrolmentSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok('', await getFaceEnrolment(db, callerOf(request), request.params.user_id)),
  });

  r.patch('/users/update-face/:user_id', {
    schema: {
      tags,
      summary:
        'Enrol a face: one face in the JPEG, consent to the current text (self, or a manager with write_employees)',
      params: userIdParams,
      body: faceEnrolRequestSchema,
      response: { 200: replySchema(faceEnrolmentSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        faceMessages.faceUpdated,
        await enrolFace(db, callerOf(request), request.params.user_id, request.body),
      ),
  });

  r.delete('/users/update-face/:user_id', {
    schema: {
      tags,
      summary: 'Withdraw consent: deletes the enrolled face',
      params: userIdParams,
      response: { 200: replySchema(faceEnrolmentSchema), ...errors },
    },
    config: { access: 'authenticated' },
    handler: async (request) =>
      ok(
        faceMessages.faceDeleted,
        await withdrawFace(db, callerOf(request), request.params.user_id),
      ),
  });

  r.get('/hr-face/checks', {
    schema: {
      tags,
      summary: 'Flagged and blocked face checks, newest first, for managers to review',
      querystring: faceCheckListQuerySchema,
      response: { 200: replySchema(listDataSchema(faceCheckSchema)), ...errors },
    },
    config: { access: 'read_hr_timecards' },
    handler: async (request) => ok('', await listFaceChecks(db, callerOf(request), request.query)),
  });

  r.patch('/hr-face/checks/:id', {
    schema: {
      tags,
      summary: 'Mark a flagged or blocked face check reviewed',
      params: pathIdParams(),
      response: { 200: replySchema(z.null()), ...errors },
    },
    config: { access: 'read_hr_timecards' },
    handler: async (request) => {
      await markFaceCheckReviewed(db, callerOf(request), request.params.id);
      return ok('Reviewed', null);
    },
  });
}
