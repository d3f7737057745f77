import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';

// Issue 14 item 12: screens offer only what the server's rank rule allows. A master agent sees
// the platform's super admin (and other master agents) without Edit, Delete, Lock, Disable or
// Set password, and is not offered the Super Admin role; a user below keeps every action.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'rank');
});

const WRITE_ACTIONS = ['Edit', 'Delete', 'Lock', 'Disable', 'Set password'];

async function userRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({
    hasText: email,
  });
  await expect(row).toHaveCount(1);
  return row;
}

const action = (row: Locator, name: string) =>
  row.getByRole('link', { name, exact: true }).or(row.getByRole('button', { name, exact: true }));

test('a master agent is offered no action on the super admin, every action on a user below', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, admin);
  await page.goto('/users');

  const superAdmin = await userRow(page, 'admin@demo.example');
  await expect(action(superAdmin, 'View')).toBeVisible();
  for (const name of WRITE_ACTIONS) await expect(action(superAdmin, name), name).toHaveCount(0);

  const below = await userRow(page, 'user@demo.example');
  for (const name of WRITE_ACTIONS) await expect(action(below, name), name).toBeVisible();
});

test('the role select of a new user offers no role at or above the master agent', async ({
  page,
}) => {
  await signInAs(page, admin);
  await page.goto('/users/new');
  await page.getByRole('combobox', { name: 'Role' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: 'Store Manager' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Master Agent' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Base User' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Super Admin' })).toHaveCount(0);
});
