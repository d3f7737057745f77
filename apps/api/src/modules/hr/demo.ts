import type { Tx } from '../../platform/database.ts';
import { addSidebarItems } from '../navigation/api.ts';
import { companyStoresOf } from '../organisation/api.ts';
import { undeletedByEmail, userIdsOf } from '../users/api.ts';
import { hrBreakSettings, hrDepartmentRoles, hrEmployeeDetails } from './schema.ts';
import { attachEmployeeRecords } from './employees.ts';

/**
 * Demo staff with an employee record: who is hourly (offered the clock-in prompt at sign-in) and
 * whom they report to. The demo employee and the home store's staff are hourly and report to the
 * manager; the manager, warehouse and call center report to the owner (agent@), so Team shows
 * people at every level. Salaried staff go straight to the portal; they may still punch.
 */
export const demoStaff: { email: string; pay_type: 'hourly' | 'salaried'; reportsTo: string }[] = [
  { email: 'employee@demo.example', pay_type: 'hourly', reportsTo: 'manager@demo.example' },
  { email: 'tara@demo.example', pay_type: 'hourly', reportsTo: 'manager@demo.example' },
  { email: 'leo@demo.example', pay_type: 'hourly', reportsTo: 'manager@demo.example' },
  { email: 'priya@demo.example', pay_type: 'hourly', reportsTo: 'manager@demo.example' },
  { email: 'manager@demo.example', pay_type: 'salaried', reportsTo: 'agent@demo.example' },
  { email: 'warehouse@demo.example', pay_type: 'salaried', reportsTo: 'agent@demo.example' },
  { email: 'callcenter@demo.example', pay_type: 'salaried', reportsTo: 'agent@demo.example' },
];

/**
 * HR demo data of one company: a lunch and a coffee break at every store, a few department roles,
 * the Employees and HR Settings menu items, and employee records for the demo staff.
 */
export async function seedHrDemo(tx: Tx, companyId: number) {
  const storeRows = await companyStoresOf(tx, companyId);
  for (const store of storeRows) {
    await tx.insert(hrBreakSettings).values([
      {
        company_id: companyId,
        store_id: store.id,
        short_description: 'Lunch Break',
        duration: 30,
        is_paid: false,
        is_mandatory: true,
      },
      {
        company_id: companyId,
        store_id: store.id,
        short_description: 'Coffee Break',
        duration: 15,
        is_paid: true,
        is_mandatory: false,
      },
    ]);
  }
  await tx
    .insert(hrDepartmentRoles)
    .values(
      ['Cashier', 'Sales Floor', 'Stock Room'].map((name) => ({ company_id: companyId, name })),
    );
  await addSidebarItems(tx, companyId, [
    {
      name: 'HR Dashboard',
      route: '/hr/dashboard',
      icon: 'dashboard',
      permission: 'write_hr_clockin',
      order: 24,
    },
    {
      name: 'Time Off',
      route: '/hr/dashboard/timeoff',
      icon: 'description',
      permission: 'write_hr_clockin',
      order: 25,
    },
    {
      name: 'Team',
      route: '/hr/team',
      icon: 'groups',
      permission: 'read_hr_dashboard',
      order: 28,
    },
    {
      name: 'Employees',
      route: '/employees',
      icon: 'badge',
      permission: 'read_employees',
      order: 19,
    },
    {
      name: 'HR Settings',
      route: '/hr/settings',
      icon: 'settings',
      permission: 'read_hr_settings',
      order: 20,
    },
    {
      name: 'Kiosks',
      route: '/hr/kiosks',
      icon: 'tablet',
      permission: 'write_hr_kiosks',
      order: 21,
    },
    {
      name: 'Timesheet',
      route: '/hr/timesheet',
      icon: 'schedule',
      // Everyone who clocks sees their own timesheet; read_hr_timesheets shows everyone's.
      permission: 'write_hr_clockin',
      order: 26,
    },
    {
      name: 'HR Reports',
      route: '/hr/reports',
      icon: 'assessment',
      permission: 'read_hr_reports',
      order: 27,
    },
    {
      name: 'My Face Check',
      route: '/hr/my-face',
      icon: 'people',
      permission: 'write_hr_clockin',
      order: 29,
    },
    {
      name: 'Face Check Review',
      route: '/hr/face-checks',
      icon: 'description',
      permission: 'read_hr_timecards',
      order: 30,
    },
    {
      name: 'Shift Templates',
      route: '/hr/shift',
      icon: 'schedule',
      permission: 'read_hr_shift_templates',
      order: 22,
    },
    {
      name: 'Work Schedule',
      route: '/hr/schedule',
      icon: 'schedule',
      permission: 'read_hr_schedules',
      order: 23,
    },
  ]);
  const people = await undeletedByEmail(tx, companyId, [
    ...demoStaff.map((s) => s.email),
    'agent@demo.example',
  ]);
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const records = demoStaff.flatMap(({ email, pay_type, reportsTo }) => {
    const user_id = idOf(email);
    return user_id
      ? [{ company_id: companyId, user_id, pay_type, supervisor_id: idOf(reportsTo) ?? null }]
      : [];
  });
  if (records.length) await tx.insert(hrEmployeeDetails).values(records);
  // Everyone else of the company is an employee too (one person, one record), salaried.
  await attachEmployeeRecords(tx, companyId, await userIdsOf(tx, companyId));
}
