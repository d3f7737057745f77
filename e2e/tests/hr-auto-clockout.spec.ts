import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, submitLogin } from '../support/session.ts';

/**
 * Auto clock-out end to end (issue 6): the real job (every 2 s under e2e/start-server.mjs) closes a
 * timecard left open past its published schedule's end, and at the employee's next sign-in the
 * Auto Clocked Out Schedules dialog asks for the real end time, which goes to the manager.
 * It runs in the second demo company, Northwind, whose zero grace period touches no other suite.
 */

// Up to a minute of it waits for the clock to pass the clock-in's minute.
test.describe.configure({ timeout: 150_000 });

const ADMIN = 'admin@northwind.example';
const PASSWORD = 'Auto-Clocked-Out-2026';

type Reply<T> = { success: boolean; message: string; data: T };

async function signInApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

async function call<T>(
  request: APIRequestContext,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<Reply<T>> {
  const response = await request.fetch(`/api${path}`, { method, headers, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Reply<T>;
}

/** The local date and HH:MM of an instant in a time zone. */
function localParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

test('a timecard left open past its shift is auto clocked out and the employee gives the real end time', async ({
  page,
  request,
}) => {
  const admin = await signInApi(request, ADMIN);
  await call(request, admin, 'POST', '/hr-settings-companies', {
    auto_clockout_grace_minutes: 0,
  });
  const roles = await call<{ results: { id: number; base_role: string }[] }>(
    request,
    admin,
    'GET',
    '/user-roles',
  );
  const stores = await call<{ results: { id: number; time_zone: string }[] }>(
    request,
    admin,
    'GET',
    '/stores?perPage=50&sort=id',
  );
  const store = stores.data.results[0];
  if (!store) throw new Error('Northwind has no store');
  const email = `olive.${Date.now().toString(36)}@northwind.example`;
  const hired = await call<{ id: number }>(request, admin, 'POST', '/employees/new', {
    email,
    first_name: 'Olive',
    last_name: 'Overtime',
    role_id: roles.data.results.find((role) => role.base_role === 'sub_agent_employee')?.id,
    password: PASSWORD,
    pay_type: 'hourly',
    current_store: store.id,
  });
  const userId = hired.data.id;

  // A published shift that ended an hour ago.
  const start = localParts(new Date(Date.now() - 3 * 3600_000), store.time_zone);
  const end = localParts(new Date(Date.now() - 3600_000), store.time_zone);
  const saved = await call<{ created: { id: number }[] }>(
    request,
    admin,
    'POST',
    '/hr-schedules/save',
    {
      store_id: store.id,
      changes: [
        {
          op: 'create',
          user_id: userId,
          date: start.date,
          start_time: start.time,
          end_time: end.time,
        },
      ],
    },
  );
  const scheduleId = saved.data.created[0]?.id;
  await call(request, admin, 'POST', '/hr-schedules/publish', {
    store_id: store.id,
    week_start: start.date,
  });

  // The employee clocks in on that shift and forgets to clock out.
  const employee = await signInApi(request, email, PASSWORD);
  const clockedIn = await call<{ timecard: { clock_in: string } }>(
    request,
    employee,
    'POST',
    '/hr-web-clockin',
    {
      user_id: userId,
      store_id: store.id,
      schedule_id: scheduleId,
    },
  );
  await expect
    .poll(
      async () =>
        (await call<{ status: number }>(request, employee, 'GET', '/hr-web-clockin')).data.status,
      { timeout: 30_000, message: 'the auto clock-out job closes the timecard' },
    )
    .not.toBe(2);

  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const dialog = page.getByRole('dialog', { name: 'Auto Clocked Out Schedules' });
  const rows = dialog.getByRole('table', { name: 'Auto clocked out schedules' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${start.time} - ${end.time}`);
  // The end time is typed to the minute and must come after the clock-in: wait for the next minute.
  const nextMinute =
    Math.ceil((Date.parse(clockedIn.data.timecard.clock_in) + 1) / 60_000) * 60_000;
  await page.waitForTimeout(Math.max(0, nextMinute - Date.now() + 500));
  const now = localParts(new Date(), store.time_zone);
  await dialog.getByLabel('Actual end time').fill(`${now.date}T${now.time}`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  // The toast shows beside the modal dialog, which hides the rest of the page from the a11y tree.
  await expect(page.getByText('Correction request sent to your manager')).toBeVisible();
  await expect(dialog).toContainText('No Record Found');
  await dialog.getByRole('link', { name: 'Go to My View' }).click();
  await expect(page).toHaveURL(/\/hr\/dashboard\/my_view$/);
  // Hourly: the clock-in prompt waits underneath; not now.
  await page
    .getByRole('dialog', { name: 'Hi, Olive' })
    .getByRole('button', { name: 'Not Now' })
    .click();

  // The manager has the request waiting.
  const queue = await call<{ user_id: number; source: string }[]>(
    request,
    admin,
    'GET',
    `/hr-timesheet-corrections?status=pending&user_id=${userId}`,
  );
  expect(queue.data).toHaveLength(1);
});
