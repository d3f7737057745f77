import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, submitLogin } from '../support/session.ts';

/**
 * Timesheets (issue 7): an employee asks for a correction of a timecard, a manager approves it and
 * the timesheet shows the new hours; an HR report exported as CSV.
 */

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Timesheet-Check-2026';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const exportDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${MONTHS[Number(m) - 1]} ${d}, ${y}`;
};

async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

/** A salaried employee of the demo company (no clock-in prompt), with a closed timecard of today. */
async function employeeWithTimecard(request: APIRequestContext, firstName: string) {
  const agent = await apiLogin(request, 'agent@demo.example');
  const roles = (await (await request.get('/api/user-roles', { headers: agent })).json()) as {
    data: { results: { id: number; base_role: string }[] };
  };
  const role = roles.data.results.find((r) => r.base_role === 'sub_agent_employee');
  const stores = (await (
    await request.get('/api/stores?perPage=50&sort=id', { headers: agent })
  ).json()) as { data: { results: { id: number }[] } };
  const storeId = stores.data.results[0]?.id;
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@demo.example`;
  const created = await request.post('/api/employees/new', {
    headers: agent,
    data: {
      email,
      first_name: firstName,
      last_name: 'Sheet',
      role_id: role?.id,
      password: PASSWORD,
      pay_type: 'salaried',
      current_store: storeId,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const me = await apiLogin(request, email, PASSWORD);
  const userId = ((await created.json()) as { data: { id: number } }).data.id;
  const clockIn = await request.post('/api/hr-web-clockin', {
    headers: me,
    data: { user_id: userId, store_id: storeId, schedule_id: 0 },
  });
  expect(clockIn.status(), await clockIn.text()).toBe(200);
  const timecardId = ((await clockIn.json()) as { data: { timecard: { id: number } } }).data
    .timecard.id;
  const clockOut = await request.patch('/api/hr-web-clockin', {
    headers: me,
    data: { id: timecardId, user_id: userId },
  });
  expect(clockOut.status(), await clockOut.text()).toBe(200);
  return { email, name: `${firstName} Sheet` };
}

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** `YYYY-MM-DDTHH:mm` an hour earlier (the field's wall-clock value). */
const oneHourEarlier = (value: string) =>
  new Date(Date.parse(`${value}:00Z`) - 3600_000).toISOString().slice(0, 16);

/** `YYYY-MM-DDTHH:mm` two hours earlier (the field's wall-clock value). */
const twoHoursEarlier = (value: string) =>
  new Date(Date.parse(`${value}:00Z`) - 2 * 3600_000).toISOString().slice(0, 16);

test('an employee asks for a correction, a manager approves it and the timesheet shows the new hours', async ({
  browser,
  request,
}) => {
  const person = await employeeWithTimecard(request, 'Tessa');

  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signInAs(employee, person.email, PASSWORD);
  await employee.goto('/hr/timesheet-details');
  await expect(
    employee.getByRole('heading', { name: `Timesheet details – ${person.name}` }),
  ).toBeVisible();
  await employee.getByRole('button', { name: 'Request correction' }).click();
  const dialog = employee.getByRole('dialog', { name: /Request a correction/ });
  const clockIn = dialog.getByRole('textbox', { name: 'Clock in', exact: true });
  await clockIn.fill(twoHoursEarlier(await clockIn.inputValue()));
  await dialog.getByLabel('Reason').fill('Forgot to clock in when I opened the store');
  await dialog.getByRole('button', { name: 'Send to my manager' }).click();
  await expect(
    employee.getByRole('alert').filter({ hasText: 'Correction request sent' }),
  ).toBeVisible();
  await expect(employee.getByText('Correction pending')).toBeVisible();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInAs(manager, 'agent@demo.example');
  await manager.goto('/hr/timesheet');
  const request_ = manager.locator('[data-testid^="correction-"]').filter({ hasText: person.name });
  await expect(request_).toContainText('Forgot to clock in when I opened the store');
  await request_.getByRole('button', { name: 'Approve' }).click();
  await expect(manager.getByRole('alert').filter({ hasText: 'Correction approved' })).toBeVisible();

  // The timesheet row now counts the two hours (the field keeps whole minutes, so up to 2.02 h);
  // the details show the audit trail.
  const row = manager.getByRole('row').filter({ hasText: person.name });
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^2(\.0[0-2])?$/);
  await row.getByRole('link', { name: person.name }).click();
  await expect(manager.getByText(/^Worked 2(\.0[0-2])? h$/)).toBeVisible();
  await expect(manager.getByText(/Marco Agent · approved a correction of timecard/)).toBeVisible();

  // A manager's own edit, with a reason, lands in the same trail.
  // (The side menu has an Edit of its own, OneView's.)
  await manager
    .getByRole('table', { name: 'Timesheet details' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const edit = manager.getByRole('dialog', { name: /Edit the timecard/ });
  const editIn = edit.getByRole('textbox', { name: 'Clock in', exact: true });
  await editIn.fill(oneHourEarlier(await editIn.inputValue()));
  await edit.getByLabel('Reason').fill('Opening checklist');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(manager.getByRole('alert').filter({ hasText: 'Timecard updated' })).toBeVisible();
  await expect(manager.getByText(/^Worked 3(\.0[0-2])? h$/)).toBeVisible();
  await expect(
    manager.getByText(/Marco Agent · edited timecard .*Opening checklist/),
  ).toBeVisible();

  await employee.reload();
  await expect(employee.getByText(/^Worked 3(\.0[0-2])? h$/)).toBeVisible();
  await employeeContext.close();
  await managerContext.close();
});

test('an hours report is exported as CSV named after the report and its dates', async ({
  page,
  request,
}) => {
  const person = await employeeWithTimecard(request, 'Rhea');
  await signInAs(page, 'agent@demo.example');
  const year = new Date().getFullYear();
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  await page.goto(`/hr/reports?report=hours-employee&from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'HR Reports' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: person.name })).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `Hours by Employee ${exportDate(from)} - ${exportDate(to)}.csv`,
  );
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Employee,Days worked,Worked (h),Regular (h),Overtime (h),Paid breaks (h),Unpaid breaks (h),Late (min)',
  );
  expect(lines.some((line) => line.startsWith(`${person.name},1,`))).toBe(true);

  const payroll = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Payroll CSV' }).click();
  const payrollFile = await payroll;
  expect(payrollFile.suggestedFilename()).toBe(
    `Payroll ${exportDate(from)} - ${exportDate(to)}.csv`,
  );
  const payrollCsv = (await readFile(await payrollFile.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(payrollCsv.split('\r\n')[0]).toBe(
    'Employee,Employee number,Email,Pay period,Regular hours,Overtime hours,Paid break hours',
  );
  expect(payrollCsv).toContain(person.name);
});
