import { expect as baseExpect, test } from '../support/fixtures.ts';
import { search } from '../support/combobox.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { apiAs } from '../support/api.ts';
import { AGENT } from '../support/session.ts';
import { stockAtStore } from '../support/stock.ts';
import { expectToast } from '../support/toasts.ts';

// B2B (issue 17 item 8): a store invoices a business account, sends the invoice and is paid.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const tag = Date.now().toString(36);
const cable = { name: `Fleet Cable ${tag}`, sku: `FC-${tag}`, price_cents: 1_000 };
const business = `Harbor Freight Lines ${tag}`;
const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'b2b');
  const agent = await apiAs(request, AGENT.email);
  const product = await agent.send<{ id: number }>('POST', '/products', {
    ...cable,
    kind: 'accessory',
    is_serialized: false,
  });
  // Sending the invoice takes its cables from the store's shelf (the demo's home store).
  await stockAtStore(agent, 'Charlotte Amalie', product.id, 10);
  // A 10% volume discount, tax exempt: the invoice is 90% of the catalogue price, no tax.
  await agent.send('POST', '/b2b-accounts', {
    company_name: business,
    tax_id: '66-1234567',
    billing_contact: 'Pat Payables',
    billing_email: `ap.${tag}@example.com`,
    payment_terms: 'net_30',
    discount_bps: 1_000,
    tax_exempt: true,
  });
});

test('a B2B invoice: rung up for a business account, sent, paid in full, listed', async ({
  page,
}) => {
  await signInAs(page, admin);
  await page.goto('/b2b-sale');
  await search(page, page, 'Business account', business, new RegExp(business));
  await search(page, page, 'Store', 'Charlotte', /^Charlotte Amalie$/);
  await page.getByRole('textbox', { name: 'PO number' }).fill(`PO-${tag}`);
  const line = page.getByRole('group', { name: 'Line 1' });
  await search(page, line, 'Product', cable.sku, new RegExp(cable.name));
  await line.getByRole('spinbutton', { name: 'Quantity' }).fill('10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'B2B invoice created');
  await expect(page).toHaveURL(/\/b2b-sales\/view\/\d+$/);
  const id = /(\d+)$/.exec(page.url())?.[1] ?? '';

  const status = page.getByRole('group', { name: 'Status' });
  await expect(status).toContainText('Draft');
  await page.getByRole('tab', { name: 'Lines' }).click();
  await expect(page.getByLabel('Totals')).toContainText(`Total${money(9_000)}`);
  await expect(
    page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: cable.name }),
  ).toContainText(money(900));

  await status.getByRole('button', { name: 'Send invoice' }).click();
  await expectToast(page, 'Invoice status updated');
  await expect(status).toContainText('Sent');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Payments' }).click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('40.00');
  await page.getByRole('textbox', { name: 'Reference' }).fill('Check 2001');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(page, 'Payment recorded');
  await expect(status).toContainText('Partially paid');
  await expect(page.getByText(`Balance ${money(5_000)}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount' }).fill('50.00');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(page, 'Payment recorded');
  await expect(status).toContainText('Paid');
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The printable invoice: the account billed, its terms, the lines, the payments, the balance.
  await page.getByRole('link', { name: 'Printable invoice', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/b2b-sales/print/${id}$`));
  const printed = page.getByLabel('Invoice', { exact: true });
  await expect(printed).toContainText(`Bill to: ${business}`);
  await expect(printed).toContainText('Terms: Net 30 · Tax exempt');
  await expect(printed).toContainText(`PO number: PO-${tag}`);
  await expect(
    printed.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: cable.name }),
  ).toContainText(money(9_000));
  await expect(printed).toContainText('Check');
  await expect(printed).toContainText('Check 2001');
  await expect(printed).toContainText(`Balance due${money(0)}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  await page.goto('/b2b-sales/invoices');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`PO-${tag}`);
  const row = page.getByRole('table', { name: 'B2B Invoices' }).getByRole('row').filter({
    hasText: business,
  });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(id);
  await expect(row).toContainText('Paid');
});
