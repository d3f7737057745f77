import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';
import { stockAtStore } from '../support/stock.ts';
import { expectToast } from '../support/toasts.ts';

// Retail sales at the counter (issue 17): a sales associate rings up an accessory and prints.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** Signs in as the associate, waiting as long as a busy machine needs. */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

const ASSOCIATE = 'employee@demo.example';
const tag = Date.now().toString(36);
const charger = { name: `Car Charger ${tag}`, sku: `CC-${tag}`, price_cents: 2_500 };

// A worker may run this file's beforeAll again (after other files) with the same module, so the
// same tag: the product is made once per module.
let seeded = false;
test.beforeAll(async ({ request }) => {
  if (seeded) return;
  const agent = await apiAs(request, AGENT.email);
  const product = await agent.send<{ id: number }>('POST', '/products', {
    ...charger,
    kind: 'accessory',
    is_serialized: false,
  });
  // A sale takes its accessories from the associate's shelf (the demo's home store).
  await stockAtStore(agent, 'Charlotte Amalie', product.id, 10);
  seeded = true;
});

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'page width').toBeLessThanOrEqual(widths.client);
}

test('a simple sale with an accessory, paid by card, to its printable receipt', async ({
  page,
}) => {
  await signIn(page, ASSOCIATE);
  await page.goto('/sales-center');
  await expect(page.getByRole('heading', { name: /^Sales Center/ })).toBeVisible();
  await page.getByRole('link', { name: 'New sale' }).click();
  await expect(page).toHaveURL('/simple-sale');

  // The store is the associate's current one; a customer is optional (walk-in).
  const store = page.getByRole('combobox', { name: 'Store' });
  await expect(store).not.toHaveValue('');
  const line = page.getByRole('group', { name: 'Line 1' });
  const product = line.getByRole('combobox', { name: 'Product' });
  await product.click();
  await product.fill(charger.name);
  await page.getByRole('option', { name: new RegExp(charger.name) }).click();
  await line.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Sale created');
  await expect(page).toHaveURL(/\/sale-confirmation\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Sale confirmation' })).toBeVisible();

  // Two payments that do not add up yet: Complete stays off until they do.
  const receipt = page.getByLabel('Receipt');
  await expect(receipt).toContainText(`2 × ${charger.name}`);
  const total =
    (await receipt
      .getByText(/^\$[\d,.]+$/)
      .last()
      .textContent()) ?? '';
  await page.getByRole('button', { name: 'Split payment' }).click();
  await page.getByRole('textbox', { name: 'Amount 1' }).fill('10.00');
  await expect(page.getByText(/^Left to pay/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  await page.getByRole('textbox', { name: 'Amount 2' }).fill(((cents - 1000) / 100).toFixed(2));
  await expect(page.getByText('Payments match the total')).toBeVisible();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expectToast(page, 'Sale completed');

  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt).toContainText('Completed');
  await expect(receipt).toContainText('Paid by Card');
  await expect(receipt).toContainText('Paid by Cash');
  await expect(receipt).toContainText(total);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  // The receipt as a PDF file (issue 17), made in the browser.
  const receiptId = /\/sale-confirmation\/(\d+)$/.exec(page.url())?.[1] ?? '';
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${receiptId}.pdf`);
  const pdf = (await readFile(await download.path())).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);

  // The charger turns out dead on arrival: its line comes back, refunded in full.
  await receipt.getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${charger.name}` });
  await dialog.getByRole('combobox', { name: 'Return type' }).click();
  await page.getByRole('option', { name: 'Dead on Arrival' }).click();
  await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('Does not charge');
  // An exchange would refund nothing (one per receipt); this customer wants the money back.
  const exchange = dialog.getByRole('checkbox', { name: 'Exchange (one per receipt)' });
  await exchange.check();
  await expect(dialog).toContainText('Exchange: nothing is refunded');
  await exchange.uncheck();
  await expect(dialog).toContainText('Refund:');
  await dialog.getByRole('button', { name: 'Record return' }).click();
  await expectToast(page, 'Return recorded');
  await expect(receipt).toContainText('(returned)');
  await expect(receipt).toContainText('Returned');
  await expect(receipt).toContainText('Refunded');
  // The printed page is the receipt alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // On a phone (390 x 844) nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(receipt).toBeVisible();
  await expectNoOverflow(page);
  for (const path of [
    '/sales-center',
    '/simple-sale',
    '/pos/invoices',
    '/customers',
    '/customers/bulkupload',
    '/returns-refunds',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoOverflow(page);
  }
});

test('an activation: a new customer, then a device and a SIM from the store, to its view', async ({
  page,
  request,
}) => {
  // A phone and a SIM kit on the associate's shelf (the demo stocks the home store).
  const agent = await apiAs(request, AGENT.email);
  const me = await apiAs(request, ASSOCIATE);
  const store = await me.get<{ results: { id: number }[] }>(
    '/stores?search=Charlotte%20Amalie&perPage=1',
  );
  const storeId = store.results[0]?.id ?? 0;
  const locations = await agent.get<{ id: number; store_id: number | null }[]>('/stock-locations');
  const shelf = locations.find((location) => location.store_id === storeId)?.id ?? 0;
  type Unit = { serial: string; product_name: string };
  const units = await agent.get<{ results: Unit[] }>(
    `/inventory-items?location_id=${String(shelf)}&perPage=100`,
  );
  const phone = units.results.find((unit) => /^\d{15}$/.test(unit.serial));
  const sim = units.results.find((unit) => /^\d{19,20}$/.test(unit.serial));
  expect(phone, 'a phone in stock').toBeDefined();
  expect(sim, 'a SIM in stock').toBeDefined();

  await signIn(page, ASSOCIATE);
  await page.goto('/customers/new');
  await page.getByRole('textbox', { name: 'First name' }).fill('Avery');
  await page.getByRole('textbox', { name: 'Last name' }).fill(`Line ${tag}`);
  const number = `340${String(Date.now() % 1e7).padStart(7, '0')}`;
  await page.getByRole('textbox', { name: 'Phone' }).fill(number);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Customer created');

  await page.goto('/activation');
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await customer.click();
  await customer.fill(`Line ${tag}`);
  await page.getByRole('option', { name: new RegExp(`Line ${tag}`) }).click();
  await page.getByRole('combobox', { name: 'Carrier' }).click();
  await page.getByRole('option', { name: 'Verizon' }).click();
  await page.getByRole('textbox', { name: 'Plan' }).fill('Unlimited Plus');
  await page.getByRole('textbox', { name: 'Device IMEI' }).fill('123456789012345');
  await page.getByRole('textbox', { name: 'SIM ICCID' }).fill(sim?.serial ?? '');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(number);
  // A mistyped IMEI fails its check digit before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a 15-digit IMEI that passes the check digit')).toBeVisible();
  await page.getByRole('textbox', { name: 'Device IMEI' }).fill(phone?.serial ?? '');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Activation created');

  // It lands on its printable receipt: the number, the device's IMEI and the SIM.
  await expect(page).toHaveURL(/\/activation\/receipt\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Activation receipt' })).toBeVisible();
  const receipt = page.getByLabel('Receipt');
  await expect(receipt).toContainText(phone?.serial ?? 'IMEI');
  await expect(receipt).toContainText(sim?.serial ?? 'ICCID');
  await expect(receipt).toContainText(
    `(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`,
  );
  await expect(receipt).toContainText('Verizon');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The customer's page lists the new line; the units left the shelf.
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Line ${tag}`);
  await page
    .getByRole('row')
    .filter({ hasText: `Line ${tag}` })
    .getByRole('link', { name: 'View' })
    .click();
  await expect(page.getByRole('heading', { name: `Avery Line ${tag}` })).toBeVisible();
  await expect(
    page.getByText(new RegExp(`${number} · Verizon Unlimited Plus · Pending`)),
  ).toBeVisible();
  const after = await agent.get<{ results: Unit[] }>(
    `/inventory-items?location_id=${String(shelf)}&perPage=100`,
  );
  expect(after.results.map((unit) => unit.serial)).not.toContain(phone?.serial);
});
