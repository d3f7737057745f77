import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Feature add-ons (issue 17 item 4): an associate adds a feature to a customer's existing line
// (the demo's Verizon line 340-555-0191), pays it and finds it in the add-on list.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const LINE = '3405550191';
const tag = Date.now().toString(36);
const protection = { name: `Device Protection ${tag}`, sku: `FEAT-DP-${tag}`, price_cents: 1_700 };

let seeded = false;
test.beforeAll(async ({ request }) => {
  if (seeded) return;
  const agent = await apiAs(request, AGENT.email);
  await agent.send('POST', '/products', { ...protection, kind: 'feature', is_serialized: false });
  seeded = true;
});

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

test('a feature added to a customer’s line, paid, then listed under its line', async ({ page }) => {
  await signIn(page, 'employee@demo.example');
  await page.goto('/features-addons-sale');

  const line = page.getByRole('combobox', { name: 'Line' });
  await line.click();
  await line.fill(LINE);
  await page.getByRole('option', { name: new RegExp(`^${LINE} · Grace Hodge`) }).click();
  const item = page.getByRole('group', { name: 'Line 1' });
  const feature = item.getByRole('combobox', { name: 'Plan or feature' });
  await feature.click();
  await feature.fill(protection.name);
  await page.getByRole('option', { name: new RegExp(protection.name) }).click();
  await item.getByRole('spinbutton', { name: 'Quantity' }).fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Sale created');
  await expect(page).toHaveURL(/\/sale-confirmation\/\d+$/);
  const id = /\/sale-confirmation\/(\d+)$/.exec(page.url())?.[1] ?? '';

  const receipt = page.getByLabel('Receipt');
  await expect(receipt).toContainText(protection.name);
  await expect(page.getByText('Payments match the total')).toBeVisible();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expectToast(page, 'Sale completed');
  await expect(receipt).toContainText('Completed');

  // The add-on list: this receipt, on its line, for its customer.
  await page.goto('/feature-add-on');
  const row = page.getByRole('row').filter({ hasText: LINE }).filter({ hasText: id }).first();
  await expect(row).toContainText('Grace Hodge');
  await expect(row).toContainText('Completed');
  await page.goto(`/feature-add-on/view/${id}`);
  await expect(page.getByRole('heading', { name: `Sale: ${id}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: LINE })).toBeVisible();
  await page.getByRole('tab', { name: 'Lines' }).click();
  await expect(page.getByText(protection.name)).toBeVisible();
});
