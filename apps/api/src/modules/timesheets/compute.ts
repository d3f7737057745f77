import { and, inArray } from 'drizzle-orm';
import type { TimesheetResult, TimesheetTotals } from '@portal/contract/hr-timesheets';
import type { Executor } from '../../platform/database.ts';
import { storesToJoin } from '../organisation/api.ts';
import { peopleToJoin } from '../users/api.ts';
import {
  currentStaff,
  getCompanySettings,
  peopleAtStoresWithin,
  punchesWithin,
} from '../hr/api.ts';
import {
  addDays,
  addTotals,
  employeeDays,
  weekStartOf,
  zeroTotals,
  type OvertimeRules,
  type PlannedShift,
  type PunchBreak,
  type PunchCard,
} from './arithmetic.ts';
import { tenantScope } from '../../db/columns.ts';

export interface TimesheetQuery {
  /** YYYY-MM-DD, inclusive, local dates of the stores */
  from: string;
  /** YYYY-MM-DD, inclusive */
  to: string;
  /** only these employees */
  userIds?: number[];
  /** only employees who worked or were scheduled at these stores (their figures cover all stores) */
  storeIds?: number[];
  /**
   * Also list, with zeros, the company's current employees (an HR record, not terminated, active)
   * who have no hours in the range (not with `storeIds`): the timesheet shows everyone on staff.
   */
  withIdleStaff?: boolean;
}

export type { TimesheetResult, TimesheetTotals };

/**
 * Timesheets of a company for a range of local dates: per employee, per day (the store's local date
 * on which each timecard started), worked minutes (clock span minus unpaid breaks), paid and
 * unpaid break minutes, regular and overtime minutes (daily and weekly thresholds of the company's
 * HR settings, never counting a minute twice), late minutes against the shift, missed punches
 * (a published shift that ended without a timecard, or a clock-out the auto clock-out made and
 * nobody corrected), plus totals. Open timecards count up to now. The week before `from` is read
 * too, so weekly overtime of a range starting mid-week is right. Every query is scoped to
 * `companyId`; the caller checks who may see whom.
 */
export async function computeTimesheets(
  db: Executor,
  companyId: number,
  query: TimesheetQuery,
  now: Date = new Date(),
): Promise<TimesheetResult> {
  const settings = await getCompanySettings(db, companyId);
  const rules: OvertimeRules = {
    dailyMinutes: settings.overtime_daily_minutes,
    weeklyMinutes: settings.overtime_weekly_minutes,
    weekStartDay: settings.week_start_day,
  };
  // Local dates span UTC offsets of -12..+14 hours: one day of margin each side.
  const windowStart = `${addDays(weekStartOf(query.from, rules.weekStartDay), -1)}T00:00:00Z`;
  const windowEnd = `${addDays(query.to, 2)}T00:00:00Z`;

  let userIds = query.userIds;
  if (query.storeIds?.length) {
    const atStores = await peopleAtStoresWithin(db, companyId, query.storeIds, {
      from: windowStart,
      to: windowEnd,
    });
    userIds = (userIds ?? [...atStores]).filter((id) => atStores.has(id));
  }
  if (userIds && userIds.length === 0) {
    return { from: query.from, to: query.to, stores: [], employees: [], totals: zeroTotals() };
  }

  const {
    cards: cardRows,
    breaks: breakRows,
    shifts: shiftRows,
    mandatory: mandatoryRows,
  } = await punchesWithin(db, companyId, { from: windowStart, to: windowEnd, userIds });

  const breaksByCard = new Map<number, PunchBreak[]>();
  for (const { timecard_id, ...b } of breakRows) {
    const list = breaksByCard.get(timecard_id) ?? [];
    list.push(b);
    breaksByCard.set(timecard_id, list);
  }
  const perUser = new Map<number, { cards: PunchCard[]; shifts: PlannedShift[] }>();
  const entry = (userId: number) => {
    let e = perUser.get(userId);
    if (!e) {
      e = { cards: [], shifts: [] };
      perUser.set(userId, e);
    }
    return e;
  };
  for (const card of cardRows)
    entry(card.user_id).cards.push({ ...card, breaks: breaksByCard.get(card.id) ?? [] });
  for (const shift of shiftRows) entry(shift.user_id).shifts.push(shift);
  const mandatoryBreaks = new Map(mandatoryRows.map((r) => [r.store_id, Number(r.n)]));

  const idle =
    query.withIdleStaff && !query.storeIds?.length
      ? await currentStaff(db, companyId, { userIds, withRecordOnly: true })
      : [];
  const listedIdle = new Set(idle.map((row) => row.id).filter((id) => !perUser.has(id)));
  const ids = [...perUser.keys(), ...listedIdle];
  const person = peopleToJoin(db, 'person', companyId);
  const people = ids.length
    ? await db
        .select({
          id: person.id,
          first_name: person.first_name,
          last_name: person.last_name,
          email: person.email,
        })
        .from(person)
        .where(inArray(person.id, ids))
    : [];

  const nowMs = now.getTime();
  const total = zeroTotals();
  const storeIds = new Set<number>();
  const employees = people
    .map((person) => {
      const input = perUser.get(person.id) ?? { cards: [], shifts: [] };
      const days = employeeDays({ ...input, mandatoryBreaks }, rules, nowMs).filter(
        (d) => d.date >= query.from && d.date <= query.to,
      );
      const totals = zeroTotals();
      for (const d of days) {
        addTotals(totals, d);
        for (const c of d.cards) storeIds.add(c.store_id);
        for (const m of d.missed_shifts) storeIds.add(m.store_id);
      }
      addTotals(total, totals);
      return { user_id: person.id, ...personName(person), days, totals };
    })
    .filter((e) => e.days.length > 0 || listedIdle.has(e.user_id))
    .sort(
      (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
    );
  const store = storesToJoin(db);
  const storeRows = storeIds.size
    ? await db
        .select({ id: store.id, name: store.name, time_zone: store.time_zone })
        .from(store)
        .where(and(tenantScope(store, companyId), inArray(store.id, [...storeIds])))
    : [];
  return { from: query.from, to: query.to, stores: storeRows, employees, totals: total };
}

const personName = (p: { first_name: string; last_name: string; email: string }) => ({
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
});
