import { expect as baseExpect, test } from '../support/fixtures.ts';
import { type Page } from '@playwright/test';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 15 item 6: /asset-tracker, the company's equipment per store, moved with a history.
// The machine these run on is shared and often busy: generous waits, never timing assertions.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

let manager: AdminUser;
test.beforeAll(async ({ request }) => {
  // A user of the demo Store Manager role: its permissions and menu are the seed's.
  manager = await createAdminUser(request, 'assets', 'Store Manager');
});

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a store manager adds an asset, moves it to another store and sees the move in its history', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Back office laptop ${stamp}`;
  const serial = `SN-${stamp}`;
  await signInAs(page, manager);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Asset Tracker', exact: true })
    .click();
  await expect(page).toHaveURL('/asset-tracker');
  await expect(page.getByRole('heading', { name: 'Asset Tracker' })).toBeVisible();

  await page.getByRole('link', { name: 'Add Company Asset' }).first().click();
  await expect(page).toHaveURL('/asset-tracker/new');
  // The contract's schema checks the form before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Type' }).fill('Laptop');
  await page.getByRole('textbox', { name: 'Serial number' }).fill(serial);
  await pick(page, 'Store', 'Times Square');
  await pick(page, 'Condition', 'Good');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Company asset added');
  await expect(page).toHaveURL('/asset-tracker');

  // Listed by store: the groups open on a click.
  await page.getByRole('searchbox', { name: 'Search' }).fill(serial);
  await page.getByRole('button', { name: 'Expand group Times Square' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Times Square');
  await expect(row).toContainText('Good');
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: `Company Asset: ${name}` })).toBeVisible();
  const moves = page.getByRole('table', { name: 'Moves' });
  await expect(moves).toContainText('Not moved yet');

  // Move it, with a note: the store changes and the move is listed with who, from and to.
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${name}` });
  await expect(dialog).toContainText('Now at Times Square');
  await dialog.getByRole('combobox', { name: 'To store' }).click();
  await page.getByRole('option', { name: 'Oak Park', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill(`Lent for inventory ${stamp}`);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expectToast(page, 'Asset moved');
  await expect(dialog).toHaveCount(0);
  const move = moves.getByRole('row').filter({ hasText: `Lent for inventory ${stamp}` });
  await expect(move).toHaveCount(1);
  await expect(move).toContainText('Times Square');
  await expect(move).toContainText('Oak Park');
  await expect(move).toContainText('Tabitha');

  // The engine's History tab has it too, and the list shows the asset under its new store.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' })).toContainText('Move');
  await page.goto('/asset-tracker');
  await page.getByRole('searchbox', { name: 'Search' }).fill(serial);
  await page.getByRole('button', { name: 'Expand group Oak Park' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Oak Park');
});
