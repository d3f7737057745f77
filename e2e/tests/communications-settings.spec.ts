import { expect, test } from '../support/fixtures.ts';
import { submitLogin } from '../support/session.ts';

// Issue 18 item 7: the manager sets the company's communications settings; a new bulletin starts
// from them, and /communications/notifications shows what it sent, person by person.
test.describe.configure({ timeout: 240_000 });

test('settings become a new bulletin’s defaults, and its sending is counted', async ({ page }) => {
  const title = `Inventory day ${Date.now().toString(36)}`;
  await page.goto('/login');
  await submitLogin(page, 'manager@demo.example');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await menu.getByRole('link', { name: 'Communication Settings' }).click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/communications\/settings$/);
  const days = page.getByRole('spinbutton', { name: 'Acknowledge within (days)' });
  await expect(days).toBeVisible({ timeout: 30_000 });
  await days.fill('7');
  await page.getByRole('checkbox', { name: 'Mail', exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Communication settings saved')).toBeVisible({ timeout: 30_000 });

  await page.goto('/communications/new');
  await expect(
    page.getByRole('spinbutton', { name: 'Escalate to manager after (days)' }),
  ).toHaveValue('7', { timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: 'Mail', exact: true })).toBeChecked();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Counting all day; please read.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/communications\/list-page$/, { timeout: 30_000 });

  await menu.getByRole('link', { name: 'Communication Notifications' }).click();
  await expect(page).toHaveURL(/\/communications\/notifications$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: /Eli Employee/ })).toContainText('Unread');
});
