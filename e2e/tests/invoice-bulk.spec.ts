import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';

// Issue 17 item 7: invoices from another POS are uploaded as a CSV file; a bad line is named and
// nothing is saved, the fixed file imports, and the invoice is listed in /pos/invoices.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

test('an invoice file with a bad line is fixed, uploaded and listed', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const agent = await apiAs(request, AGENT.email);
  const sku = `E2E-INV-${stamp}`;
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Screen Guard ${stamp}`,
    sku,
    price_cents: 1_500,
    kind: 'accessory',
  });
  const stores = await agent.get<{ results: { id: number; name: string }[] }>(
    '/stores?search=Charlotte%20Amalie&perPage=1',
  );
  const store = stores.results[0]?.name ?? '';
  // An imported invoice takes its units out of the store's stock: two guards on the shelf of the
  // demo's stocked home store.
  const locations = await agent.get<{ id: number; store_id: number | null }[]>('/stock-locations');
  const shelf = locations.find((location) => location.store_id === stores.results[0]?.id);
  expect(shelf, 'the store has a stock location').toBeDefined();
  await agent.send('POST', '/inventory-items', {
    product_id: product.id,
    location_id: shelf?.id,
    serials: [`${sku}-1`, `${sku}-2`],
  });
  const invoice = `POS-${stamp}`;
  const header =
    'invoice_number,store,date,employee_email,customer_phone,note,sku,quantity,unit_price_cents,tax_cents,payment_method,payment_cents';
  const good = `${invoice},${store},2026-01-15,employee@demo.example,,,${sku},2,1500,0,card,3000`;

  await page.goto('/login');
  await submitLogin(page, AGENT.email);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  const folder = nav.getByRole('button', { name: 'Sales', exact: true });
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await nav.getByRole('link', { name: 'Invoice Bulk Files', exact: true }).click();
  await expect(page).toHaveURL('/pos/invoices/bulk-upload');
  await expect(page.getByRole('heading', { name: 'Invoices bulk upload' })).toBeVisible();

  // Line 3 names a SKU that does not exist: the problem is listed by line, nothing is saved.
  const csv = page.getByRole('textbox', { name: 'CSV' });
  await csv.fill(
    `${header}\n${good}\n${invoice}-B,${store},2026-01-15,employee@demo.example,,,NOPE-${stamp},1,500,0,cash,500`,
  );
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const problems = page.getByRole('table', { name: 'Problems' });
  const problem = problems
    .getByRole('row')
    .filter({ hasText: `No product with SKU NOPE-${stamp}` });
  await expect(problem).toBeVisible();
  await expect(problem.getByRole('cell').first()).toHaveText('3');
  await expect(problem.getByRole('cell').nth(1)).toHaveText('sku');

  // Fixed (the bad line left out): imported.
  await csv.fill(`${header}\n${good}`);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '1 invoice imported' }).first(),
  ).toBeVisible();
  await expect(problems).toHaveCount(0);

  await nav.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(page).toHaveURL('/pos/invoices');
  const row = page.getByRole('row').filter({ hasText: invoice });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('Completed');

  // Its invoice view is printable and read-only.
  await row.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page).toHaveURL(/\/ev-invoice\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: `Invoice ${invoice}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText(`Screen Guard ${stamp}`);
});
