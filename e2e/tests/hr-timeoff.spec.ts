import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, submitLogin } from '../support/session.ts';

/**
 * Time off and the live HR dashboards (issue 7): an employee's request reaches their manager
 * without a reload and is approved there, and the employee's balance follows; the store view shows
 * a clock-in as it happens. Each test hires its own employee reporting to the demo manager.
 */

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'Take-Some-Time-Off-2026';
let hired = 0;

async function agentHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

interface Hire {
  email: string;
  name: string;
  storeId: number;
  storeName: string;
}

/** A salaried employee at the demo company's first store whose supervisor is the demo manager. */
async function hire(request: APIRequestContext, firstName: string): Promise<Hire> {
  const headers = await agentHeaders(request);
  const get = async <T>(path: string) =>
    ((await (await request.get(`/api${path}`, { headers })).json()) as { data: T }).data;
  const roles = await get<{ results: { id: number; base_role: string }[] }>('/user-roles');
  const stores = await get<{ results: { id: number; name: string }[] }>(
    '/stores?perPage=50&sort=id',
  );
  const supervisors = await get<{ value: number; label: string }[]>('/employees/supervisors');
  const manager = supervisors.find((s) => s.label.includes('Mina'));
  const store = stores.results[0];
  if (!manager || !store) throw new Error('no demo manager or store');
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}${hired++}@demo.example`;
  const created = await request.post('/api/employees/new', {
    headers,
    data: {
      email,
      first_name: firstName,
      last_name: 'Leave',
      role_id: roles.results.find((r) => r.base_role === 'sub_agent_employee')?.id,
      password: PASSWORD,
      pay_type: 'salaried',
      current_store: store.id,
      supervisor_id: manager.value,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { email, name: `${firstName} Leave`, storeId: store.id, storeName: store.name };
}

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** Counts full page loads, so a test can say nothing was reloaded. */
function loadsOf(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

const balanceCard = (page: Page, type: string) => page.getByLabel(`${type} balance`);

test('an employee requests time off; the manager sees it arrive live, approves it, and the balance follows', async ({
  browser,
  request,
}) => {
  const person = await hire(request, 'Vera');
  const year = new Date().getFullYear();

  const manager = await signedIn(browser, 'manager@demo.example', DEMO_PASSWORD);
  await manager.goto('/hr/dashboard/timeoff');
  await expect(manager.getByRole('heading', { name: 'Time Off', level: 1 })).toBeVisible();
  await expect(manager.getByText('Live', { exact: true })).toBeVisible();
  const managerLoads = loadsOf(manager);

  const employee = await signedIn(browser, person.email, PASSWORD);
  await employee.goto('/hr/dashboard/timeoff');
  const vacation = balanceCard(employee, 'Vacation');
  await expect(vacation).toContainText('80 h');
  await expect(vacation).toContainText('Approved 0 h');
  await expect(employee.getByText('Live', { exact: true })).toBeVisible();
  const employeeLoads = loadsOf(employee);

  await employee.getByRole('combobox', { name: 'Type' }).click();
  await employee.getByRole('option', { name: 'Vacation' }).click();
  await employee.getByLabel('From', { exact: true }).fill(`${year}-12-30`);
  await employee.getByLabel('To', { exact: true }).fill(`${year}-12-31`);
  await employee.getByLabel('Notes', { exact: true }).fill('New year with family');
  await employee.getByRole('button', { name: 'Request time off' }).click();
  await expect(employee.getByRole('alert').filter({ hasText: 'Time off requested' })).toBeVisible();
  const mine = employee.getByRole('table', { name: 'My requests' });
  await expect(mine.getByRole('row').filter({ hasText: 'Vacation' })).toContainText('Pending');
  await expect(vacation).toContainText('Pending 16 h');

  // The manager's page was never reloaded: the request arrives by the live stream.
  const teamTable = manager.getByRole('table', { name: 'Team requests to decide' });
  const row = teamTable.getByRole('row').filter({ hasText: person.name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('New year with family');
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(manager.getByRole('alert').filter({ hasText: 'Time off approved' })).toBeVisible();
  await expect(row).toHaveCount(0);

  // The employee's balance follows, live as well.
  await expect(vacation).toContainText('Approved 16 h');
  await expect(vacation).toContainText('64 h');
  await expect(mine.getByRole('row').filter({ hasText: 'Vacation' })).toContainText('Approved');
  expect(managerLoads()).toBe(0);
  expect(employeeLoads()).toBe(0);

  // The request's own page shows who decided it.
  await mine.getByRole('link').first().click();
  const history = employee.getByRole('list', { name: 'Request history' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Requested by Vera Leave/,
    /Approved by Mina Manager/,
  ]);
});

test('the store view shows an employee clocking in without a reload', async ({
  browser,
  request,
}) => {
  const person = await hire(request, 'Otto');
  const manager = await signedIn(browser, 'manager@demo.example', DEMO_PASSWORD);
  await manager.goto('/hr/dashboard/store_employees');
  await expect(manager.getByRole('heading', { name: 'Store Employees' })).toBeVisible();
  await manager.getByRole('combobox', { name: 'Store' }).click();
  await manager.getByRole('option', { name: person.storeName, exact: true }).click();
  await expect(manager.getByText('Live', { exact: true })).toBeVisible();
  const table = manager.getByRole('table', { name: 'Store employees' });
  await expect(manager.getByText(person.name)).toHaveCount(0);
  const loads = loadsOf(manager);

  // The employee clocks in on their own device.
  const login = await request.post('/api/auth/login', {
    data: { email: person.email, password: PASSWORD },
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const clockIn = await request.post('/api/hr-web-clockin', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    data: { user_id: user.id, store_id: person.storeId, schedule_id: 0, user_comment: '' },
  });
  expect(clockIn.status(), await clockIn.text()).toBe(200);

  const row = table.getByRole('row').filter({ hasText: person.name });
  await expect(row).toContainText('Clocked in');
  expect(loads()).toBe(0);
});

test('the HR dashboard screens have no serious or critical accessibility violations', async ({
  browser,
}) => {
  const manager = await signedIn(browser, 'manager@demo.example', DEMO_PASSWORD);
  for (const [path, heading] of [
    ['/hr/dashboard', 'HR Dashboard'],
    ['/hr/dashboard/timeoff', 'Time Off'],
    ['/hr/dashboard/my_view', 'My View'],
    ['/hr/dashboard/store_employees', 'Store Employees'],
    ['/hr/team', 'Team'],
  ] as const) {
    await manager.goto(path);
    await expect(manager.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(manager.getByRole('alert')).toHaveCount(0);
    const results = await new AxeBuilder({ page: manager }).include('main').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${path} ${v.id}: ${v.nodes.map((n) => `${String(n.target)} ${n.html}`).join(' | ')}`,
      );
    expect(serious).toEqual([]);
  }
});
