import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';

// Sale dependencies (issue 17 item 9): an admin declares what must be sold with what at
// /admin/sale-dependencies (add, existing). The machine is shared and often busy: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/**
 * A toast with this text. Not closed: on a loaded machine it may hide itself (its timer) between
 * being seen and a click on its Close button.
 */
async function seeToast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
}

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin adds a dependency and finds it in the existing list', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  // A category of its own: no product is in it, so no other test's sale meets the rule.
  const category = `Screen guards ${stamp}`;
  const agent = await apiAs(request, AGENT.email);
  await agent.send('POST', '/categories', { name: category });

  await signIn(page, AGENT.email);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  const entry = menu.getByRole('link', { name: 'Sale Dependencies', exact: true });
  if (!(await entry.isVisible())) await menu.getByRole('button', { name: 'Sales' }).click();
  await entry.click();
  await expect(page).toHaveURL('/admin/sale-dependencies/existing');
  await expect(page.getByRole('heading', { name: 'Sale Dependencies' })).toBeVisible();
  // The demo's rules: a plan needs a device, a feature needs a plan.
  await expect(page.getByRole('row').filter({ hasText: 'A plan needs a device' })).toHaveCount(1);

  await page.getByRole('link', { name: 'Add Sale Dependency' }).first().click();
  await expect(page).toHaveURL('/admin/sale-dependencies/add');
  await pick(page, 'Item', 'Accessory');
  const itemCategory = page.getByRole('combobox', { name: 'Item category' });
  await itemCategory.click();
  await itemCategory.fill(category);
  await page.getByRole('option', { name: category }).click();
  await pick(page, 'Must be sold with', 'Device');
  await page.getByRole('textbox', { name: 'Note' }).fill(`Guards go with a phone ${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Sale dependency added');
  await expect(page).toHaveURL('/admin/sale-dependencies/existing');

  await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
  const row = page.getByRole('row').filter({ hasText: `Guards go with a phone ${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Accessory');
  await expect(row).toContainText(category);
  await expect(row).toContainText('Device');

  // The same rule again is refused with the server's message; nothing is added.
  await page.goto('/admin/sale-dependencies/add');
  await pick(page, 'Item', 'Feature');
  await pick(page, 'Must be sold with', 'Plan');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'This dependency already exists');
  await expect(page).toHaveURL('/admin/sale-dependencies/add');
});
