import { hoursOf, type PayrollRow, type TimesheetResult } from '@portal/contract/hr-timesheets';
import type { Executor } from '../../platform/database.ts';
import { storePlacesOf } from '../organisation/api.ts';
import { formatInZone } from '@portal/contract/hr';
import { computeTimesheets } from './compute.ts';

/**
 * HR reports, all from computeTimesheets so they add up with the timesheet screen: hours by
 * employee, store, district or region; overtime days; breaks against mandatory breaks; late
 * arrivals; the payroll rows. Rows are flat records of strings and numbers (minutes), which the web
 * app's report definitions turn into table columns.
 */
export type ReportRecord = Record<string, string | number | null>;

const fullName = (e: { first_name: string; last_name: string }) => `${e.first_name} ${e.last_name}`;

interface Sums {
  worked_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  paid_break_minutes: number;
  unpaid_break_minutes: number;
  late_minutes: number;
  employees: Set<number>;
}
const emptySums = (): Sums => ({
  worked_minutes: 0,
  regular_minutes: 0,
  overtime_minutes: 0,
  paid_break_minutes: 0,
  unpaid_break_minutes: 0,
  late_minutes: 0,
  employees: new Set(),
});

async function storePlaces(db: Executor, companyId: number, storeIds: number[]) {
  if (storeIds.length === 0)
    return new Map<
      number,
      {
        store: string;
        district: string | null;
        district_id: number | null;
        region: string | null;
        region_id: number | null;
      }
    >();
  const rows = await storePlacesOf(db, companyId, storeIds);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        store: r.name,
        district_id: r.district_id,
        district: r.district_name,
        region_id: r.region_id,
        region: r.region_name,
      },
    ]),
  );
}

