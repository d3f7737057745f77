import { createAdminUser } from '../support/admin-user.ts';
import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { AGENT, DEMO_PASSWORD, localStorageOf, signIn, submitLogin } from '../support/session.ts';

test('signing in lands in the signed-in frame with the user, the sidebar and the stored session', async ({
  page,
}) => {
  await page.goto('/login');
  await submitLogin(page, AGENT.email);
  // The welcome toast lasts 4 s: look at it first.
  const toast = page.getByRole('alert').filter({ hasText: 'Logged in' });
  await expect(toast).toContainText('Message');

  // The demo company's Home Screen is OneView: the dashboard opens.
  await expect(page).toHaveURL('/oneview');
  await expect(page.getByRole('heading', { name: 'OneView', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: AGENT.name })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  await expect(nav.getByRole('link', { name: 'Stores', exact: true })).toHaveAttribute(
    'href',
    '/admin-location-settings',
  );
  await expect(page.getByRole('contentinfo')).toHaveText(
    `© ${new Date().getFullYear()} Store Portal · Version 2.0.0`,
  );
  const stored = await localStorageOf(page);
  expect(stored.authentication_token).toMatch(/^[\w-]{20,}$/);
  const user = JSON.parse(stored.user ?? 'null') as { id: number; email: string } | null;
  expect(user?.email).toBe(AGENT.email);
  expect(stored.user_id).toBe(String(user?.id));
  expect(stored.store_id).toMatch(/^\d+$/);
  expect(stored.store_name).toBeTruthy();
  expect(JSON.parse(stored.permissions ?? '{}')).toHaveProperty('read_users', true);
  expect(stored.timeout_limit).toBe('10');
  expect(stored.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(stored.timezone).toBeTruthy();
  expect(stored.isB2BUser).toBe('false');
  expect(stored.clock_in).toBe('false');
  expect(stored.breakPopUpShow).toBe('false');
  expect(stored.showAutoClockoutTimeCards).toBe('false');
});

test('a wrong password shows the reason and signs nobody in', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, AGENT.email, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  expect(await localStorageOf(page)).not.toHaveProperty('authentication_token');
});

test('empty fields are flagged before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('the prerendered sign-in form sends nothing before its script runs, and keeps what was typed', async ({
  page,
}) => {
  // login.html arrives with the form drawn; hold the entry script back to act on that form.
  let releaseScript = () => {};
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('#login-email')).toBeFocused();
  await page.keyboard.type(AGENT.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  // Enter would have sent the form the browser's way, a GET with the password in the address.
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search).toBe('');

  releaseScript();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(AGENT.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/oneview');
});

test('a deep link while signed out goes to /login and returns there after sign-in', async ({
  page,
}) => {
  await page.goto('/users?tab=active#top');
  await expect(page).toHaveURL('/login');

  await submitLogin(page, AGENT.email);
  await expect(page).toHaveURL('/users?tab=active#top');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('a session ended on the server (460) sends the browser to /login with storage cleared', async ({
  page,
}) => {
  await signIn(page);
  const { authentication_token: token } = await localStorageOf(page);
  const logout = await page.request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(logout.status()).toBe(200);

  // The next call the page makes (the session check on load) answers 460. A call already on its
  // way (the live stream, a refetch) may get its 460 first and start the way to /login, which
  // aborts this reload: either way the browser must end up on /login.
  await page.reload().catch(() => undefined);
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await localStorageOf(page)).toEqual({});
});

test('logout ends the session on the server, clears storage and shows the login screen', async ({
  page,
}) => {
  await signIn(page);
  const { authentication_token: token } = await localStorageOf(page);

  await page.getByRole('button', { name: AGENT.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await localStorageOf(page)).toEqual({});
  const me = await page.request.get('/api/auth/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(460);

  // Signed out, the signed-in area is closed again.
  await page.goto('/');
  await expect(page).toHaveURL('/login');
});

test('a signed-in user visiting /login goes home', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL('/oneview');
});

test('an email and password that open two companies: choose a company, then signed in there', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // two sign-ins and two users set up through the API
  // The same person in two companies with one password (issue 12: emails are unique per company).
  const user = await createAdminUser(request, 'choice');
  const north = await apiAs(request, 'admin@northwind.example');
  const me = await north.get<{ company_id: number }>('/auth/me');
  const roles = await north.get<{ results: { id: number; access_level: number }[] }>(
    '/user-roles?perPage=100',
  );
  const role = roles.results.find((row) => row.access_level < 4);
  if (!role) throw new Error('no Northwind role to give');
  await north.send('POST', '/users', {
    email: user.email,
    password: user.password,
    first_name: 'Tabitha',
    last_name: 'North',
    role_id: role.id,
  });

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/login');
    await submitLogin(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Demo Wireless', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Northwind Mobile', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    if (width === 390) await page.getByRole('button', { name: 'Back to sign in' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  await page.getByRole('button', { name: 'Northwind Mobile', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({
    timeout: 30_000,
  });
  const stored = JSON.parse((await localStorageOf(page)).user ?? '{}') as {
    email?: string;
    company_id?: number;
  };
  expect(stored).toMatchObject({ email: user.email, company_id: me.company_id });
});
