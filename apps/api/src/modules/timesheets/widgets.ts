import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WidgetRow } from '@portal/contract/oneview';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { defineWidget, hoursOf, type WidgetScope } from '../../platform/widgets.ts';
import { tenantScope } from '../../db/columns.ts';
import { companyTimecards, getCompanySettings } from '../hr/api.ts';
import { placeNameOf } from '../organisation/api.ts';
import { userNameOf } from '../users/api.ts';
import { addDays, localDate, weekStartOf } from './arithmetic.ts';
import { computeTimesheets } from './compute.ts';
import { hrTimesheetCorrections } from './schema.ts';

type Period = 'today' | 'week';

async function periodOf(db: Executor, companyId: number, timeZone: string, period: Period) {
  const today = localDate(new Date().toISOString(), timeZone);
  if (period === 'today') return { from: today, to: today };
  const settings = await getCompanySettings(db, companyId);
  const from = weekStartOf(today, settings.week_start_day);
  return { from, to: addDays(from, 6) };
}

/** Worked against scheduled hours per person (the timesheets' own figures), people with either. */
async function hoursRows(
  db: Executor,
  ctx: RequestContext,
  period: Period,
  who: { storeIds: number[] } | { userIds: number[] },
  timeZone: string,
): Promise<WidgetRow[]> {
  const range = await periodOf(db, ctx.companyId, timeZone, period);
  if ('storeIds' in who && who.storeIds.length === 0) return [];
  const result = await computeTimesheets(db, ctx.companyId, { ...range, ...who });
  return result.employees
    .filter((e) => e.totals.worked_minutes > 0 || e.totals.scheduled_minutes > 0)
    .map((e) => ({
      user_id: e.user_id,
      name: `${e.first_name} ${e.last_name}`,
      store_name: null,
      detail: `${hoursOf(e.totals.worked_minutes)} h worked of ${hoursOf(e.totals.scheduled_minutes)} h scheduled`,
      worked_hours: hoursOf(e.totals.worked_minutes),
      scheduled_hours: hoursOf(e.totals.scheduled_minutes),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const hoursWidget = (key: string, title: string, period: Period) =>
  defineWidget({
    key,
    title,
    description: `Hours worked against hours scheduled ${period === 'today' ? 'today' : 'this week'}, for the people of the scope`,
    kind: 'hours',
    subject: 'scope',
    permission: 'read_hr_timesheets',
    w: 3,
    h: 3,
    rows: (db, ctx, scope: WidgetScope) =>
      hoursRows(db, ctx, period, { storeIds: scope.storeIds }, scope.timeZone),
  });

/** Timesheet figures as OneView widgets. */
export const timesheetWidgets = [
  hoursWidget('hours_today', 'Hours today', 'today'),
  hoursWidget('hours_week', 'Hours this week', 'week'),
  defineWidget({
    key: 'pending_corrections',
    title: 'Timecard corrections',
    description: 'Correction requests waiting for a decision, on timecards of the scope’s stores',
    kind: 'count',
    subject: 'scope',
    permission: 'read_hr_timesheets',
    needsAction: true,
    w: 3,
    h: 3,
    async rows(db, ctx, scope) {
      if (!scope.storeIds.length) return [];
      const timecard = companyTimecards(db, ctx.companyId);
      const rows = await db
        .select({
          user_id: hrTimesheetCorrections.user_id,
          name: userNameOf(hrTimesheetCorrections.company_id, hrTimesheetCorrections.user_id),
          store_name: placeNameOf('store', hrTimesheetCorrections.company_id, timecard.store_id),
          clock_in: timecard.clock_in,
          time_zone: timecard.time_zone,
          source: hrTimesheetCorrections.source,
        })
        .from(hrTimesheetCorrections)
        .innerJoin(timecard, eq(timecard.id, hrTimesheetCorrections.timecard_id))
        .where(
          and(
            tenantScope(hrTimesheetCorrections, ctx.companyId),
            eq(hrTimesheetCorrections.status, 'pending'),
            inArray(timecard.store_id, scope.storeIds),
          ),
        )
        .orderBy(asc(hrTimesheetCorrections.created_at), asc(hrTimesheetCorrections.id));
      return rows.map((r) => ({
        user_id: r.user_id,
        name: r.name,
        store_name: r.store_name,
        detail: `${r.source === 'auto_clockout' ? 'Auto clock-out' : 'Timecard'} of ${localDate(r.clock_in, r.time_zone)}`,
        worked_hours: null,
        scheduled_hours: null,
      }));
    },
  }),
  defineWidget({
    key: 'my_hours_week',
    title: 'My hours this week',
    description: 'Your hours worked against your hours scheduled this week',
    kind: 'hours',
    subject: 'self',
    permission: 'write_hr_clockin',
    w: 3,
    h: 3,
    rows: (db, ctx, scope) => hoursRows(db, ctx, 'week', { userIds: [ctx.userId] }, scope.timeZone),
  }),
];
