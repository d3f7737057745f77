import { and, desc, eq, sql } from 'drizzle-orm';
import {
  bulletinChannelsSchema,
  bulletinMessages,
  defaultCommunicationSettings,
  bulletins as bulletinResource,
  type BoardBulletin,
  type BulletinAckMode,
  type BulletinQuestion,
  type BulletinVersion,
} from '@portal/contract/communications';
import type { FieldErrors } from '@portal/contract/envelope';
import { tenantScope } from '../../db/columns.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService, type Row } from '../../platform/resources/service.ts';
import { readSetting } from '../../platform/settings.ts';
import { notify } from '../notifications/api.ts';
import { orgTreeOf } from '../organisation/api.ts';
import { companyRolesAndStores, namesOf } from '../users/api.ts';
import { acknowledgersOf, reaches, recipientsOf, worldOf, type Audience } from './audience.ts';
import { escalatedCounts } from './escalation.ts';
import { unknownLists } from './lists.ts';
import { questionErrors } from './questions.ts';
import { assertMayPublish, defaultChannelsSetting } from './settings.ts';
import { bulletinAcknowledgements, bulletins, bulletinVersions } from './schema.ts';

type BulletinRow = typeof bulletins.$inferSelect;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
const audienceOf = (row: Row | BulletinRow): Audience & { id: number } => ({
  id: row.id,
  region_ids: ids(row.region_ids),
  district_ids: ids(row.district_ids),
  store_ids: ids(row.store_ids),
  role_ids: ids(row.role_ids),
  list_ids: ids(row.list_ids),
});

/**
 * The questions fit the mode (one to three for 'questions') and each answer is among its
 * choices; the audience names the company's regions, districts, stores, active roles and
 * recipient lists (400).
 */
async function check(
  tx: Tx,
  ctx: RequestContext,
  companyId: number,
  value: {
    ack_mode: BulletinAckMode;
    questions: BulletinQuestion[];
  } & Audience,
) {
  const errors: FieldErrors = questionErrors(value);
  const org = await orgTreeOf(tx, companyId);
  const unknown = (field: keyof Audience, known: { id: number }[], label: string) => {
    const bad = value[field].filter((id) => !known.some((row) => row.id === id));
    if (bad.length) errors[field] = [`Unknown ${label}: ${bad.join(', ')}`];
  };
  unknown('region_ids', org.regions, 'region');
  unknown('district_ids', org.districts, 'district');
  unknown('store_ids', org.stores, 'store');
  if (value.role_ids.length) {
    const { roles } = await companyRolesAndStores(tx, { ...ctx, companyId });
    unknown('role_ids', roles, 'role');
  }
  const lists = await unknownLists(tx, companyId, value.list_ids);
  if (lists.length) errors.list_ids = [`Unknown list: ${lists.join(', ')}`];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
}

/**
 * Keeps the version's snapshot: a new row for a new version, a minor edit corrects the current one.
 * Returns whether the version is new (a publication or a material edit).
 */
async function snapshot(tx: Tx, row: Row, userId: number): Promise<boolean> {
  const [known] = await tx
    .select({ id: bulletinVersions.id })
    .from(bulletinVersions)
    .where(
      and(
        tenantScope(bulletinVersions, Number(row.company_id)),
        eq(bulletinVersions.bulletin_id, row.id),
        eq(bulletinVersions.version, Number(row.version)),
      ),
    );
  const values = {
    title: String(row.title),
    body: String(row.body),
    questions: (row.questions ?? []) as BulletinQuestion[],
  };
  await tx
    .insert(bulletinVersions)
    .values({
      company_id: Number(row.company_id),
      bulletin_id: row.id,
      version: Number(row.version),
      created_by: userId,
      ...values,
    })
    .onConflictDoUpdate({
      target: [bulletinVersions.company_id, bulletinVersions.bulletin_id, bulletinVersions.version],
      set: values,
    });
  return !known;
}

/**
 * Announces a new version to the people it reaches (the writer left out) on the bulletin's
 * channels, each person's choices for "bulletin.published" still applying; every notification and
 * delivery names the bulletin (its sender's counts at /communications/notifications).
 */
