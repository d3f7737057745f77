// The timecards, breaks and shifts the HR dashboard reads and the manager's clock action it takes
// (exported by api.ts): hr-dashboard shapes its replies from these rows.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantJoin, tenantScope } from '../../db/columns.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { storesToJoin } from '../organisation/api.ts';
import { peopleToJoin } from '../users/api.ts';
import { dayBounds } from './local-day.ts';
import { hrEmployeeDetails, hrSchedules, hrTimecardBreaks, hrTimecards } from './schema.ts';

const fullName = (person: { first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  sql<string>`${person.first_name} || ' ' || ${person.last_name}`;

/** Only published shifts count (hr_schedules.published_at; null is a draft). */
const onlyPublished = () => isNotNull(hrSchedules.published_at);

/** Published shifts at these stores that overlap the local day `date` of `tz`, by start. */
export const publishedShiftsOfDay = (
  db: Executor,
  companyId: number,
  storeIds: readonly number[],
  date: string,
  tz: string,
) => {
  const day = dayBounds(date, tz);
  return db
    .select({
      id: hrSchedules.id,
      store_id: hrSchedules.store_id,
      user_id: hrSchedules.user_id,
      shift_start: hrSchedules.shift_start,
      shift_end: hrSchedules.shift_end,
    })
    .from(hrSchedules)
    .where(
      and(
        tenantScope(hrSchedules, companyId),
        inArray(hrSchedules.store_id, [...storeIds]),
        lt(hrSchedules.shift_start, day.end),
        gt(hrSchedules.shift_end, day.start),
        onlyPublished(),
      ),
    )
    .orderBy(asc(hrSchedules.shift_start));
};

/** Timecards at these stores that are open, or started on the local day `date` of `tz`, by clock in. */
export const timecardsOfDay = (
  db: Executor,
  companyId: number,
  storeIds: readonly number[],
  date: string,
  tz: string,
) => {
  const day = dayBounds(date, tz);
  return db
    .select({
      id: hrTimecards.id,
      store_id: hrTimecards.store_id,
      user_id: hrTimecards.user_id,
      clock_in: hrTimecards.clock_in,
      clock_out: hrTimecards.clock_out,
    })
    .from(hrTimecards)
    .where(
      and(
        tenantScope(hrTimecards, companyId),
        inArray(hrTimecards.store_id, [...storeIds]),
        sql`(${hrTimecards.clock_out} is null or ${hrTimecards.clock_in} >= ${day.start})`,
      ),
    )
    .orderBy(asc(hrTimecards.clock_in));
};

/** The open (not ended) breaks of these timecards. */
export const openBreaksOf = (db: Executor, companyId: number, timecardIds: readonly number[]) =>
  db
    .select({
      timecard_id: hrTimecardBreaks.timecard_id,
      break_start: hrTimecardBreaks.break_start,
      short_description: hrTimecardBreaks.short_description,
    })
    .from(hrTimecardBreaks)
    .where(
      and(
        tenantScope(hrTimecardBreaks, companyId),
        inArray(hrTimecardBreaks.timecard_id, [...timecardIds]),
        isNull(hrTimecardBreaks.break_end),
      ),
    );

/** A person's published shifts that have not ended and start within 14 days (at most 50). */
export const upcomingShiftsOf = (db: Executor, companyId: number, userId: number) => {
  const store = storesToJoin(db);
  return db
    .select({
      id: hrSchedules.id,
      store_id: hrSchedules.store_id,
      store_name: store.name,
      time_zone: store.time_zone,
      shift_start: hrSchedules.shift_start,
      shift_end: hrSchedules.shift_end,
    })
    .from(hrSchedules)
    .innerJoin(store, tenantJoin(store, hrSchedules.company_id, hrSchedules.store_id))
    .where(
      and(
        tenantScope(hrSchedules, companyId),
        eq(hrSchedules.user_id, userId),
        gte(hrSchedules.shift_end, sql`now()`),
        lt(hrSchedules.shift_start, sql`now() + interval '14 days'`),
        onlyPublished(),
      ),
    )
    .orderBy(asc(hrSchedules.shift_start))
    .limit(50);
};

/**
 * Employees not terminated (at most 1000, by last then first name), with their current store's
 * name, supervisor and pay type; `supervisorId` keeps those who report to that person, `userId` one.
 */
export const activeEmployees = (
  db: Executor,
  companyId: number,
  filter: { supervisorId?: number; userId?: number },
) => {
  const person = peopleToJoin(db);
  const store = storesToJoin(db);
  return db
    .select({
      user_id: person.id,
      name: fullName(person),
      email: person.email,
      store_name: store.name,
      supervisor_id: hrEmployeeDetails.supervisor_id,
      pay_type: hrEmployeeDetails.pay_type,
    })
    .from(hrEmployeeDetails)
    .innerJoin(person, tenantJoin(person, hrEmployeeDetails.company_id, hrEmployeeDetails.user_id))
    .leftJoin(store, tenantJoin(store, person.company_id, person.current_store))
    .where(
      and(
        tenantScope(hrEmployeeDetails, companyId),
        isNull(hrEmployeeDetails.terminated_at),
        filter.supervisorId ? eq(hrEmployeeDetails.supervisor_id, filter.supervisorId) : undefined,
        filter.userId ? eq(hrEmployeeDetails.user_id, filter.userId) : undefined,
      ),
    )
    .orderBy(asc(person.last_name), asc(person.first_name))
    .limit(1000);
};

/** The open timecards of these people: their store's name and whether a break is open. */
export const openTimecardsOf = (db: Executor, companyId: number, userIds: readonly number[]) => {
  const store = storesToJoin(db);
  return db
    .select({
      user_id: hrTimecards.user_id,
      store_name: store.name,
      on_break: sql<boolean>`exists (select 1 from ${hrTimecardBreaks} b where b.company_id = ${hrTimecards.company_id} and b.timecard_id = ${hrTimecards.id} and b.break_end is null)`,
    })
    .from(hrTimecards)
    .innerJoin(store, tenantJoin(store, hrTimecards.company_id, hrTimecards.store_id))
    .where(
      and(
        tenantScope(hrTimecards, companyId),
        inArray(hrTimecards.user_id, [...userIds]),
        isNull(hrTimecards.clock_out),
      ),
    );
};

/** One person's open timecard (undefined when none): store name, clock in and open break's id. */
export async function openTimecardOf(db: Executor, companyId: number, userId: number) {
  const store = storesToJoin(db);
  const [card] = await db
    .select({
      id: hrTimecards.id,
      store_name: store.name,
      clock_in: hrTimecards.clock_in,
      break_id: sql<
        number | null
      >`(select b.id from ${hrTimecardBreaks} b where b.company_id = ${hrTimecards.company_id} and b.timecard_id = ${hrTimecards.id} and b.break_end is null limit 1)`,
    })
    .from(hrTimecards)
    .innerJoin(store, tenantJoin(store, hrTimecards.company_id, hrTimecards.store_id))
    .where(
      and(
        tenantScope(hrTimecards, companyId),
        eq(hrTimecards.user_id, userId),
        isNull(hrTimecards.clock_out),
      ),
    );
  return card;
}

/**
 * Ends a person's open break, or clocks them out (ending any open break), with `note` kept on the
 * break and timecard. Under a lock on the open timecard, like the clock's own actions.
 */
export async function endOpenClock(
  db: Database,
  companyId: number,
  userId: number,
  action: 'end_break' | 'clock_out',
  note: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: hrTimecards.id })
      .from(hrTimecards)
      .where(
        and(
          tenantScope(hrTimecards, companyId),
          eq(hrTimecards.user_id, userId),
          isNull(hrTimecards.clock_out),
        ),
      )
      .for('update');
    if (!card) throw AppError.conflict('This employee is not clocked in');
    const ended = await tx
      .update(hrTimecardBreaks)
      .set({ break_end: sql`now()`, updated_at: sql`now()`, end_comment: note })
      .where(
        and(
          tenantScope(hrTimecardBreaks, companyId),
          eq(hrTimecardBreaks.timecard_id, card.id),
          isNull(hrTimecardBreaks.break_end),
        ),
      )
      .returning({ id: hrTimecardBreaks.id });
    if (action === 'end_break') {
      if (!ended.length) throw AppError.conflict('This employee is not on a break');
      return;
    }
    await tx
      .update(hrTimecards)
      .set({ clock_out: sql`now()`, updated_at: sql`now()`, clock_out_comment: note })
      .where(and(tenantScope(hrTimecards, companyId), eq(hrTimecards.id, card.id)));
  });
}
