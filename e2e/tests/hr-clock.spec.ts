import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAdminUser, signInAs as signInAsAdmin } from '../support/admin-user.ts';
import { DEMO_PASSWORD, localStorageOf, submitLogin } from '../support/session.ts';

/**
 * The web time clock (issue 6): the clock-in prompt after sign-in, clock in, breaks, clock out,
 * the 2-second first-press rule, clock-out-then-clock-in at another store, tabs kept in step, the
 * geofence and the auto clocked-out dialog. Each test uses its own demo employee, so they can run
 * in parallel against one server.
 */

interface Stored {
  token: string;
  userId: number;
  storeId: number;
}

async function stored(page: Page): Promise<Stored> {
  const values = await localStorageOf(page);
  return {
    token: values.authentication_token ?? '',
    userId: Number(values.user_id),
    storeId: Number(values.store_id),
  };
}

/** Calls the API as the page's signed-in user. */
async function apiAs<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const { token } = await stored(page);
  const response = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const body = (await response.json()) as { data: T };
  return body.data;
}

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  // Not the welcome toast: the clock-in prompt may open first and hide it from assistive technology.
  await expect(page).not.toHaveURL(/\/login/);
}

// Toasts queue for 4 s each, and these journeys wait for several.
test.describe.configure({ timeout: 90_000 });

const EMPLOYEE_PASSWORD = 'Punch-The-Clock-2026';
let hired = 0;

/**
 * A new hourly employee at the demo company's first store, made through the API as the agent:
 * hourly people are offered the clock-in prompt, and each test's own person keeps the tests (and
 * other suites signing in as demo users) apart.
 */
