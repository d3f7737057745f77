import { formatInZone } from '@portal/contract/hr';
import { addDays, shiftInstants, weekStartOf } from '@portal/contract/hr-schedules';
import type { Tx } from '../../platform/database.ts';
import { departmentRolesOf, employeesPaid, insertSchedules, type NewSchedule } from '../hr/api.ts';
import { companyStoresOf } from '../organisation/api.ts';
import { listApprovedTimeOff } from '../timeoff/api.ts';
import { hrShiftTemplates } from './schema.ts';

const demoTemplates = [
  { name: 'Opening', start_time: '08:00', end_time: '16:00', role: 'Cashier' },
  { name: 'Closing', start_time: '14:00', end_time: '22:00', role: 'Sales Floor' },
  { name: 'Overnight Stock', start_time: '22:00', end_time: '06:00', role: 'Stock Room' },
] as const;

/** Whose shift today runs now, so signing in as them offers the clock-in prompt for it. */
const DEMO_EMPLOYEE = 'employee@demo.example';
const HOUR = 3_600_000;

/**
 * Scheduling demo data of one company: three shift templates at every store, and at the home store
 * (the demo employee's, else the first) the hourly staff's shifts, five 8-hour shifts a week each:
 * the last two weeks and this week published, next week a draft. Nobody is scheduled on their
 * approved time off. The demo employee's shift today runs now (from the last full hour less one,
 * for 8 hours). Runs inside the seed transaction, once per new company, after the employee records
 * and time off; returns the home store (or null when the company has none).
 */
export async function seedSchedulingDemo(tx: Tx, companyId: number) {
  const storeRows = await companyStoresOf(tx, companyId);
  const roles = await departmentRolesOf(tx, companyId);
  const roleId = (name: string) => roles.find((r) => r.name === name)?.id ?? null;
  if (!storeRows.length) return null;
  const templates = await tx
    .insert(hrShiftTemplates)
    .values(
      storeRows.flatMap((store) =>
        demoTemplates.map(({ role, ...template }) => ({
          company_id: companyId,
          store_id: store.id,
          department_role_id: roleId(role),
          ...template,
        })),
      ),
    )
    .returning();

  const staff = await employeesPaid(tx, companyId, 'hourly');
  const employee = staff.find((s) => s.email === DEMO_EMPLOYEE);
  const store = storeRows.find((s) => s.id === employee?.store) ?? storeRows[0];
  if (!store) return null;
  const team = staff.filter((s) => s.store === store.id).slice(0, 5);
  const storeTemplates = templates.filter((t) => t.store_id === store.id);
  // Every approved time off of the team, whenever it falls.
  const off = team.length
    ? (
        await listApprovedTimeOff(tx, companyId, {
          from: '0001-01-01',
          to: '9999-12-31',
          userIds: team.map((t) => t.id),
        })
      ).map((o) => ({ user_id: o.user_id, start: o.start_date, end: o.end_date }))
    : [];
  const isOff = (userId: number, date: string) =>
    off.some((o) => o.user_id === userId && o.start <= date && date <= o.end);

  const now = new Date();
  const today = formatInZone(now, store.time_zone).slice(0, 10);
  const thisWeek = weekStartOf(today);
  const publishedAt = new Date(now.getTime() - 15 * 86_400_000).toISOString();
  const rows: NewSchedule[] = [];
  for (const [week, published] of [
    [addDays(thisWeek, -14), true],
    [addDays(thisWeek, -7), true],
    [thisWeek, true],
    [addDays(thisWeek, 7), false],
  ] as const) {
    for (const [person, member] of team.entries()) {
      for (let day = 0; day < 7; day += 1) {
        const date = addDays(week, day);
        const base = {
          company_id: companyId,
          user_id: member.id,
          store_id: store.id,
          published_at: published ? publishedAt : null,
        };
        if (date === today && member.id === employee?.id) {
          const start = Math.floor(now.getTime() / HOUR) * HOUR - HOUR;
          rows.push({
            ...base,
            department_role_id: roleId('Cashier'),
            shift_start: new Date(start).toISOString(),
            shift_end: new Date(start + 8 * HOUR).toISOString(),
          });
          continue;
        }
        // Two days off each (five 8-hour shifts a week), none on approved time off.
        if (day === (person + 1) % 7 || day === (person + 4) % 7 || isOff(member.id, date))
          continue;
        const template =
          !published && person === 0 && day === 6
            ? storeTemplates[2]
            : storeTemplates[(person + day) % 2];
        if (!template) continue;
        rows.push({
          ...base,
          department_role_id: template.department_role_id,
          shift_template_id: template.id,
          ...shiftInstants(date, template.start_time, template.end_time, store.time_zone),
        });
      }
    }
  }
  await insertSchedules(tx, rows);
  return store;
}
