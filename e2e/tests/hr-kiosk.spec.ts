import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, localStorageOf, submitLogin } from '../support/session.ts';

/**
 * The shared store device (issue 6): a manager enrols this browser as the kiosk of a store and is
 * signed out; an employee clocks in with the mobile PIN, the kiosk locks, they clock out; the
 * kiosk locks when left idle; a revoked kiosk stops. The test hires its own manager and employee.
 */

test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'Kiosk-Punch-2026';
const PIN = '4826';

interface Hired {
  email: string;
  id: number;
  storeId: number;
  storeName: string;
}

async function agentHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

/** A new employee of the demo company's first store, made through the API as the agent. */
async function hire(
  request: APIRequestContext,
  firstName: string,
  role: string,
  payType: 'hourly' | 'salaried',
): Promise<Hired> {
  const headers = await agentHeaders(request);
  const roles = (await (await request.get('/api/user-roles', { headers })).json()) as {
    data: { results: { id: number; base_role: string }[] };
  };
  const stores = (await (
    await request.get('/api/stores?perPage=50&sort=id', { headers })
  ).json()) as { data: { results: { id: number; name: string }[] } };
  const store = stores.data.results[0];
  if (!store) throw new Error('the demo company has no store');
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@demo.example`;
  const created = await request.post('/api/employees/new', {
    headers,
    data: {
      email,
      first_name: firstName,
      last_name: 'Kiosk',
      role_id: roles.data.results.find((r) => r.base_role === role)?.id,
      password: PASSWORD,
      pay_type: payType,
      current_store: store.id,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { id?: number; user_id?: number } };
  return { email, id: data.user_id ?? data.id ?? 0, storeId: store.id, storeName: store.name };
}

/** Sets a person's mobile PIN as themselves (what /mobile-pin-update does). */
async function setPin(request: APIRequestContext, person: Hired) {
  const login = await request.post('/api/auth/login', {
    data: { email: person.email, password: PASSWORD },
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const changed = await request.patch(`/api/users/mobile-pin-change/${user.id}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    data: { mobile_pin: PIN },
  });
  expect(changed.status()).toBe(200);
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
}

async function identify(page: Page, name: string, pin = PIN) {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('option', { name }).click();
  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a manager enrols the kiosk and is signed out; an employee clocks in and out with the PIN', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const manager = await hire(request, 'Mona', 'sub_agent_admin', 'salaried');
  const employee = await hire(request, 'Kaya', 'sub_agent_employee', 'hourly');
  await setPin(request, employee);
  const employeeName = 'Kaya Kiosk';

  await page.goto('/login');
  await submitLogin(page, manager.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const managerToken = (await localStorageOf(page)).authentication_token ?? '';
  await page.goto('/hr/kiosks');
  await expect(page.getByRole('heading', { name: 'Kiosks', exact: true, level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: manager.storeName, exact: true }).click();
  await page.getByLabel('Device name').fill('Front counter tablet');
  await page.getByRole('button', { name: 'Enrol this device' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('You will be signed out of this browser.');
  await confirm.getByRole('button', { name: 'Enrol' }).click();

  // The kiosk opens with no manager session left in this browser or on the server.
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole('heading', { name: manager.storeName })).toBeVisible();
  const stored = await localStorageOf(page);
  expect(stored.authentication_token).toBeUndefined();
  expect(stored.user_id).toBeUndefined();
  expect(stored.kiosk_device_token).toMatch(/^\d+\.\d+\./);
  const asManager = await request.get('/api/hr-web-clockin', {
    headers: { authorization: `Bearer ${managerToken}` },
  });
  expect(asManager.status()).toBe(460);

  // A wrong PIN is refused on the kiosk.
  await identify(page, employeeName, '0000');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Wrong PIN or unknown employee' }),
  ).toBeVisible();

  // Clock in, then the kiosk locks back to the identify screen.
  await page.getByLabel('PIN').fill(PIN);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Hi, Kaya' })).toBeVisible();
  await expect(page.getByText('You are not clocked in.')).toBeVisible();
  await page.getByRole('button', { name: 'Clock In' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Clocked In. Thank you, Kaya.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hi, Kaya' })).toBeHidden();
  await expect(page.getByLabel('Your name')).toHaveValue('');

  // Left idle after identifying, the kiosk locks by itself.
  await identify(page, employeeName);
  await expect(page.getByRole('heading', { name: 'Hi, Kaya' })).toBeVisible();
  await expect(page.getByText(`Clocked in at ${manager.storeName} since`)).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole('heading', { name: 'Hi, Kaya' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();

  // Clock out.
  await identify(page, employeeName);
  await page.getByRole('button', { name: 'Clock Out' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Clocked Out. Thank you, Kaya.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hi, Kaya' })).toBeHidden();

  // The manager revokes the kiosk elsewhere: it stops at once.
  const login = await request.post('/api/auth/login', {
    data: { email: manager.email, password: PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const list = (await (await request.get('/api/hr-kiosks', { headers })).json()) as {
    data: { results: { id: number; name: string; revoked_at: string | null }[] };
  };
  const device = list.data.results.find((d) => d.name === 'Front counter tablet' && !d.revoked_at);
  expect(device).toBeDefined();
  expect((await request.delete(`/api/hr-kiosks/${device?.id}`, { headers })).status()).toBe(200);
  await identify(page, employeeName);
  await expect(
    page.getByText('This kiosk has been revoked. Ask a manager to enrol it again.'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText('This device is not enrolled as a kiosk.')).toBeVisible();
});
