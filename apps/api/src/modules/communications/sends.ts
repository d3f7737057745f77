import { and, count, desc, eq, gte, ilike, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulletinChannelsSchema,
  bulletinSendDetailSchema,
  bulletinSendQuerySchema,
  bulletinSendSchema,
  defaultCommunicationSettings,
  type BulletinSend,
  type BulletinSendDetail,
  type ChannelCounts,
} from '@portal/contract/communications';
import { listDataSchema, replySchema } from '@portal/contract/envelope';
import { idParamsSchema } from '@portal/contract/list-query';
import { tenantScope } from '../../db/columns.ts';
import { callerOf } from '../../platform/access.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { errorReplies, ok } from '../../platform/reply.ts';
import { tallyByPerson, tallyBySource, type SourceTally } from '../notifications/api.ts';
import { namesOf } from '../users/api.ts';
import { acknowledgersOf, recipientsOf, worldOf } from './audience.ts';
import { escalatedCounts } from './escalation.ts';
import { bulletinAcknowledgements, bulletinEscalations, bulletins } from './schema.ts';

type BulletinRow = typeof bulletins.$inferSelect;
const SOURCE = 'bulletin';
const KIND = 'bulletin.published';
const none: ChannelCounts = { total: 0, queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 };
const audienceOf = (row: BulletinRow) => ({
  region_ids: row.region_ids,
  district_ids: row.district_ids,
  store_ids: row.store_ids,
  role_ids: row.role_ids,
  list_ids: row.list_ids,
});

/** A bulletin's counts: whom it reaches now, who acknowledged, and what each channel did. */
async function sendsOf(db: Executor, companyId: number, rows: BulletinRow[]) {
  const ids = rows.map((row) => row.id);
  const [world, done, escalated, tallies] = await Promise.all([
    worldOf(db, companyId),
    acknowledgersOf(db, companyId, ids),
    escalatedCounts(db, companyId, ids),
    tallyBySource(db, companyId, { type: SOURCE, kind: KIND, ids }),
  ]);
  return rows.map((row) => {
    const reached = recipientsOf(audienceOf(row), world);
    const acknowledgers = done.get(row.id) ?? new Set<number>();
    const tally: SourceTally | undefined = tallies.get(row.id);
    const channels = bulletinChannelsSchema.safeParse(row.channels);
    const send: BulletinSend = {
      id: row.id,
      title: row.title,
      version: row.version,
      version_at: row.version_at,
      is_active: row.is_active,
      channels: channels.success ? channels.data : defaultCommunicationSettings.channels,
      recipients: reached.length,
      acknowledged: reached.filter((person) => acknowledgers.has(person.id)).length,
      escalated: escalated.get(row.id) ?? 0,
      in_app: tally?.in_app ?? none,
      mail: tally?.mail ?? none,
      sms: tally?.sms ?? none,
    };
    return { send, reached };
  });
}

/** The company's bulletins, newest publication first, with what they sent (one page). */
export async function listSends(
  db: Executor,
  ctx: RequestContext,
  query: { page: number; perPage: number; search?: string; from?: string; to?: string },
) {
  const where = and(
    tenantScope(bulletins, ctx),
    query.search
      ? ilike(bulletins.title, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
    query.from ? gte(bulletins.version_at, sql`${query.from}::date`) : undefined,
    query.to ? lt(bulletins.version_at, sql`${query.to}::date + 1`) : undefined,
  );
  const rows = await db
    .select()
    .from(bulletins)
    .where(where)
    .orderBy(desc(bulletins.version_at), desc(bulletins.id))
    .limit(query.perPage)
    .offset(query.page * query.perPage);
  const [total] = await db.select({ total: count() }).from(bulletins).where(where);
  const results = (await sendsOf(db, ctx.companyId, rows)).map(({ send }) => send);
  return { results, total: Number(total?.total ?? 0) };
}

/**
 * One bulletin's sending, person by person: everyone it reaches now and anyone it notified
 * before (moved away since), with what each channel did, the acknowledgement of the current
 * version and whether they were escalated. 404 when it is not the caller's company's.
 */
export async function sendDetail(
  db: Executor,
  ctx: RequestContext,
  id: number,
): Promise<BulletinSendDetail> {
  const [row] = await db
    .select()
    .from(bulletins)
    .where(and(tenantScope(bulletins, ctx), eq(bulletins.id, id)));
  if (!row) throw AppError.notFound('Bulletin');
  const [one] = await sendsOf(db, ctx.companyId, [row]);
  if (!one) throw AppError.notFound('Bulletin');
  const [people, acks, escalations] = await Promise.all([
    tallyByPerson(db, ctx.companyId, { type: SOURCE, kind: KIND, id }),
    db
      .select({
        user_id: bulletinAcknowledgements.user_id,
        at: bulletinAcknowledgements.created_at,
      })
      .from(bulletinAcknowledgements)
      .where(
        and(
          tenantScope(bulletinAcknowledgements, ctx),
          eq(bulletinAcknowledgements.bulletin_id, id),
          eq(bulletinAcknowledgements.version, row.version),
        ),
      ),
    db
      .selectDistinct({ user_id: bulletinEscalations.user_id })
      .from(bulletinEscalations)
      .where(and(tenantScope(bulletinEscalations, ctx), eq(bulletinEscalations.bulletin_id, id))),
  ]);
  const ackAt = new Map(acks.map((ack) => [ack.user_id, ack.at]));
  const escalated = new Set(escalations.map((e) => e.user_id));
  const names = new Map(one.reached.map((person) => [person.id, person.name]));
  const gone = [...people.keys()].filter((userId) => !names.has(userId));
  for (const [userId, name] of await namesOf(db, ctx.companyId, gone)) names.set(userId, name);
  const userIds = [...new Set([...one.reached.map((person) => person.id), ...gone])];
  return {
    ...one.send,
    people: userIds
      .map((userId) => {
        const tally = people.get(userId);
        return {
          id: userId,
          name: names.get(userId) ?? `User #${userId}`,
          in_app: tally?.in_app ?? null,
          mail: tally?.mail ?? null,
          sms: tally?.sms ?? null,
          acknowledged_at: ackAt.get(userId) ?? null,
          escalated: escalated.has(userId),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** GET /communications/notifications and /communications/notifications/{id} (read_bulletins). */
export function sendRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Communications'];
  r.get('/communications/notifications', {
    schema: {
      tags,
      summary:
        'What each bulletin sent: to how many, read, delivered and acknowledged per channel (newest publication first)',
      querystring: bulletinSendQuerySchema,
      response: { 200: replySchema(listDataSchema(bulletinSendSchema)), ...errorReplies(400, 403) },
    },
    config: { access: 'read_bulletins' },
    handler: async (request) => ok('', await listSends(db, callerOf(request), request.query)),
  });
  r.get('/communications/notifications/:id', {
    schema: {
      tags,
      summary: 'One bulletin’s sending, person by person',
      params: idParamsSchema,
      response: { 200: replySchema(bulletinSendDetailSchema), ...errorReplies(403, 404) },
    },
    config: { access: 'read_bulletins' },
    handler: async (request) => ok('', await sendDetail(db, callerOf(request), request.params.id)),
  });
}
