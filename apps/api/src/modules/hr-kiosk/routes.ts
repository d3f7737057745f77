import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import {
  kioskDeviceRequestSchema,
  kioskIdentifyRequestSchema,
  kioskPersonSchema,
  kioskPunchRequestSchema,
  kioskPunchResultSchema,
  kioskStateSchema,
} from '@portal/contract/hr-kiosk';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';
import { deviceFromToken, identify, kioskState, punch } from './kiosk.ts';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  /** The store's face check wants a photo (faceAuthPending). */
  428: errorReplySchema,
  429: errorReplySchema,
  460: errorReplySchema,
};
const tags = ['HR kiosk'];

/** Wrong-PIN limits answer 429 with Retry-After, as failed sign-ins do. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const seconds = error instanceof AppError ? error.data?.retry_after : undefined;
    if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
    throw error;
  }
}

/**
 * The shared store device: managers enrol, list and revoke kiosks on the engine (kioskService);
 * the kiosk's own calls are public routes authenticated by the device credential in the body, and each person
 * at the kiosk by their mobile PIN.
 */
export function kioskRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/hr-kiosk/state', {
    schema: {
      tags,
      summary: "The kiosk's store, clock and staff",
      body: kioskDeviceRequestSchema,
      response: { 200: replySchema(kioskStateSchema), ...errors },
    },
    config: { access: 'public' },
    handler: async (request) =>
      ok('', await kioskState(db, await deviceFromToken(db, request.body.device_token))),
  });

  r.post('/hr-kiosk/identify', {
    schema: {
      tags,
      summary: 'Who is at the kiosk (mobile PIN), with their clock session and the breaks',
      body: kioskIdentifyRequestSchema,
      response: { 200: replySchema(kioskPersonSchema), ...errors },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { device_token, ...who } = request.body;
      const device = await deviceFromToken(db, device_token);
      return ok('', await withRetryAfter(reply, () => identify(db, device, who)));
    },
  });

  r.post('/hr-kiosk/punch', {
    schema: {
      tags,
      summary: 'Clock in, start or end a break, or clock out at the kiosk',
      body: kioskPunchRequestSchema,
      response: { 200: replySchema(kioskPunchResultSchema), ...errors },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const device = await deviceFromToken(db, request.body.device_token);
      const { message, result } = await withRetryAfter(reply, () =>
        punch(db, device, request.body),
      );
      return ok(message, result);
    },
  });
}
