import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 16 item 7: a price adjustment of an order line with a reason, seen on the order; an
// accessory count from a CSV posted as stock adjustments.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const WAREHOUSE = 'warehouse@demo.example';
const tag = Date.now().toString(36);

/** Signs in (the frame may take a while on a busy machine: the 30 s expect, not the 10 s one). */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('the warehouse adjusts an order line with a reason; the order shows the new total and the adjustment', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Adjusted Phone ${tag}`,
    sku: `ADJ-E2E-${tag}`,
    price_cents: 10_000,
  });
  // A submitted order must fit the warehouse's available units.
  const shelf = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Adjust Warehouse ${tag}`,
  });
  await agent.send('POST', '/inventory-items', {
    product_id: product.id,
    location_id: shelf.id,
    serials: [`ADJ-E2E-${tag}-1`, `ADJ-E2E-${tag}-2`],
  });
  const reason = `Price match ${tag}`;
  await agent.send('POST', '/adjustment-reasons', { name: reason });
  const stores = await agent.get<{ results: { id: number }[] }>('/stores?perPage=1');
  const order = await agent.send<{ id: number }>('POST', '/orders', {
    store_id: stores.results[0]?.id,
    lines: [{ product_id: product.id, quantity: 2 }],
  });
  for (const to of ['submitted', 'pending_shipment'])
    await agent.send('POST', `/orders/${order.id}/transition`, { to });

  await signIn(page, WAREHOUSE);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('link', { name: 'Adjust prices' }).click();
  await expect(page).toHaveURL(`/price-adjustment?order=${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeVisible();

  await choose(page, 'Line', new RegExp(`Adjusted Phone ${tag}`));
  await page.getByRole('spinbutton', { name: 'Amount in cents' }).fill('-2500');
  await choose(page, 'Reason', reason);
  await page.getByRole('textbox', { name: 'Note' }).fill('Matched a competitor');
  await page.getByRole('button', { name: 'Add adjustment' }).click();
  await expectToast(page, 'Price adjustment added');
  const adjustments = page.getByRole('table', { name: 'Price Adjustments' });
  await expect(adjustments.getByRole('row').filter({ hasText: reason })).toContainText(
    'Wes Warehouse',
  );
  // The order's total is read again: 2 x $100.00 - $25.00.
  await expect(page.getByText('Total $175.00 (adjustments -$25.00)')).toBeVisible();

  // The store's view of the order: the line total and the adjustment with its reason.
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(`/orders/${order.id}`);
  await page.getByRole('tab', { name: 'Lines' }).click();
  await expect(page.getByText('$175.00').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Price Adjustments' }).click();
  const row = page.getByRole('table', { name: 'Price Adjustments' }).getByRole('row', {
    name: new RegExp(reason),
  });
  await expect(row).toContainText('-$25.00');
  await expect(row).toContainText('Matched a competitor');
  await expect(row).toContainText('Wes Warehouse');
});

test('an accessory count uploaded as CSV: Check lists the difference, Post adjustments makes stock equal the count', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const location = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Recon Shelf ${tag}`,
  });
  const sku = `CASE-E2E-${tag}`;
  const accessory = await agent.send<{ id: number }>('POST', '/products', {
    name: `Recon Case ${tag}`,
    sku,
    price_cents: 1_500,
    kind: 'accessory',
  });
  await agent.send('POST', '/inventory-items', {
    product_id: accessory.id,
    location_id: location.id,
    serials: Array.from({ length: 4 }, (_, n) => `${sku}-${n}`),
  });
  const reason = `Cycle count ${tag}`;
  await agent.send('POST', '/adjustment-reasons', { name: reason });

  await signIn(page, WAREHOUSE);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Accessory Recon Upload' })
    .click();
  await expect(page).toHaveURL('/accessory-recon-upload');
  await choose(page, 'Location', `Recon Shelf ${tag}`);
  await choose(page, 'Reason', reason);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'count.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,quantity\n${sku},1\n`),
  });
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('1 of 1 lines differ from the stock on hand')).toBeVisible();
  const differences = page.getByRole('table', { name: 'Differences' });
  await expect(differences.getByRole('row').filter({ hasText: sku })).toContainText('-3');
  await page.getByRole('button', { name: 'Post adjustments' }).click();
  await expect(page.getByText('the stock now equals the count')).toBeVisible();
  const onHand = await agent.get<{ quantity: number }[]>(
    `/stock-on-hand?location_id=${location.id}&product_id=${accessory.id}`,
  );
  expect(onHand.reduce((sum, row) => sum + row.quantity, 0)).toBe(1);
});
