import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { defineJob } from '../../platform/jobs.ts';
import { readSetting } from '../../platform/settings.ts';
import { asCompany, asSystem } from '../../platform/tenant-connection.ts';
import { supervisorsOf } from '../hr/api.ts';
import { notify } from '../notifications/api.ts';
import { namesOf } from '../users/api.ts';
import { acknowledgersOf, recipientsOf, worldOf } from './audience.ts';
import { bulletinEscalations, bulletins } from './schema.ts';
import { escalateToManagerSetting } from './settings.ts';

const DAY_MS = 24 * 3600 * 1000;

const ids = (value: readonly number[] | null) => (Array.isArray(value) ? value : []);

/**
 * One escalation pass as of `now` (issue 18 item 7): for each company's active bulletin with
 * `escalate_after_days` whose current version was published at least that many days ago, each
 * person it reaches who has not acknowledged that version is escalated once to their manager (their
 * supervisor in HR): a bulletin_escalations row, then a notification to the manager naming the
 * person and the bulletin, both in one transaction. A person without a supervisor is left for a
 * later pass. Returns how many people it escalated.
 */
export async function runBulletinEscalation(db: Database, now = Date.now()) {
  const due = await asSystem(() =>
    db
      .select({ company_id: bulletins.company_id, id: bulletins.id })
      .from(bulletins)
      .where(
        and(
          eq(bulletins.is_active, true),
          isNotNull(bulletins.escalate_after_days),
          sql`${bulletins.version_at} + make_interval(days => ${bulletins.escalate_after_days}) <= ${new Date(now).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(bulletins.company_id, bulletins.id),
  );
  const byCompany = new Map<number, number[]>();
  for (const row of due)
    byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row.id]);
  let count = 0;
  for (const [companyId, bulletinIds] of byCompany)
    count += await asCompany(companyId, () =>
      db.transaction((tx) => escalateCompany(tx, companyId, bulletinIds, now)),
    );
  return count;
}

async function escalateCompany(tx: Tx, companyId: number, bulletinIds: number[], now: number) {
  const rows = await tx
    .select()
    .from(bulletins)
    .where(and(tenantScope(bulletins, companyId), inArray(bulletins.id, bulletinIds)))
    .for('update');
  const [world, done, supervisors] = await Promise.all([
    worldOf(tx, companyId),
    acknowledgersOf(tx, companyId, bulletinIds),
    supervisorsOf(tx, companyId),
  ]);
  const names = await namesOf(
    tx,
    companyId,
    world.people.map((person) => person.id),
  );
  // Whether a person's store (or the company, without one) escalates at all: inherited setting.
  const escalates = new Map<number, boolean>();
  const escalatesAt = async (storeId: number | null) => {
    const key = storeId ?? 0;
    let value = escalates.get(key);
    if (value === undefined) {
      value = await readSetting(tx, { companyId }, escalateToManagerSetting, storeId);
      escalates.set(key, value);
    }
    return value;
  };
  let count = 0;
  for (const row of rows) {
    const days = row.escalate_after_days;
    // Re-checked under the lock: a material edit since the first look restarts the clock.
    if (!row.is_active || days === null || Date.parse(row.version_at) + days * DAY_MS > now)
      continue;
    const acknowledgers = done.get(row.id) ?? new Set<number>();
    const late = recipientsOf(
      {
        region_ids: ids(row.region_ids),
        district_ids: ids(row.district_ids),
        store_ids: ids(row.store_ids),
        role_ids: ids(row.role_ids),
        list_ids: ids(row.list_ids),
      },
      world,
    ).filter((person) => !acknowledgers.has(person.id) && supervisors.has(person.id));
    for (let i = late.length - 1; i >= 0; i--)
      if (!(await escalatesAt(late[i]?.store_id ?? null))) late.splice(i, 1);
    if (!late.length) continue;
    const inserted = await tx
      .insert(bulletinEscalations)
      .values(
        late.map((person) => ({
          company_id: companyId,
          bulletin_id: row.id,
          version: row.version,
          user_id: person.id,
          manager_id: supervisors.get(person.id) ?? 0,
        })),
      )
      .onConflictDoNothing()
      .returning({
        user_id: bulletinEscalations.user_id,
        manager_id: bulletinEscalations.manager_id,
      });
    for (const escalation of inserted) {
      const name = names.get(escalation.user_id) ?? `User #${escalation.user_id}`;
      await notify(tx, companyId, {
        kind: 'bulletin.escalated',
        userIds: [escalation.manager_id],
        title: `${name} has not acknowledged a bulletin`,
        body: `${name} has not acknowledged "${row.title}" (version ${row.version}) ${days} ${days === 1 ? 'day' : 'days'} after it was published.`,
        link: `/communications/view/${row.id}`,
        source: { type: 'bulletin', id: row.id },
      });
    }
    count += inserted.length;
  }
  return count;
}

/** Per bulletin, how many people were escalated to their manager (over all its versions). */
export async function escalatedCounts(
  db: Executor,
  companyId: number,
  bulletinIds: readonly number[],
): Promise<Map<number, number>> {
  if (!bulletinIds.length) return new Map();
  const rows = await db
    .select({
      bulletin_id: bulletinEscalations.bulletin_id,
      n: sql<number>`count(distinct ${bulletinEscalations.user_id})::int`,
    })
    .from(bulletinEscalations)
    .where(
      and(
        tenantScope(bulletinEscalations, companyId),
        inArray(bulletinEscalations.bulletin_id, [...bulletinIds]),
      ),
    )
    .groupBy(bulletinEscalations.bulletin_id);
  return new Map(rows.map((row) => [row.bulletin_id, Number(row.n)]));
}

/** The escalation as a platform job (platform/jobs.ts), every hour by default. */
export const bulletinEscalationJob = (intervalSeconds = 3600) =>
  defineJob({
    name: 'communications.bulletin_escalation',
    intervalSeconds,
    retries: 1,
    async handler({ db, log }) {
      const count = await runBulletinEscalation(db);
      if (count) log.info({ count }, 'escalated unacknowledged bulletins to managers');
    },
  });
