import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, localStorageOf, signIn } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// The shop and the cart (issue 16 item 2, SPEC.md section 4 cart rules): add, merge, totals,
// reload keeps the cart, logout clears it, checkout makes the order the store sees in /orders.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const MANAGER = { email: 'manager@demo.example', name: 'Mina Manager' };
const tag = `SH${Date.now().toString(36).toUpperCase()}`;
const widget = { name: `Widget Phone ${tag}`, sku: `${tag}-W`, price_cents: 1250, tax_bps: 825 };
const gadget = { name: `Gadget Phone ${tag}`, sku: `${tag}-G`, price_cents: 300, tax_bps: 825 };
const strap = {
  name: `Strap ${tag}`,
  sku: `${tag}-S`,
  price_cents: 999,
  tax_bps: 0,
  kind: 'accessory',
};

// A worker may run this file's beforeAll again (after other files) with the same module, so the
// same tag: the products and stock are made once per module.
let seeded = false;
test.beforeAll(async ({ request }) => {
  if (seeded) return;
  const agent = await apiAs(request, AGENT.email);
  const made: number[] = [];
  for (const product of [widget, gadget, strap])
    made.push((await agent.send<{ id: number }>('POST', '/products', product)).id);
  const warehouse = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Shop Warehouse ${tag}`,
  });
  await agent.send('POST', '/inventory-items', {
    product_id: made[0],
    location_id: warehouse.id,
    serials: Array.from({ length: 6 }, (_, i) => `${tag}-${String(i + 1)}`),
  });
  seeded = true;
});

/** The shop's card of a product: its quantity box and its Add to cart. */
async function addFromShop(page: Page, name: string, quantity: number) {
  const card = page.getByRole('article', { name });
  await card.getByRole('spinbutton', { name: `Quantity of ${name}` }).fill(String(quantity));
  await card.getByRole('button', { name: `Add ${name} to the cart` }).click();
  await expectToast(page, `${name} added to the cart`);
}

async function searchShop(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
}

const cartIcon = (page: Page, count: number) =>
  page.getByRole('button', { name: count === 1 ? 'Cart: 1 item' : `Cart: ${count} items` });

test('shop, cart (merge, totals, reload), checkout: the order is in /orders', async ({ page }) => {
  await signIn(page, MANAGER.email);
  await searchShop(page, '/shop/products');
  await expect(page.getByRole('heading', { name: 'Shop Products' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  const widgetCard = page.getByRole('article', { name: widget.name });
  await expect(widgetCard.getByText('6 in stock')).toBeVisible();
  await expect(
    page.getByRole('article', { name: gadget.name }).getByText('Out of stock'),
  ).toBeVisible();

  await addFromShop(page, widget.name, 2);
  await addFromShop(page, widget.name, 1); // merges: 3
  await addFromShop(page, gadget.name, 1);
  await expect(cartIcon(page, 4)).toBeVisible();

  await page.getByRole('link', { name: 'Cart (4)' }).click();
  await expect(page).toHaveURL('/cart');
  const widgetLine = page.getByRole('group', { name: widget.name });
  await expect(
    widgetLine.getByRole('spinbutton', { name: `Quantity of ${widget.name}` }),
  ).toHaveValue('3');
  // 3 x $12.50 = $37.50 + 8.25 % tax $3.09 = $40.59; 1 x $3.00 + $0.25 = $3.25
  await expect(page.getByLabel(`Total of ${widget.name}`)).toHaveText('$40.59');
  await expect(page.getByLabel(`Total of ${gadget.name}`)).toHaveText('$3.25');
  await expect(page.getByLabel('Cart total')).toHaveText('$43.84');

  // The quantity changes: tax and total follow (4 x $12.50 = $50.00 + $4.13).
  await widgetLine.getByRole('spinbutton', { name: `Quantity of ${widget.name}` }).fill('4');
  await expect(page.getByLabel(`Total of ${widget.name}`)).toHaveText('$54.13');
  await expect(page.getByLabel('Cart tax')).toHaveText('$4.38');
  await expect(page.getByLabel('Cart total')).toHaveText('$57.38');
  await expect(cartIcon(page, 5)).toBeVisible();

  // A reload keeps the cart (browser storage, cart_items).
  await page.reload();
  await expect(page.getByLabel('Cart total')).toHaveText('$57.38');
  const stored = await localStorageOf(page);
  expect(JSON.parse(stored.cart_items ?? '[]')).toHaveLength(2);

  // The gadget is out of stock: the checkout is refused, naming it and what is available, and
  // the cart stays as it was.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: gadget.name })).toHaveText(
    `${gadget.name}: 1 ordered, only 0 available at the warehouse`,
  );
  await expect(page).toHaveURL('/cart');
  await expect(cartIcon(page, 5)).toBeVisible();
  await page.getByRole('button', { name: `Remove ${gadget.name}` }).click();
  await expect(page.getByLabel('Cart total')).toHaveText('$54.13');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/orders');
  await expectToast(page, 'Order created');
  await expect(cartIcon(page, 0)).toBeVisible();
  // The server priced it as the cart showed: the newest order, submitted, $54.13.
  const newest = page.getByRole('main').getByRole('row').filter({ hasText: '$54.13' }).first();
  await expect(newest).toBeVisible();
  await expect(newest).toContainText('Submitted');
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('accessories have their own cart; logout clears both', async ({ page }) => {
  await signIn(page, MANAGER.email);
  await searchShop(page, '/shop/accessories');
  await expect(page.getByRole('heading', { name: 'Shop Accessories' })).toBeVisible();
  await addFromShop(page, strap.name, 2);
  await searchShop(page, '/shop/products');
  await addFromShop(page, gadget.name, 1);
  await expect(cartIcon(page, 3)).toBeVisible();
  const stored = await localStorageOf(page);
  expect(JSON.parse(stored.cart_accessories ?? '[]')).toMatchObject([
    { name: strap.name, quantity: 2, price: 999, tax: 0, total: 1998 },
  ]);
  expect(JSON.parse(stored.cart_items ?? '[]')).toMatchObject([{ name: gadget.name, quantity: 1 }]);
  await page.goto('/cart/accessories');
  await expect(page.getByRole('heading', { name: 'Accessories Cart' })).toBeVisible();
  await expect(page.getByLabel('Cart total')).toHaveText('$19.98');

  await page.getByRole('button', { name: MANAGER.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, MANAGER.email);
  await expect(cartIcon(page, 0)).toBeVisible();
  await page.goto('/cart/accessories');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('on a 390x844 phone the shop and the cart fit the screen', async ({ page }) => {
  await signIn(page, MANAGER.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await searchShop(page, '/shop/products');
  await expect(page.getByRole('article')).toHaveCount(2);
  await addFromShop(page, widget.name, 12_345);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width(), '/shop/products is no wider than the screen').toBeLessThanOrEqual(390);
  await page.goto('/cart');
  await expect(page.getByLabel('Cart total')).toBeVisible();
  expect(await width(), '/cart is no wider than the screen').toBeLessThanOrEqual(390);
  for (const control of [
    page.getByRole('button', { name: `Remove ${widget.name}` }),
    page.getByRole('button', { name: 'Checkout' }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
});

test('a CSV order lists the bad row, then is placed; the warehouse finds it to fulfil', async ({
  page,
}) => {
  await signIn(page, MANAGER.email);
  await page.goto('/csv-order');
  await expect(page.getByRole('heading', { name: 'CSV Order' })).toBeVisible();
  const csv = page.getByRole('textbox', { name: 'CSV' });
  await csv.fill(`sku,quantity\n${widget.sku},2\nNOPE-${tag},1\n`);
  await page.getByRole('button', { name: 'Check' }).click();
  await expectToast(page, '1 row has errors; nothing was saved');
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(
    problems.getByRole('row').filter({ hasText: `No product with SKU NOPE-${tag}` }),
  ).toContainText('3');
  await csv.fill(`sku,quantity\n${widget.sku},2\n`);
  await page.getByRole('button', { name: 'Check' }).click();
  await expectToast(page, '1 line checked; nothing was saved');
  await expect(
    page.getByRole('table', { name: 'Lines to order' }).getByText(widget.name),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL('/orders');
  await expectToast(page, 'Order created');

  // The warehouse's queue shows it with a Fulfill link to its pick list. The order: 2 x $12.50
  // + $2.06 tax = $27.06 (no other order of these tests costs that).
  const orders = await (
    await apiAs(page.request, AGENT.email)
  ).get<{ results: { id: number }[] }>('/orders?filter[total_cents]=2706&sort=-id&perPage=1');
  const id = orders.results[0]?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  await page.getByRole('button', { name: MANAGER.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, AGENT.email);
  await page.goto('/unfulfilled-orders');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${id}` }) });
  await expect(row).toContainText('Submitted');
  await row.getByRole('link', { name: 'Fulfill' }).click();
  await expect(page).toHaveURL(`/fulfill-order/${id}`);
  await expect(page.getByText(`${widget.name}: 2 ordered, 6 in the warehouse`)).toBeVisible();
  // The order's own page offers the same.
  await page.goto(`/orders/${id}`);
  await page.getByRole('main').getByRole('link', { name: 'Fulfill', exact: true }).click();
  await expect(page).toHaveURL(`/fulfill-order/${id}`);
});
