import { expect, test } from '../support/fixtures.ts';
import { type APIRequestContext, type Page } from '@playwright/test';
import { createAdminUser } from '../support/admin-user.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_PASSWORD, localStorageOf, signIn, submitLogin } from '../support/session.ts';

interface Mail {
  id: number;
  subject: string;
  text: string;
}

/**
 * The newest mail to `email` in the dev mailbox (the outbox the server uses without SMTP), read as
 * the demo super admin: the mailbox answers no one else.
 */
async function newestMail(request: APIRequestContext, email: string, match: RegExp) {
  const admin = await apiAs(request, 'admin@demo.example');
  let found: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      const data = await admin.get<Mail[]>(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      found = data[0] ? match.exec(data[0].text) : null;
      return found?.[1] ?? null;
    })
    .not.toBeNull();
  const value = (found as RegExpExecArray | null)?.[1];
  if (!value) throw new Error(`no mail to ${email}`);
  return value;
}

// Each of these journeys signs in more than once (argon2id on a shared 2-core machine).
test.describe.configure({ timeout: 60_000 });

const ring = (page: Page) => page.getByRole('button', { name: /^Lock screen\./ });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('two-factor sign-in with the code from the mail', async ({ page, request }) => {
  await page.goto('/login');
  await submitLogin(page, 'secure@demo.example');
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
  await expect(page.getByText('s*****@demo.example')).toBeVisible();
  expect(await localStorageOf(page)).not.toHaveProperty('authentication_token');

  const code = await newestMail(request, 'secure@demo.example', /sign-in code is (\d{6})/);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The code is not correct' }),
  ).toBeVisible();

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(mainNav(page)).toBeVisible();
  const stored = await localStorageOf(page);
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email: 'secure@demo.example' });
});

test('forgot password, then reset it from the mailed link', async ({ page, request }) => {
  // A user of this test's own: a reset password must not leak into other tests' sign-ins.
  const { email } = await createAdminUser(request, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Reset email sent' }).first(),
  ).toBeVisible();

  const token = await newestMail(request, email, /reset-password\?token=([\w-]+)/);
  await page.goto(`/reset-password?token=${token}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('This password is too common. Choose one that is harder to guess.'),
  ).toBeVisible();

  const fresh = 'Copper-Meadow-Violin-31';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert').filter({ hasText: 'Password updated' })).toBeVisible();

  await submitLogin(page, email, fresh);
  await expect(mainNav(page)).toBeVisible();

  // The link worked once.
  await page.goto(`/reset-password?token=${token}`);
  await page
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('Another-Quiet-River-88');
  await page.getByLabel('Confirm new password').fill('Another-Quiet-River-88');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This reset link is invalid or has expired' })
      .first(),
  ).toBeVisible();
});

test('the ring locks the screen; the password unlocks it and returns to the page', async ({
  page,
}) => {
  await signIn(page, 'manager@demo.example');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Edit Account' })).toBeVisible();
  const { authentication_token: oldToken } = await localStorageOf(page);

  await ring(page).hover();
  await expect(page.getByRole('tooltip')).toHaveText(/^Auto Logout In (10:00|9:[0-5]\d)$/);
  await expect(ring(page)).toContainText('%');
  await ring(page).click();

  await expect(page).toHaveURL('/locked?redirect_url=%2Faccount');
  await expect(page.getByText('Mina Manager')).toBeVisible();
  await expect(page.getByText('manager@demo.example')).toBeVisible();
  const stored = await localStorageOf(page);
  expect(Object.keys(stored).sort()).toEqual(['locked', 'locked_user']);
  expect(JSON.parse(stored.locked_user ?? '{}')).toMatchObject({
    email: 'manager@demo.example',
    name: 'Mina Manager',
  });
  // The session that was in storage has ended on the server too.
  await expect
    .poll(async () =>
      (
        await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${oldToken}` } })
      ).status(),
    )
    .toBe(460);

  // A locked session is pushed back to /locked from any route.
  await page.goto('/users');
  await expect(page).toHaveURL(/\/locked\?redirect_url=%2Fusers$/);
  await page.goto('/locked?redirect_url=%2Faccount');

  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { name: 'Edit Account' })).toBeVisible();
  const after = await localStorageOf(page);
  expect(after).not.toHaveProperty('locked');
  expect(after.authentication_token).toMatch(/^[\w-]{20,}$/);
});

test('a lock in one tab sends the other tab to /locked, and unlocking brings both back', async ({
  context,
}) => {
  const first = await context.newPage();
  await signIn(first, 'warehouse@demo.example');
  const second = await context.newPage();
  await second.goto('/account');
  await expect(second.getByRole('heading', { name: 'Edit Account' })).toBeVisible();

  await ring(first).click();
  await expect(first).toHaveURL(/\/locked/);
  await expect(second).toHaveURL('/locked?redirect_url=%2Faccount');

  await first.getByLabel('Password').fill(DEMO_PASSWORD);
  await first.getByRole('button', { name: 'Unlock' }).click();
  await expect(mainNav(first)).toBeVisible();
  await expect(second).toHaveURL('/account');
});

test('idle time-out logs out to /login after the company timeout_limit', async ({
  page,
  request,
}) => {
  // A super admin sets a short timeout_limit on the second demo company for this test.
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/companies?search=Northwind', { headers });
  const northwind = ((await list.json()) as { data: { results: { id: number }[] } }).data
    .results[0];
  if (!northwind) throw new Error('no Northwind company');
  const setTimeoutLimit = async (minutes: number) => {
    const res = await request.patch(`/api/companies/${northwind.id}`, {
      headers,
      data: { timeout_limit: minutes },
    });
    expect(res.ok()).toBe(true);
  };
  await setTimeoutLimit(1);
  try {
    await page.clock.install();
    await signIn(page, 'admin@northwind.example');
    expect((await localStorageOf(page)).timeout_limit).toBe('1');
    await ring(page).hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^Auto Logout In (1:00|0:[0-5]\d)$/);

    await page.clock.fastForward('01:05');
    await expect(page).toHaveURL('/login');
    expect(await localStorageOf(page)).toEqual({});
  } finally {
    await setTimeoutLimit(10);
  }
});

test('Edit Account renames the user; the mobile PIN is updated', async ({ page, request }) => {
  // A user of this test's own, so the new name does not show up in other specs.
  const { email, password } = await createAdminUser(request, 'account');
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(mainNav(page)).toBeVisible();
  await page.goto('/account');
  await page.getByLabel('First name').fill('Elias');
  await page.getByRole('button', { name: 'Update account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Account updated' })).toBeVisible();
  // The page reloads and the top bar shows the new name.
  await expect(
    page.getByRole('banner').getByRole('button', { name: /Elias Tables/ }),
  ).toBeVisible();

  await page.goto('/mobile-pin-update');
  await page.getByLabel('New PIN').fill('2468');
  await page.getByLabel('Confirm PIN').fill('2468');
  await page.getByRole('button', { name: 'Update PIN' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mobile Pin updated' })).toBeVisible();

  await page.getByLabel('New PIN').fill('12');
  await page.getByLabel('Confirm PIN').fill('12');
  await page.getByRole('button', { name: 'Update PIN' }).click();
  await expect(page.getByText('The PIN must be 4 to 6 digits')).toBeVisible();
});
