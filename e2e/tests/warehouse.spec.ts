import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, signIn } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// The warehouse ships serials typed (or scanned) on /fulfill-order/{id}; the store receives them
// on /receive-order/{id} against the manifest (issue 16 items 2 and 3).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const tag = Date.now().toString(36).toUpperCase();
const serials = [1, 2, 3].map((n) => `IMEI-${tag}-${n}`);
let orderId = 0;

test.beforeAll(async ({ request }) => {
  const agent = await apiAs(request, AGENT.email);
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Scanner Phone ${tag}`,
    sku: `SP-${tag}`,
    price_cents: 49_900,
    is_serialized: true,
  });
  const warehouse = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Warehouse ${tag}`,
  });
  await agent.send('POST', '/inventory-items', {
    product_id: product.id,
    location_id: warehouse.id,
    serials,
  });
  const stores = await agent.get<{ results: { id: number }[] }>('/stores?perPage=1');
  const order = await agent.send<{ id: number }>('POST', '/orders', {
    store_id: stores.results[0]?.id,
    lines: [{ product_id: product.id, quantity: 3 }],
  });
  await agent.send('POST', `/orders/${order.id}/transition`, { to: 'submitted' });
  orderId = order.id;
});

async function scan(page: Page, serial: string) {
  const field = page.getByLabel('Serial or IMEI');
  await field.fill(serial);
  await field.press('Enter');
  await expect(page.getByRole('button', { name: serial })).toBeVisible();
}

test('fulfil by typing serials, then receive with a missing unit: under review', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/fulfill-order/${orderId}`);
  await expect(page.getByRole('heading', { name: `Fulfill Order #${orderId}` })).toBeVisible();
  await expect(page.getByText('3 ordered, 3 in the warehouse')).toBeVisible();
  for (const serial of serials) await scan(page, serial);
  await expect(page.getByText('3 of 3 picked')).toBeVisible();
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order shipped');

  await page.goto(`/receive-order/${orderId}`);
  await expect(page.getByRole('heading', { name: `Receive Order #${orderId}` })).toBeVisible();
  await expect(page.getByText('Missing (3)')).toBeVisible();
  await scan(page, serials[0] ?? '');
  await scan(page, serials[1] ?? '');
  await expect(page.getByText('Matched (2)')).toBeVisible();
  await expect(page.getByText('Missing (1)')).toBeVisible();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order under review');
});
