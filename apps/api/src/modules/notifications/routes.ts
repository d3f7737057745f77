import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import {
  NOTIFICATION_PREFERENCES_PATH,
  notificationListQuerySchema,
  notificationListSchema,
  notificationMessages as messages,
  notificationKinds,
  notificationPreferencesSchema,
  NOTIFICATIONS_PATH,
  notificationSchema,
  putNotificationPreferencesSchema,
  unreadCountSchema,
  type Notification,
} from '@portal/contract/notifications';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { notifications } from './schema.ts';

const tags = ['Notifications'];
type Row = typeof notifications.$inferSelect;
const rowOut = (row: Row): Notification => ({
  id: row.id,
  kind: notificationKinds.find((kind) => kind === row.kind) ?? 'ticket.status_changed',
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.read_at,
  created_at: row.created_at,
});

/** The caller's own notifications: every query is theirs alone. */
const mine = (ctx: RequestContext) =>
  and(tenantScope(notifications, ctx), eq(notifications.user_id, ctx.userId));

async function unreadOf(db: Executor, ctx: RequestContext) {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(mine(ctx), isNull(notifications.read_at)));
  return Number(row?.total ?? 0);
}

export function notificationRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(NOTIFICATIONS_PATH, {
    schema: {
      tags,
      summary: 'The caller’s notifications, newest first, with the unread count',
      querystring: notificationListQuerySchema,
      response: { 200: replySchema(notificationListSchema), ...errorReplies(400, 460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const { page, perPage, unread } = request.query;
      const where = and(mine(ctx), unread === 'true' ? isNull(notifications.read_at) : undefined);
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.id))
        .limit(perPage)
        .offset(page * perPage);
      const [total] = await db.select({ total: count() }).from(notifications).where(where);
      return ok('', {
        results: rows.map(rowOut),
        total: Number(total?.total ?? 0),
        unread: await unreadOf(db, ctx),
      });
    },
  });

  r.get(`${NOTIFICATIONS_PATH}/unread-count`, {
    schema: {
      tags,
      summary: 'How many of the caller’s notifications are unread (the bell)',
      response: { 200: replySchema(unreadCountSchema), ...errorReplies(460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => ok('', { unread: await unreadOf(db, callerOf(request)) }),
  });

  r.post(`${NOTIFICATIONS_PATH}/read-all`, {
    schema: {
      tags,
      summary: 'Mark all the caller’s notifications read',
      response: { 200: replySchema(unreadCountSchema), ...errorReplies(460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await db
        .update(notifications)
        .set({ read_at: sql`now()`, updated_at: sql`now()` })
        .where(and(mine(ctx), isNull(notifications.read_at)));
      return ok(messages.allRead, { unread: 0 });
    },
  });

  r.get(`${NOTIFICATIONS_PATH}/:id`, {
    schema: {
      tags,
      summary: 'One of the caller’s notifications',
      params: idParamsSchema,
      response: { 200: replySchema(notificationSchema), ...errorReplies(400, 404, 460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(mine(ctx), eq(notifications.id, request.params.id)));
      if (!row) throw AppError.notFound('Notification');
      return ok('', rowOut(row));
    },
  });

  r.post(`${NOTIFICATIONS_PATH}/:id/read`, {
    schema: {
      tags,
      summary: 'Mark one of the caller’s notifications read',
      params: idParamsSchema,
      response: { 200: replySchema(notificationSchema), ...errorReplies(400, 404, 460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      const [row] = await db
        .update(notifications)
        .set({ read_at: sql`coalesce(${notifications.read_at}, now())`, updated_at: sql`now()` })
        .where(and(mine(ctx), eq(notifications.id, request.params.id)))
        .returning();
      if (!row) throw AppError.notFound('Notification');
      return ok(messages.read, rowOut(row));
    },
  });

  r.get(NOTIFICATION_PREFERENCES_PATH, {
    schema: {
      tags,
      summary: 'Which kinds reach the caller in the app, by mail and by SMS',
      response: { 200: replySchema(notificationPreferencesSchema), ...errorReplies(460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      return ok('', await preferencesOf(db, ctx.companyId, ctx.userId));
    },
  });

  r.put(NOTIFICATION_PREFERENCES_PATH, {
    schema: {
      tags,
      summary: 'Choose which kinds reach the caller in the app, by mail and by SMS',
      body: putNotificationPreferencesSchema,
      response: { 200: replySchema(notificationPreferencesSchema), ...errorReplies(400, 460) },
    },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const ctx = callerOf(request);
      await db.transaction((tx) => savePreferences(tx, ctx.companyId, ctx.userId, request.body));
      return ok(messages.saved, await preferencesOf(db, ctx.companyId, ctx.userId));
    },
  });
}
