import { expect as baseExpect, test } from '../support/fixtures.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { apiAs } from '../support/api.ts';
import { AGENT } from '../support/session.ts';

// Issue 19 item 7: a warehouse clerk uploads a small stock file and sees the valuation change.
// The machine these run on is shared and often busy: generous waits, never timing assertions.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

let clerk: AdminUser;
test.beforeAll(async ({ request }) => {
  clerk = await createAdminUser(request, 'stock', 'Warehouse');
});

test('a stock file is uploaded with a reason and the warehouse value shows it', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const agent = await apiAs(request, AGENT.email);
  const place = await agent.send<{ id: number; name: string }>('POST', '/inventory-warehouses', {
    name: `Stockroom ${stamp}`,
  });
  const sku = `E2E-STK-${stamp}`;
  await agent.send('POST', '/products', {
    name: `Screen Wipes ${stamp}`,
    sku,
    price_cents: 900,
    kind: 'accessory',
  });
  const reason = `Opening count ${stamp}`;
  await agent.send('POST', '/adjustment-reasons', { name: reason });

  await signInAs(page, clerk);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const folder = nav.getByRole('button', { name: 'Inventory', exact: true });
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await nav.getByRole('link', { name: 'Stock Bulk Upload', exact: true }).click();
  await expect(page).toHaveURL('/inventory/stock/bulk-upload');

  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: reason, exact: true }).click();
  const csv = page.getByRole('textbox', { name: 'CSV' });
  // A bad line first: nothing is saved and the line is named.
  await csv.fill(`sku,location,quantity,cost,reorder_point\nNOPE-${stamp},${place.name},1,1,0`);
  await page.getByRole('button', { name: 'Upload' }).click();
  const problems = page.getByRole('table', { name: 'Problems' });
  await expect(problems).toContainText(`No product with SKU NOPE-${stamp}`);
  await csv.fill(`sku,location,quantity,cost,reorder_point\n${sku},${place.name},12,4.50,20`);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '1 stock line uploaded' }).first(),
  ).toBeVisible();

  await nav.getByRole('link', { name: 'Stock', exact: true }).click();
  await expect(page).toHaveURL('/inventory/stock');
  const valuation = page.getByLabel('Valuation');
  await expect(valuation).toContainText(place.name);
  await expect(valuation).toContainText('$54.00');
  const row = page.getByRole('row').filter({ hasText: `Screen Wipes ${stamp}` });
  await expect(row).toContainText('$54.00');
  await expect(row).toContainText('Yes'); // 12 on hand is below the reorder point of 20
});
