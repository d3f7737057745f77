import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';

// Issue 14 items 9 and 11: a user added under Users is found in Employees (one person, one
// record); roles, districts and stores show by name to a role that may not read those lists, and
// permissions show as words, not keys.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

let admin: AdminUser;
let callCenter: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'people');
  callCenter = await createAdminUser(request, 'names', 'Call Center');
});

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fails on any request the page makes that is refused (403) or missing (404). */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if ([403, 404].includes(response.status()))
      refused.push(`${response.status()} ${response.url()}`);
  });
  return refused;
}

test('a user added under Users is found in Employees', async ({ page }) => {
  const last = `Onerecord${Date.now().toString(36)}`;
  await signInAs(page, admin);
  await page.goto('/users/new');
  await page.getByRole('textbox', { name: 'First name' }).fill('Uma');
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${last.toLowerCase()}@demo.example`);
  await page.getByLabel('Password').fill(`Welcome-Aboard-${Date.now()}-9!`);
  await pick(page, 'Role', 'Sales Associate');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/users');

  await page.goto('/employees');
  await page.getByLabel('Search').fill(last);
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row').filter({ hasText: last })).toHaveCount(1);
});

test('a call center agent reads role and district names, never #ids, and no list is refused', async ({
  page,
}) => {
  const refused = watchRefusals(page);
  await signInAs(page, callCenter);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill('user@demo.example');
  const users = page.getByRole('table', { name: 'Users' });
  const base = users.getByRole('row').filter({ hasText: 'user@demo.example' });
  await expect(base).toHaveCount(1);
  await expect(base).toContainText('Base User');
  await expect(users.getByRole('cell', { name: /^#\d+$/ })).toHaveCount(0);

  await page.goto('/admin-location-settings');
  const stores = page.getByRole('table', { name: 'Locations' });
  await expect(stores.getByRole('row').filter({ hasText: 'Border' }).first()).toBeVisible();
  await expect(stores.getByRole('cell', { name: /^#\d+$/ })).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('permissions are offered as words, not keys', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/permission-groups/add');
  await page.getByRole('combobox', { name: 'Permissions' }).click();
  await expect(page.getByRole('option', { name: 'View stores', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'read_stores' })).toHaveCount(0);
});