/** Hours grouped by employee, store, district or region, summed from each timecard's figures. */
export async function hoursReport(
  db: Executor,
  companyId: number,
  range: { from: string; to: string },
  group: 'employee' | 'store' | 'district' | 'region',
): Promise<ReportRecord[]> {
  const sheet = await computeTimesheets(db, companyId, range);
  if (group === 'employee') {
    return sheet.employees.map((e) => ({
      key: String(e.user_id),
      name: fullName(e),
      email: e.email,
      days_worked: e.days.filter((d) => d.cards.length > 0).length,
      worked_minutes: e.totals.worked_minutes,
      regular_minutes: e.totals.regular_minutes,
      overtime_minutes: e.totals.overtime_minutes,
      paid_break_minutes: e.totals.paid_break_minutes,
      unpaid_break_minutes: e.totals.unpaid_break_minutes,
      late_minutes: e.totals.late_minutes,
      missed_punches: e.totals.missed_punches,
    }));
  }
  const places = await storePlaces(
    db,
    companyId,
    sheet.stores.map((s) => s.id),
  );
  const groups = new Map<string, { name: string; sums: Sums }>();
  for (const e of sheet.employees)
    for (const d of e.days)
      for (const c of d.cards) {
        const place = places.get(c.store_id);
        const [key, name] =
          group === 'store'
            ? [`s${c.store_id}`, place?.store ?? `Store ${c.store_id}`]
            : group === 'district'
              ? [`d${place?.district_id ?? 0}`, place?.district ?? 'No district']
              : [`r${place?.region_id ?? 0}`, place?.region ?? 'No region'];
        let g = groups.get(key);
        if (!g) {
          g = { name, sums: emptySums() };
          groups.set(key, g);
        }
        g.sums.worked_minutes += c.worked_minutes;
        g.sums.regular_minutes += c.regular_minutes;
        g.sums.overtime_minutes += c.overtime_minutes;
        g.sums.paid_break_minutes += c.paid_break_minutes;
        g.sums.unpaid_break_minutes += c.unpaid_break_minutes;
        g.sums.late_minutes += c.late_minutes;
        g.sums.employees.add(e.user_id);
      }
  return [...groups.entries()]
    .map(([key, { name, sums }]) => ({
      key,
      name,
      employees: sums.employees.size,
      worked_minutes: sums.worked_minutes,
      regular_minutes: sums.regular_minutes,
      overtime_minutes: sums.overtime_minutes,
      paid_break_minutes: sums.paid_break_minutes,
      unpaid_break_minutes: sums.unpaid_break_minutes,
      late_minutes: sums.late_minutes,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const storeName = (sheet: TimesheetResult, id: number) =>
  sheet.stores.find((s) => s.id === id)?.name ?? `Store ${id}`;

/** Days with overtime, per employee. */
export async function overtimeReport(
  db: Executor,
  companyId: number,
  range: { from: string; to: string },
): Promise<ReportRecord[]> {
  const sheet = await computeTimesheets(db, companyId, range);
  return sheet.employees.flatMap((e) =>
    e.days
      .filter((d) => d.overtime_minutes > 0)
      .map((d) => ({
        key: `${e.user_id}-${d.date}`,
        name: fullName(e),
        date: d.date,
        worked_minutes: d.worked_minutes,
        regular_minutes: d.regular_minutes,
        overtime_minutes: d.overtime_minutes,
      })),
  );
}

/** Per employee and day worked: mandatory breaks expected (the store's set-up) against taken. */
export async function breaksReport(
  db: Executor,
  companyId: number,
  range: { from: string; to: string },
): Promise<ReportRecord[]> {
  const sheet = await computeTimesheets(db, companyId, range);
  return sheet.employees.flatMap((e) =>
    e.days
      .filter((d) => d.cards.length > 0)
      .map((d) => {
        const breaks = d.cards.flatMap((c) => c.breaks);
        const short = breaks.filter(
          (b) =>
            b.is_mandatory &&
            b.break_end !== null &&
            (new Date(b.break_end).getTime() - new Date(b.break_start).getTime()) / 60_000 <
              b.duration,
        ).length;
        return {
          key: `${e.user_id}-${d.date}`,
          name: fullName(e),
          date: d.date,
          store: [...new Set(d.cards.map((c) => storeName(sheet, c.store_id)))].join(', '),
          breaks_taken: breaks.length,
          mandatory_expected: d.mandatory_breaks_expected,
          mandatory_taken: d.mandatory_breaks_taken,
          mandatory_missed: Math.max(0, d.mandatory_breaks_expected - d.mandatory_breaks_taken),
          mandatory_short: short,
          paid_break_minutes: d.paid_break_minutes,
          unpaid_break_minutes: d.unpaid_break_minutes,
        };
      }),
  );
}

/** Every timecard that started after its shift's start. */
export async function lateReport(
  db: Executor,
  companyId: number,
  range: { from: string; to: string },
): Promise<ReportRecord[]> {
  const sheet = await computeTimesheets(db, companyId, range);
  const zone = (id: number) => sheet.stores.find((s) => s.id === id)?.time_zone ?? 'UTC';
  return sheet.employees.flatMap((e) =>
    e.days.flatMap((d) =>
      d.cards
        .filter((c) => c.late_minutes > 0 && c.shift_start)
        .map((c) => ({
          key: String(c.timecard_id),
          name: fullName(e),
          date: d.date,
          store: storeName(sheet, c.store_id),
          shift_start: formatInZone(c.shift_start ?? c.clock_in, zone(c.store_id)).slice(11, 16),
          clock_in: formatInZone(c.clock_in, zone(c.store_id)).slice(11, 16),
          late_minutes: c.late_minutes,
        })),
    ),
  );
}

/** Payroll rows for a pay period, from the same computation. */
export async function payrollRows(
  db: Executor,
  companyId: number,
  range: { from: string; to: string },
): Promise<PayrollRow[]> {
  const sheet = await computeTimesheets(db, companyId, range);
  return sheet.employees.map((e) => ({
    user_id: e.user_id,
    employee: fullName(e),
    // The portal keeps no separate employee number yet: the HR id stands in for it.
    employee_number: String(e.user_id),
    email: e.email,
    pay_period: `${range.from} to ${range.to}`,
    regular_hours: hoursOf(e.totals.regular_minutes),
    overtime_hours: hoursOf(e.totals.overtime_minutes),
    paid_break_hours: hoursOf(e.totals.paid_break_minutes),
  }));
}
