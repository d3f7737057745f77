import { expect, test } from '../support/fixtures.ts';
import { submitLogin } from '../support/session.ts';

// Issue 18 item 7: a manager makes a recipient list of one person, then a bulletin from the demo
// template ("Early closing") aimed at that list alone: it reaches exactly that one person.
test.describe.configure({ timeout: 240_000 });

test('a list, and a bulletin from a template aimed at it', async ({ page }) => {
  const name = `Night crew ${Date.now().toString(36)}`;
  await page.goto('/login');
  await submitLogin(page, 'manager@demo.example');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await menu.getByRole('link', { name: 'Lists' }).click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/lists$/);
  await page.goto('/lists/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Description').fill('Who closes at night');
  await page.getByRole('combobox', { name: 'People' }).fill('Eli');
  await page.getByRole('option', { name: 'Eli Employee' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/lists$/, { timeout: 30_000 });
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.goto('/communications/new');
  await page.getByRole('combobox', { name: 'Start from template' }).click();
  await page.getByRole('option', { name: 'Early closing' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Store closing early');
  const title = `Store closing early ${name}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Lists' }).click();
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/communications\/list-page$/, { timeout: 30_000 });
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('I have read');
  // Aimed at the list alone, it reaches its one member.
  await page.goto('/communications/dashboard');
  await page.getByRole('combobox', { name: 'Bulletin' }).click();
  await page.getByRole('option', { name: title }).click();
  await expect(page.getByLabel('People to acknowledge')).toHaveText('1', { timeout: 30_000 });
});