async function announce(tx: Tx, row: Row, ctx: RequestContext) {
  const parsed = bulletinChannelsSchema.safeParse(row.channels);
  const channels = parsed.success ? parsed.data : defaultCommunicationSettings.channels;
  if (!channels.in_app && !channels.mail && !channels.sms) return;
  const companyId = Number(row.company_id);
  const world = await worldOf(tx, companyId);
  const userIds = recipientsOf(audienceOf(row), world)
    .map((person) => person.id)
    .filter((userId) => userId !== ctx.userId);
  const title = String(row.title);
  await notify(tx, companyId, {
    kind: 'bulletin.published',
    userIds,
    title: Number(row.version) > 1 ? `Bulletin updated: ${title}` : `New bulletin: ${title}`,
    body:
      row.ack_mode === 'questions'
        ? 'Read it and answer its questions on the bulletin board.'
        : 'Read it and acknowledge it on the bulletin board.',
    link: '/communications/bulletin-board',
    channels,
    source: { type: 'bulletin', id: row.id },
  });
}

/** Bulletins on the engine: versions on material edits, the audience's counts on every row. */
export const bulletinService = createResourceService({
  definition: bulletinResource,
  table: bulletins,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx, tx) {
      await assertMayPublish(tx, ctx);
      await check(tx, ctx, ctx.companyId, input);
      return {
        ...input,
        channels: input.channels ?? (await readSetting(tx, ctx, defaultChannelsSetting)),
        questions: input.ack_mode === 'questions' ? input.questions : [],
        created_by: ctx.userId,
        version: 1,
        version_at: new Date().toISOString(),
      };
    },
    async beforeUpdate(input, existing, ctx, tx) {
      const { material, ...changes } = input;
      const merged = {
        ack_mode: (changes.ack_mode ?? existing.ack_mode) as BulletinAckMode,
        questions: changes.questions ?? (existing.questions as BulletinQuestion[]),
        ...audienceOf({ ...existing, ...changes }),
      };
      await check(tx, ctx, Number(existing.company_id), merged);
      const values: Record<string, unknown> = { ...changes };
      if (merged.ack_mode === 'read') values.questions = [];
      if (material) {
        await assertMayPublish(tx, ctx);
        values.version = Number(existing.version) + 1;
        values.version_at = new Date().toISOString();
      }
      return values;
    },
    async afterWrite(row, _input, ctx, tx) {
      if (await snapshot(tx, row, ctx.userId)) await announce(tx, row, ctx);
    },
    async decorate(rows, _ctx, db) {
      const byCompany = new Map<number, Row[]>();
      for (const row of rows) {
        const companyId = Number(row.company_id);
        byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), row]);
      }
      for (const [companyId, list] of byCompany) {
        const world = await worldOf(db, companyId);
        const listIds = list.map((row) => row.id);
        const done = await acknowledgersOf(db, companyId, listIds);
        const escalated = await escalatedCounts(db, companyId, listIds);
        for (const row of list) {
          const reached = recipientsOf(audienceOf(row), world);
          const acknowledgers = done.get(row.id) ?? new Set<number>();
          row.recipients = reached.length;
          row.acknowledged = reached.filter((person) => acknowledgers.has(person.id)).length;
          row.escalated = escalated.get(row.id) ?? 0;
        }
      }
    },
  },
});

/** A bulletin's versions, newest first, with how many acknowledged each. */
export async function versionsOf(
  db: Executor,
  companyId: number,
  bulletinId: number,
): Promise<BulletinVersion[]> {
  const counts = db
    .select({
      version: bulletinAcknowledgements.version,
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(bulletinAcknowledgements)
    .where(
      and(
        tenantScope(bulletinAcknowledgements, companyId),
        eq(bulletinAcknowledgements.bulletin_id, bulletinId),
      ),
    )
    .groupBy(bulletinAcknowledgements.version)
    .as('counts');
  const rows = await db
    .select({
      version: bulletinVersions.version,
      title: bulletinVersions.title,
      body: bulletinVersions.body,
      questions: bulletinVersions.questions,
      created_at: bulletinVersions.created_at,
      created_by: bulletinVersions.created_by,
      acknowledged: sql<number>`coalesce(${counts.n}, 0)`,
    })
    .from(bulletinVersions)
    .leftJoin(counts, eq(counts.version, bulletinVersions.version))
    .where(
      and(tenantScope(bulletinVersions, companyId), eq(bulletinVersions.bulletin_id, bulletinId)),
    )
    .orderBy(desc(bulletinVersions.version));
  const names = await namesOf(
    db,
    companyId,
    rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])),
  );
  return rows.map((row) => ({
    version: row.version,
    title: row.title,
    body: row.body,
    question_count: row.questions.length,
    created_at: row.created_at,
    created_by_name: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    acknowledged: Number(row.acknowledged),
  }));
}