async function hourlyEmployee(request: APIRequestContext, firstName: string): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const roles = (await (await request.get('/api/user-roles', { headers })).json()) as {
    data: { results: { id: number; base_role: string }[] };
  };
  const role = roles.data.results.find((r) => r.base_role === 'sub_agent_employee');
  const stores = (await (
    await request.get('/api/stores?perPage=50&sort=id', { headers })
  ).json()) as {
    data: { results: { id: number }[] };
  };
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}${hired++}@demo.example`;
  const created = await request.post('/api/employees/new', {
    headers,
    data: {
      email,
      first_name: firstName,
      last_name: 'Hourly',
      role_id: role?.id,
      password: EMPLOYEE_PASSWORD,
      pay_type: 'hourly',
      current_store: stores.data.results[0]?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return email;
}

/** Store Assignments, as the agent: the person works at that store too, so may clock in there. */
async function assignStore(request: APIRequestContext, userId: number, storeId: number) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const assigned = await request.post('/api/user-stores', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    data: { user_id: userId, store_id: storeId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const { data } = (await assigned.json()) as { data: { id: number } };
  return {
    remove: async () => {
      const removed = await request.delete(`/api/user-stores/${data.id}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      expect(removed.status(), await removed.text()).toBe(200);
    },
  };
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('the clock-in prompt greets the employee, stays through Escape and backdrop, and Not Now clears it', async ({
  page,
  request,
}) => {
  await signInAs(page, await hourlyEmployee(request, 'Wes'), EMPLOYEE_PASSWORD);
  const prompt = page.getByRole('dialog', { name: 'Hi, Wes' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Would you like to Clock-in ?');
  await expect(prompt.getByLabel('Notes')).toBeVisible();
  expect((await localStorageOf(page)).clock_in).toBe('true');

  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(prompt).toBeVisible();

  await prompt.getByRole('button', { name: 'Not Now' }).click();
  await expect(prompt).toBeHidden();
  expect((await localStorageOf(page)).clock_in).toBe('false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Time clock: Clock In' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Hi, Wes' })).toHaveCount(0);
});

test('clock in from the prompt (one request for a double press), take and end a break, clock out', async ({
  page,
  request,
}) => {
  const clockIns: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/hr-web-clockin'))
      clockIns.push(request.url());
  });
  await signInAs(page, await hourlyEmployee(request, 'Eli'), EMPLOYEE_PASSWORD);
  const prompt = page.getByRole('dialog', { name: 'Hi, Eli' });
  await prompt.getByLabel('Notes').fill('Opening shift');
  await prompt.getByRole('button', { name: 'Clock In' }).dblclick();
  await expect(toast(page, 'Clocked In')).toBeVisible();
  await expect(prompt).toBeHidden();
  expect(clockIns).toHaveLength(1);
  expect((await localStorageOf(page)).clock_in).toBe('false');

  const fab = page.getByRole('button', { name: /^Time clock:/ });
  await expect(fab).toHaveText('Clocked In');
  await fab.click();
  const panel = page.getByRole('dialog', { name: 'Time Clock' });
  await expect(panel).toContainText(/Clocked in at .+ since \d{2}:\d{2} \(America\/\w+\)\./);
  await expect(panel).toContainText(/Store time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await panel.getByRole('button', { name: 'Break', exact: true }).click();

  const breakDialog = page.getByRole('dialog', { name: 'Break' });
  const lunch = breakDialog.getByRole('radio', { name: 'Lunch Break (30 min, unpaid, mandatory)' });
  const coffee = breakDialog.getByRole('radio', { name: 'Coffee Break (15 min, paid)' });
  await expect(lunch).toBeVisible();
  await coffee.check();
  await breakDialog.getByRole('button', { name: 'Start Break' }).click();
  await expect(toast(page, 'Break started successfully')).toBeVisible();
  await expect(breakDialog).toBeHidden();
  await expect(fab).toHaveText('On Break');
  const storage = await localStorageOf(page);
  expect(storage.breakPopUpShow).toBe('true');
  expect(storage.breakPopUpShowSchedule).toBe(String(15 * 60));

  // The kind is fixed while the break runs; the time left counts down.
  await fab.click();
  await panel.getByRole('button', { name: 'Break', exact: true }).click();
  await expect(breakDialog.getByRole('radio', { name: /^Coffee Break/ })).toBeChecked();
  await expect(breakDialog.getByRole('radio', { name: /^Coffee Break/ })).toBeDisabled();
  await expect(breakDialog.getByRole('radio', { name: /^Lunch Break/ })).toBeDisabled();
  await expect(breakDialog.getByRole('timer')).toHaveText(/Time left: 1[45]:\d{2}/);
  await breakDialog.getByRole('button', { name: 'End Break' }).click();
  await expect(toast(page, 'Break ended successfully')).toBeVisible();
  await expect(fab).toHaveText('Clocked In');

  await fab.click();
  await panel.getByRole('button', { name: 'Clock Out' }).click();
  await expect(toast(page, 'Clocked Out')).toBeVisible();
  await expect(fab).toHaveText('Clock In');

  // Not clocked in: the break dialog says so.
  await fab.click();
  await panel.getByRole('button', { name: 'Break', exact: true }).click();
  await expect(breakDialog).toContainText("You are not clocked in, you can't take breaks now.");
});

test('a break dialog closed early comes back when the rest of the break has passed', async ({
  page,
  request,
}) => {
  // Fake timers that keep ticking: the test jumps ahead instead of waiting out the break, a minute
  // at a time with the mouse moving, as someone at the screen would, so the idle lock stays away.
  await page.clock.install();
  const minutesPass = async (minutes: number) => {
    for (let minute = 0; minute < minutes; minute++) {
      await page.mouse.move(10 + minute, 10);
      await page.clock.fastForward('01:00');
    }
  };
  await signInAs(page, await hourlyEmployee(request, 'Bea'), EMPLOYEE_PASSWORD);
  const prompt = page.getByRole('dialog', { name: 'Hi, Bea' });
  await prompt.getByRole('button', { name: 'Clock In' }).click();
  await expect(toast(page, 'Clocked In')).toBeVisible();

  const fab = page.getByRole('button', { name: /^Time clock:/ });
  await fab.click();
  await page
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Break', exact: true })
    .click();
  const breakDialog = page.getByRole('dialog', { name: 'Break' });
  await breakDialog.getByRole('radio', { name: /^Coffee Break/ }).check();
  await breakDialog.getByRole('button', { name: 'Start Break' }).click();
  await expect(breakDialog).toBeHidden();
  await expect(fab).toHaveText('On Break');

  // Left early, five minutes into the 15-minute break: ten minutes are kept.
  await minutesPass(5);
  await fab.click();
  await page
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Break', exact: true })
    .click();
  await expect(breakDialog.getByRole('timer')).toHaveText(/Time left: (9|10):\d{2}/);
  await breakDialog.getByRole('button', { name: 'Close' }).click();
  await expect(breakDialog).toBeHidden();
  const kept = Number((await localStorageOf(page)).breakPopUpShowSchedule);
  expect(kept).toBeGreaterThan(8 * 60);
  expect(kept).toBeLessThanOrEqual(10 * 60);

  // Not before the kept time has passed...
  await minutesPass(8);
  await expect(breakDialog).toBeHidden();
  // ...and then it comes back on its own, the break still running.
  await minutesPass(3);
  await expect(breakDialog).toBeVisible();
  await expect(breakDialog.getByRole('button', { name: 'End Break' })).toBeVisible();
  await breakDialog.getByRole('button', { name: 'End Break' }).click();
  await expect(fab).toHaveText('Clocked In');
});

test('clocked in at another store: asked after load, clocks out there and in here', async ({
  page,
  request,
}) => {
  await signInAs(page, await hourlyEmployee(request, 'Cara'), EMPLOYEE_PASSWORD);
  await page
    .getByRole('dialog', { name: 'Hi, Cara' })
    .getByRole('button', { name: 'Not Now' })
    .click();
  const { userId, storeId } = await stored(page);
  const stores = await apiAs<{ results: { id: number; name: string }[] }>(
    page,
    'GET',
    '/stores?perPage=50&sort=id',
  );
  const other = stores.results.find((store) => store.id !== storeId);
  if (!other) throw new Error('no other store');
  await assignStore(request, userId, other.id);
  // Clocked in elsewhere (another device): this page learns it on its next load.
  await apiAs(page, 'POST', '/hr-web-clockin', { user_id: userId, store_id: other.id });

  await page.reload();
  const question = page.getByRole('dialog', { name: 'Clocked in at another store' });
  await expect(question).toContainText(
    `You clocked-in at ${other.name} store do you want to clock-out there?`,
  );
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Clocked Out')).toBeVisible();
  await expect(toast(page, 'Clocked In')).toBeVisible({ timeout: 15_000 });
  const session = await apiAs<{ status: number; activeSession: { store: { id: number } } }>(
    page,
    'GET',
    '/hr-web-clockin',
  );
  expect(session.status).toBe(2);
  expect(session.activeSession.store.id).toBe(storeId);
  await apiAs(page, 'PATCH', '/hr-web-clockin', {
    id: (await apiAs<{ timecard_id: number }>(page, 'GET', '/hr-web-clockin')).timecard_id,
    user_id: userId,
  });
});

test('a break started in one tab shows in the other', async ({ context, request }) => {
  const first = await context.newPage();
  await signInAs(first, await hourlyEmployee(request, 'Mina'), EMPLOYEE_PASSWORD);
  await first
    .getByRole('dialog', { name: 'Hi, Mina' })
    .getByRole('button', { name: 'Clock In' })
    .click();
  await expect(toast(first, 'Clocked In')).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  // The break dialog's state is synced across tabs (SPEC.md section 4), so it may open over the
  // second tab too: find its button even while a dialog hides the page from assistive technology.
  const secondFab = second.getByRole('button', { name: /^Time clock:/, includeHidden: true });
  await expect(secondFab).toHaveText('Clocked In');

  await first.getByRole('button', { name: /^Time clock:/ }).click();
  await first
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Break', exact: true })
    .click();
  await first
    .getByRole('dialog', { name: 'Break' })
    .getByRole('button', { name: 'Start Break' })
    .click();
  await expect(toast(first, 'Break started successfully')).toBeVisible();
  await expect(secondFab).toHaveText('On Break');
  const syncedBreak = second.getByRole('dialog', { name: 'Break' });
  if (await syncedBreak.isVisible())
    await syncedBreak.getByRole('button', { name: 'Close' }).click();

  await secondFab.click();
  await second
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Clock Out' })
    .click();
  await expect(toast(second, 'Clocked Out')).toBeVisible();
  await expect(first.getByRole('button', { name: /^Time clock:/ })).toHaveText('Clock In');
});

test('a store with a geofence in block mode refuses a clock-in from far away', async ({
  browser,
}) => {
  // The manager draws a 100 m fence around one store.
  const managerPage = await browser.newPage();
  await signInAs(managerPage, 'manager@demo.example');
  const stores = await apiAs<{ results: { id: number; name: string }[] }>(
    managerPage,
    'GET',
    '/stores?perPage=50&sort=id',
  );
  const fenced = stores.results.at(-1);
  if (!fenced) throw new Error('no store');
  await apiAs(managerPage, 'POST', '/hr-settings-stores', {
    store_id: fenced.id,
    geofence_latitude: 29.5645,
    geofence_longitude: -104.4166,
    geofence_radius: 100,
    geofence_mode: 'block',
  });
  await managerPage.close();

  const context = await browser.newContext({
    geolocation: { latitude: 29.6, longitude: -104.4166, accuracy: 10 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  // The agent is salaried (no prompt) but may use the web clock.
  await signInAs(page, 'agent@demo.example');
  // The agent works at that store too (Store Assignments); undone at the end.
  const assignment = await assignStore(page.request, (await stored(page)).userId, fenced.id);
  await page.evaluate((id) => window.localStorage.setItem('store_id', String(id)), fenced.id);
  await page.getByRole('button', { name: /^Time clock:/ }).click();
  await page
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Clock In' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Time Clock' }).getByRole('alert')).toHaveText(
    /^You are about \d+ m outside the store's clock-in area$/,
  );
  await expect(page.getByRole('dialog', { name: 'Time Clock' })).toContainText(
    'You are not clocked in.',
  );

  // At the store it goes through.
  // A press within 2 s of the last one is ignored, so the employee presses again until it acts.
  await context.setGeolocation({ latitude: 29.5646, longitude: -104.4166, accuracy: 10 });
  const panel = page.getByRole('dialog', { name: 'Time Clock' });
  await expect(async () => {
    if (await panel.isVisible()) await panel.getByRole('button', { name: 'Clock In' }).click();
    await expect(panel).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast(page, 'Clocked In')).toBeVisible();
  await page.getByRole('button', { name: /^Time clock:/ }).click();
  await page
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Clock Out' })
    .click();
  await expect(toast(page, 'Clocked Out')).toBeVisible();
  await assignment.remove();
  await context.close();
});

test('the auto clocked-out dialog: its empty list for a manager, a no-access view without the permission', async ({
  page,
  request,
}) => {
  // A Master Agent of its own: the shared demo agent may be clocked in at another store by other
  // suites, and that prompt would cover this dialog.
  await signInAsAdmin(page, await createAdminUser(request, 'autoclockout'));
  await page.evaluate(() => window.localStorage.setItem('showAutoClockoutTimeCards', 'true'));
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Auto Clocked Out Schedules' });
  await expect(dialog).toContainText('No Record Found');
  await expect(dialog.getByRole('link', { name: 'Go to My View' })).toHaveAttribute(
    'href',
    '/hr/dashboard/my_view',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect((await localStorageOf(page)).showAutoClockoutTimeCards).toBe('false');

  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, 'user@demo.example');
  await page.evaluate(() => window.localStorage.setItem('showAutoClockoutTimeCards', 'true'));
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Auto Clocked Out Schedules' })).toContainText(
    'You do not have access to the auto clocked-out schedules.',
  );
});

test('HR settings: an admin sets the company policy and a store break; a user without the permission is denied', async ({
  page,
  request,
}) => {
  // A Master Agent of its own: the shared demo agent may be clocked in somewhere by other suites,
  // and the prompts that brings would cover this screen.
  await signInAsAdmin(page, await createAdminUser(request, 'hrsettings'));
  await page.goto('/hr/settings');
  await expect(page.getByRole('heading', { name: 'HR Settings', exact: true })).toBeVisible();

  const company = page.getByRole('form', { name: 'Company HR settings' });
  await company.getByLabel('Auto clock-out grace (minutes)').fill('45');
  await company.getByRole('button', { name: 'Save company settings' }).click();
  await expect(toast(page, 'Company HR settings updated')).toBeVisible();

  // Pasadena: no other test clocks in there.
  await page.getByLabel('Store', { exact: true }).click();
  await page.getByRole('option', { name: 'Pasadena' }).click();
  const store = page.getByRole('form', { name: /^Pasadena/ });
  await store.getByLabel('Coffee Break duration (minutes)').fill('0');
  await store.getByRole('button', { name: 'Save store settings' }).click();
  await expect(store.getByText('At least 1 minute')).toBeVisible();
  await store.getByLabel('Coffee Break duration (minutes)').fill('20');
  await store.getByRole('button', { name: 'Save store settings' }).click();
  await expect(toast(page, 'Store settings updated')).toBeVisible();
  await page.reload();
  await page.getByLabel('Store', { exact: true }).click();
  await page.getByRole('option', { name: 'Pasadena' }).click();
  await expect(store.getByLabel('Coffee Break duration (minutes)')).toHaveValue('20');

  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, 'user@demo.example');
  await page.goto('/hr/settings');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
