import { expect as baseExpect, test } from '../support/fixtures.ts';
import { type Page } from '@playwright/test';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { apiAs } from '../support/api.ts';
import { AGENT } from '../support/session.ts';

// Issue 19 item 2: the inventory app's places and catalogue, as the demo Warehouse role uses them.
// The machine these run on is shared and often busy: generous waits, never timing assertions.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

let clerk: AdminUser;
test.beforeAll(async ({ request }) => {
  // A user of the demo Warehouse role of this file's own: its permissions and menu are the seed's.
  clerk = await createAdminUser(request, 'places', 'Warehouse');
});

/** A toast with this text shows (it may hide on its own before a click could close it). */
const seeToast = (page: Page, text: string) =>
  expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('a warehouse and a product are created, found in their lists, and used for internal inventory', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const warehouseName = `Dockside ${stamp}`;
  const productName = `Rugged Case ${stamp}`;
  const sku = `E2E-RC-${stamp}`;
  await signInAs(page, clerk);

  // The Inventory menu opens the warehouses.
  const nav = mainNav(page);
  const folder = nav.getByRole('button', { name: 'Inventory', exact: true });
  await expect(folder).toBeVisible();
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  for (const item of ['Customer Warehouses', 'Internal Inventory', 'Brands', 'Inventory Products'])
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Warehouses', exact: true }).click();
  await expect(page).toHaveURL('/inventory/warehouses');

  await page.getByRole('link', { name: 'Add Warehouse' }).first().click();
  await expect(page).toHaveURL('/inventory/warehouses/create');
  // The contract's schema checks the form before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(warehouseName);
  await page.getByRole('textbox', { name: 'Contact name' }).fill('Dana Dock');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0177');
  await page.getByRole('textbox', { name: 'Address' }).fill('7 Pier Rd');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Warehouse created');
  await expect(page).toHaveURL('/inventory/warehouses');
  await page.getByRole('searchbox', { name: 'Search' }).fill(warehouseName);
  const warehouseRow = page.getByRole('row').filter({ hasText: warehouseName });
  await expect(warehouseRow).toHaveCount(1);
  await expect(warehouseRow).toContainText('Dana Dock');
  await expect(warehouseRow).toContainText('7 Pier Rd');

  // A product of the catalogue, at the inventory app's address.
  await page.goto('/inventory/products');
  await page.getByRole('link', { name: 'Add Product' }).first().click();
  await expect(page).toHaveURL('/inventory/products/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName);
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  const brand = page.getByRole('combobox', { name: 'Brand' });
  await brand.click();
  await brand.fill('Belkin');
  await page.getByRole('option', { name: 'Belkin', exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Price (cents)' }).fill('2499');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Product created');
  await expect(page).toHaveURL('/inventory/products');
  await page.getByRole('searchbox', { name: 'Search' }).fill(sku);
  const productRow = page.getByRole('row').filter({ hasText: productName });
  await expect(productRow).toHaveCount(1);
  await expect(productRow).toContainText('$24.99');
  await expect(productRow).toContainText('Belkin');

  // Three of them arrive at the new warehouse (set-up through the API, as a count would add them).
  const agent = await apiAs(request, AGENT.email);
  const [warehouseRowData] = (
    await agent.get<{ results: { id: number }[] }>(
      `/inventory-warehouses?search=${encodeURIComponent(warehouseName)}`,
    )
  ).results;
  const [productRowData] = (
    await agent.get<{ results: { id: number }[] }>(`/products?search=${encodeURIComponent(sku)}`)
  ).results;
  await agent.send('POST', '/inventory-items', {
    product_id: productRowData?.id,
    location_id: warehouseRowData?.id,
    serials: [1, 2, 3].map((n) => `${sku}-U${n}`),
  });

  // Five cannot be set aside from three; two are, for the office.
  await page.goto('/inventory/internal-inv');
  await page.getByRole('link', { name: 'Add Internal Inventory' }).first().click();
  await expect(page).toHaveURL('/inventory/internal-inv/create');
  const product = page.getByRole('combobox', { name: 'Product' });
  await product.click();
  await product.fill(sku);
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: warehouseName, exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
  await page.getByRole('textbox', { name: 'Purpose' }).fill(`Office phones ${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(`${warehouseName} holds 3 of ${productName}; 5 cannot be set aside`).first(),
  ).toBeVisible();
  await expect(page).toHaveURL('/inventory/internal-inv/create');
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeToast(page, 'Internal inventory created');
  await expect(page).toHaveURL('/inventory/internal-inv');
  const setAside = page.getByRole('row').filter({ hasText: `Office phones ${stamp}` });
  await expect(setAside).toHaveCount(1);
  await expect(setAside).toContainText(productName);
  await expect(setAside).toContainText(warehouseName);
  // Kept as written: it has a view, no edit and no delete.
  await setAside.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/inventory\/internal-inv\/view\/\d+$/);
  await expect(page.getByText(`Office phones ${stamp}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
