import { asc, eq } from 'drizzle-orm';
import { formatInZone } from '@portal/contract/hr';
import { addDays, shiftInstants, weekStartOf } from '@portal/contract/hr-schedules';
import type { Tx } from '../../platform/database.ts';
import { hrDepartmentRoles, hrSchedules } from '../hr/schema.ts';
import { stores } from '../organisation/schema.ts';
import { storeEmployees } from './schedule.ts';
import { hrShiftTemplates } from './schema.ts';

const demoTemplates = [
  { name: 'Opening', start_time: '08:00', end_time: '16:00', role: 'Cashier' },
  { name: 'Closing', start_time: '14:00', end_time: '22:00', role: 'Sales Floor' },
  { name: 'Overnight Stock', start_time: '22:00', end_time: '06:00', role: 'Stock Room' },
] as const;

/**
 * Scheduling demo data of one company, at its first store: three shift templates, this week
 * published and next week as a draft, for up to five of the store's staff (five 8-hour shifts a
 * week each). Today (in the store's zone) is left unscheduled, so signing in or clocking in as demo
 * staff is not tied to a seeded shift. Runs inside the seed transaction, once per new company.
 */
export async function seedSchedulingDemo(tx: Tx, companyId: number) {
  const [store] = await tx
    .select({ id: stores.id, time_zone: stores.time_zone })
    .from(stores)
    .where(eq(stores.company_id, companyId))
    .orderBy(asc(stores.id))
    .limit(1);
  if (!store) return;
  const roles = await tx
    .select({ id: hrDepartmentRoles.id, name: hrDepartmentRoles.name })
    .from(hrDepartmentRoles)
    .where(eq(hrDepartmentRoles.company_id, companyId));
  const roleId = (name: string) => roles.find((r) => r.name === name)?.id ?? null;
  const templates = await tx
    .insert(hrShiftTemplates)
    .values(
      demoTemplates.map(({ role, ...template }) => ({
        company_id: companyId,
        store_id: store.id,
        department_role_id: roleId(role),
        ...template,
      })),
    )
    .returning();
  const staff = (await storeEmployees(tx, companyId, store.id)).slice(0, 5);
  const today = formatInZone(new Date(), store.time_zone).slice(0, 10);
  const thisWeek = weekStartOf(today);
  const rows: (typeof hrSchedules.$inferInsert)[] = [];
  for (const [week, published] of [
    [thisWeek, true],
    [addDays(thisWeek, 7), false],
  ] as const) {
    for (const [person, employee] of staff.entries()) {
      for (let day = 0; day < 7; day += 1) {
        const date = addDays(week, day);
        // Two days off each (five 8-hour shifts), and nobody on today.
        if (day === (person + 1) % 7 || day === (person + 4) % 7 || date === today) continue;
        const template =
          !published && person === 0 && day === 6 ? templates[2] : templates[(person + day) % 2];
        if (!template) continue;
        rows.push({
          company_id: companyId,
          user_id: employee.id,
          store_id: store.id,
          department_role_id: template.department_role_id,
          shift_template_id: template.id,
          ...shiftInstants(date, template.start_time, template.end_time, store.time_zone),
          published_at: published ? new Date().toISOString() : null,
        });
      }
    }
  }
  if (rows.length) await tx.insert(hrSchedules).values(rows);
}