const boardOut = (
  row: BulletinRow,
  last: { version: number; at: string } | undefined,
): BoardBulletin => ({
  id: row.id,
  title: row.title,
  body: row.body,
  ack_mode: row.ack_mode === 'questions' ? 'questions' : 'read',
  questions: row.questions.map(({ question, choices }) => ({ question, choices })),
  version: row.version,
  version_at: row.version_at,
  acknowledged_version: last?.version ?? null,
  acknowledged_at: last?.at ?? null,
  pending: last?.version !== row.version,
});

/** The caller's bulletins (active ones that reach them), the ones waiting for them first. */
export async function boardOf(db: Executor, ctx: RequestContext): Promise<BoardBulletin[]> {
  const [active, world, mine] = await Promise.all([
    db
      .select()
      .from(bulletins)
      .where(and(tenantScope(bulletins, ctx), eq(bulletins.is_active, true)))
      .orderBy(desc(bulletins.version_at), desc(bulletins.id)),
    worldOf(db, ctx.companyId),
    db
      .select({
        bulletin_id: bulletinAcknowledgements.bulletin_id,
        version: bulletinAcknowledgements.version,
        at: bulletinAcknowledgements.created_at,
      })
      .from(bulletinAcknowledgements)
      .where(
        and(
          tenantScope(bulletinAcknowledgements, ctx),
          eq(bulletinAcknowledgements.user_id, ctx.userId),
        ),
      )
      .orderBy(bulletinAcknowledgements.version),
  ]);
  const last = new Map(mine.map((row) => [row.bulletin_id, row]));
  const board = active
    .filter((row) => reaches(audienceOf(row), world, ctx.userId))
    .map((row) => boardOut(row, last.get(row.id)));
  return [...board.filter((row) => row.pending), ...board.filter((row) => !row.pending)];
}

/**
 * The caller acknowledges the version they read: 404 when the bulletin does not reach them, 409
 * when a newer version is out or this one is already acknowledged, 400 when a check question's
 * answer is missing or wrong (nothing written).
 */
export async function acknowledge(
  db: Database,
  ctx: RequestContext,
  bulletinId: number,
  input: { version: number; answers: number[] },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bulletins)
      .where(and(tenantScope(bulletins, ctx), eq(bulletins.id, bulletinId)))
      .for('update');
    const world = row ? await worldOf(tx, ctx.companyId) : null;
    if (!row || !row.is_active || !world || !reaches(audienceOf(row), world, ctx.userId))
      throw AppError.notFound('Bulletin');
    if (input.version !== row.version)
      throw AppError.conflict(bulletinMessages.versionChanged, { version: row.version });
    if (row.ack_mode === 'questions') {
      const errors: FieldErrors = {};
      row.questions.forEach((question, index) => {
        const answer = input.answers[index];
        if (answer === undefined) errors[`answers.${index}`] = [bulletinMessages.answersNeeded];
        else if (answer !== question.answer)
          errors[`answers.${index}`] = [bulletinMessages.wrongAnswers];
      });
      if (Object.keys(errors).length) {
        const missing = Object.values(errors).some((e) => e[0] === bulletinMessages.answersNeeded);
        throw AppError.badRequest(
          missing ? bulletinMessages.answersNeeded : bulletinMessages.wrongAnswers,
          errors,
        );
      }
    }
    const [done] = await tx
      .insert(bulletinAcknowledgements)
      .values({
        company_id: ctx.companyId,
        bulletin_id: row.id,
        version: row.version,
        user_id: ctx.userId,
      })
      .onConflictDoNothing()
      .returning({ at: bulletinAcknowledgements.created_at });
    if (!done) throw AppError.conflict(bulletinMessages.alreadyAcknowledged);
    return { bulletin_id: row.id, version: row.version, acknowledged_at: done.at };
  });
}

/** The active bulletins (or one, 404 when not the company's) whose rates a manager reads. */
export async function bulletinsForRates(db: Executor, ctx: RequestContext, bulletinId?: number) {
  const rows = await db
    .select()
    .from(bulletins)
    .where(
      and(
        tenantScope(bulletins, ctx),
        bulletinId === undefined ? eq(bulletins.is_active, true) : eq(bulletins.id, bulletinId),
      ),
    );
  if (bulletinId !== undefined && !rows.length) throw AppError.notFound('Bulletin');
  return rows.map(audienceOf);
}
