import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';
import { stockAtStore } from '../support/stock.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 17, the counter's remaining journeys on a real server: a customer's purchase history after
// a sale, a sales report's PDF, a prepaid refill at /incomm to its thank-you page, and the return
// rules per carrier (the activation's receipt is in sales.spec.ts).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ASSOCIATE = 'employee@demo.example';
const tag = Date.now().toString(36);

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'page width').toBeLessThanOrEqual(widths.client);
}

test('a customer’s purchase history lists a completed sale and opens its receipt', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const store = await agent.get<{ results: { id: number }[] }>(
    '/stores?search=Charlotte%20Amalie&perPage=1',
  );
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Phone Case ${tag}`,
    sku: `CASE-${tag}`,
    price_cents: 2_000,
    kind: 'accessory',
  });
  await stockAtStore(agent, 'Charlotte Amalie', product.id, 1);
  const customer = await agent.send<{ id: number }>('POST', '/customers', {
    first_name: 'Hana',
    last_name: `History ${tag}`,
    phone: `340${String(Date.now() % 1e7).padStart(7, '0')}`,
  });
  const sale = await agent.send<{ id: number; total_cents: number }>('POST', '/sales', {
    store_id: store.results[0]?.id,
    customer_id: customer.id,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  await agent.send('POST', `/sales/${String(sale.id)}/complete`, {
    payments: [{ method: 'card', amount_cents: sale.total_cents }],
  });

  await signIn(page, ASSOCIATE);
  await page.goto(`/customers/${String(customer.id)}`);
  await expect(page.getByRole('heading', { name: `Hana History ${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Purchase history' })).toBeVisible();
  const total = `$${(sale.total_cents / 100).toFixed(2)}`;
  const purchase = page.getByRole('link', { name: new RegExp(`^#${String(sale.id)} · `) });
  await expect(purchase).toContainText(total);
  await expect(purchase).toContainText('Completed');
  await purchase.click();
  await expect(page).toHaveURL(`/sale-confirmation/${String(sale.id)}`);
  await expect(page.getByLabel('Receipt')).toContainText(`Phone Case ${tag}`);
});

test('a sales report exports a PDF file', async ({ page }) => {
  await signIn(page, AGENT.email);
  await page.goto('/sales-reports');
  await expect(page.getByRole('heading', { name: 'Sales Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales Reports' })).toBeVisible();
  await expect(page.getByLabel('Loading')).toHaveCount(0);
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Sales Reports.*\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});

test('a prepaid refill at /incomm completes and shows its confirmation', async ({ page }) => {
  // A fresh number (never ending 0000, which the test provider refuses).
  const number = `340${String(Date.now() % 10_000_000).padStart(7, '0')}`.replace(/0000$/, '0001');
  await signIn(page, ASSOCIATE);
  await page.goto('/incomm');
  await expect(page.getByRole('heading', { name: 'Prepaid refill' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(number);
  await expect(page.getByRole('status')).toContainText('Payments match the total');
  await page.getByRole('button', { name: 'Sell refill' }).click();

  await expect(page).toHaveURL(/\/incomm-thank-you\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Confirmed');
  const receipt = page.getByLabel('Receipt', { exact: true });
  await expect(receipt).toContainText('Confirmation');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
});

test('the return rules: a carrier’s window saved for the company, then removed', async ({
  page,
}) => {
  await signIn(page, AGENT.email);
  await page.goto('/returns-refunds');
  await page.getByRole('link', { name: 'Return Rules' }).click();
  await expect(page).toHaveURL('/returns-refunds/settings');
  await expect(page.getByRole('heading', { name: 'Return Rules' })).toBeVisible();
  const window = page.getByRole('textbox', { name: 'Visible return window (days)' });
  await window.fill('21');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Return rules saved');
  await page.reload();
  await expect(window).toHaveValue('21');
  await window.fill('400');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Visible return window: enter whole days from 0 to 365'),
  ).toBeVisible();
  await window.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Return rules saved');
  await page.reload();
  await expect(window).toHaveValue('');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(window).toBeVisible();
  await expectNoOverflow(page);
  // On a phone each field's label shows whole (not cut to "Return window (d…").
  const visible = page.getByRole('group', { name: 'Visible', exact: true });
  for (const text of ['Return window (days)', 'Restocking fee (%)']) {
    const label = visible.locator('label').filter({ hasText: text });
    await expect(label).toBeVisible();
    await expect(label).toHaveText(text);
    const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut, `the label ${text} is cut`).toBe(false);
  }
});
