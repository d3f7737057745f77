import { expect as baseExpect, test } from '../support/fixtures.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { expectToast } from '../support/toasts.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiAs } from '../support/api.ts';
import { AGENT } from '../support/session.ts';

// The machine these run on is shared and often busy: generous waits, never timing assertions.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'settings');
});

test('Company Settings: the user menu opens /my-company-settings, which edits the own company', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const before = await agent.get<{ name: string; timeout_limit: number }>('/company-settings');
  const renamed = `${before.name} ${Date.now().toString(36)}`;
  try {
    await signInAs(page, admin);
    await page.getByRole('button', { name: /^User menu: / }).click();
    await page.getByRole('menuitem', { name: 'Company Settings' }).click();
    await expect(page).toHaveURL('/my-company-settings');
    await expect(page.getByRole('heading', { name: 'Company Settings' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue(before.name);
    const timeout = page.getByRole('spinbutton', { name: 'Auto logout after (minutes)' });
    await expect(timeout).toHaveValue(String(before.timeout_limit));
    // The company's two-factor rule shows as it is (switching it would affect every other spec).
    await expect(page.getByLabel(/^Require a second factor of every user/)).not.toBeChecked();

    // The contract's schema checks the form before anything is sent.
    await name.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Name is required')).toBeVisible();

    await name.fill(renamed);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Company updated');
    // No redirect: the page stays, showing what was saved.
    await expect(page).toHaveURL('/my-company-settings');
    await expect(name).toHaveValue(renamed);
    expect((await agent.get<{ name: string }>('/company-settings')).name).toBe(renamed);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(renamed);

    // The menu settings: only what changed is sent (here the Reporting link, which shows on
    // its own host only, so no other spec's menu changes).
    const host = page.getByRole('textbox', { name: 'Reporting link: shown on this host' });
    const url = page.getByRole('textbox', { name: 'Reporting link: opens' });
    await host.fill('Reports.Example.com');
    await url.fill('http://bi.example.com/');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await expect(page.getByText('Enter an https:// address', { exact: true })).toBeVisible();
    await url.fill('https://bi.example.com/');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await expectToast(page, 'Menu settings updated');
    await expect(host).toHaveValue('reports.example.com');
    const shell = await agent.get<{ menu: Record<string, unknown> }>('/shell/settings');
    expect(shell.menu).toMatchObject({
      reporting_link_host: 'reports.example.com',
      reporting_link_url: 'https://bi.example.com/',
    });
  } finally {
    await agent.send('PATCH', '/company-settings', { name: before.name });
    await agent.send('PATCH', '/company-settings/menu', {
      reporting_link_host: null,
      reporting_link_url: null,
    });
  }
});

test('Company Documents: a file is uploaded to a signed URL, listed, opened and deleted', async ({
  page,
}) => {
  const title = `Price list ${Date.now().toString(36)}`;
  const content = `%PDF-1.4\n% ${title}\n`;
  await signInAs(page, admin);
  await page.goto('/company-documents');
  await expect(page.getByRole('heading', { name: 'Company Documents' })).toBeVisible();
  const file = page.getByLabel('Document file');

  // Nothing chosen: said on the page, nothing sent.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Choose a file to upload')).toBeVisible();

  // A kind of file the company documents do not take: refused before any call.
  await file.setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'This kind of file cannot be uploaded');

  await file.setInputFiles({
    name: `${title}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(content),
  });
  // The name comes from the file, without its extension.
  await expect(page.getByRole('textbox', { name: 'Document name' })).toHaveValue(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Company asset added');

  const table = page.getByRole('table', { name: 'Company Documents' });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  const link = row.getByRole('link', { name: title });
  const href = await link.getAttribute('href');
  // Files are served only through a short-lived signed link the API hands out with the record.
  expect(href).toMatch(/^\/api\/uploads\/.+\.pdf\?expires=\d+&signature=[\w-]+$/);
  const served = await page.request.get(href ?? '');
  expect(served.ok()).toBe(true);
  expect(served.headers()['content-type']).toContain('application/pdf');
  expect(await served.text()).toBe(content);

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Company asset deleted');
  await expect(row).toHaveCount(0);
});

test('Payment Accounts: an account is added for a store at /companies/payments/new, listed and removed', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  // A store of this test's own: a store has one account at most.
  const agent = await apiAs(request, AGENT.email);
  const store = await agent.send<{ id: number; name: string }>('POST', '/stores', {
    name: `Payments Store ${tag}`,
  });
  const account = `acct_e2e_${tag}`;
  await signInAs(page, admin);
  await page.goto('/companies/payments');
  await expect(page.getByRole('heading', { name: 'Payment Accounts' })).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Payment Accounts tools' })
    .getByRole('link', { name: 'Add Payment Account' })
    .click();
  await expect(page).toHaveURL('/companies/payments/new');

  await page.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: store.name, exact: true }).click();
  await page.getByRole('textbox', { name: 'Account id' }).fill('no good');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter the account id the provider gave')).toBeVisible();
  await page.getByRole('textbox', { name: 'Account id' }).fill(account);
  await page.getByRole('textbox', { name: 'Name on statements' }).fill('E2E Wireless');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Payment Account added');
  await expect(page).toHaveURL('/companies/payments');

  await page.getByRole('searchbox', { name: 'Search' }).fill(account);
  const row = page
    .getByRole('table', { name: 'Payment Accounts' })
    .getByRole('row')
    .filter({ hasText: account });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(store.name);
  await expect(row).toContainText('E2E Wireless');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Payment Account removed');
  await expect(row).toHaveCount(0);
});

test("Set password: an admin sets a user's password from the users list", async ({
  page,
  request,
}) => {
  // A user of this test's own, whose password changes: below the admin (the rank rule).
  const target = await createAdminUser(request, 'password', 'Store Manager');
  const password = `New-${Date.now().toString(36)}-Pw!7`;
  await signInAs(page, admin);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(target.email);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({
    hasText: target.email,
  });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/users\/password\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Set password' })).toBeVisible();
  await expect(page.getByText(target.email)).toBeVisible();

  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel('Confirm new password').fill(`${password}x`);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expectToast(page, 'Password updated');
  await expect(page).toHaveURL('/users');

  const old = await request.post('/api/auth/login', {
    data: { email: target.email, password: target.password },
  });
  expect(old.ok()).toBe(false);
  const signedIn = await request.post('/api/auth/login', {
    data: { email: target.email, password },
  });
  expect(signedIn.ok()).toBe(true);
});

test('Company Settings, Company Documents and Payment Accounts have no serious accessibility violations', async ({
  page,
}) => {
  await signInAs(page, admin);
  for (const [path, heading] of [
    ['/my-company-settings', 'Company Settings'],
    ['/company-documents', 'Company Documents'],
    ['/companies/payments', 'Payment Accounts'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await seriousViolations(page, 'main'), path).toEqual([]);
  }
});
