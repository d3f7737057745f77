import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, signIn } from '../support/session.ts';

// Issue 16 item 8 with issue 19: the serial lookup, opened from the Warehouse menu. A serial the
// demo rejected on a purchase order receipt is found (rejected on receipt N of PO-M, the reason,
// never in stock); one accepted on the same receipt is in the warehouse with its history.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

test('the serial lookup finds a serial rejected on receipt and one received into the warehouse', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const receipts = await agent.get<{ results: { id: number; purchase_order_id: number }[] }>(
    `/inventory-purchase-order-receipts?search=${encodeURIComponent('Serials scanned at the dock')}`,
  );
  const receipt = receipts.results[0];
  if (!receipt) throw new Error('the demo receipt by serial is missing');
  const posted = await agent.get<{ lines: { serials: string[]; rejected_serials: string[] }[] }>(
    `/inventory-purchase-order-receipts/${receipt.id}`,
  );
  const [line] = posted.lines;
  const rejected = line?.rejected_serials[0];
  const accepted = line?.serials[0];
  if (!rejected || !accepted) throw new Error('the demo receipt has no serials');

  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const folder = nav.getByRole('button', { name: 'Warehouse', exact: true });
  await expect(folder).toBeVisible();
  const link = nav.getByRole('link', { name: 'Product Serials', exact: true });
  if (!(await link.isVisible())) await folder.click();
  await link.click();
  await expect(page.getByRole('heading', { name: 'Product Serials' })).toBeVisible();

  await page.getByLabel('Serial or IMEI').fill(rejected);
  await page.getByLabel('Serial or IMEI').press('Enter');
  const warning = page.getByRole('alert').filter({ hasText: 'Rejected on' });
  await expect(warning).toContainText(
    `Rejected on receipt #${receipt.id} of purchase order PO-${receipt.purchase_order_id}`,
  );
  await expect(warning).toContainText('Cracked screen on arrival');
  await expect(page.getByText('This serial was never in stock.')).toBeVisible();
  await expect(warning.getByRole('link', { name: `receipt #${receipt.id}` })).toHaveAttribute(
    'href',
    `/inventory-purchase-order-receipt/view/${receipt.id}`,
  );

  await page.getByLabel('Serial or IMEI').fill(accepted);
  await page.getByLabel('Serial or IMEI').press('Enter');
  await expect(page).toHaveURL(new RegExp(`serial=${accepted}$`));
  await expect(page.getByText(/^At .+ \(warehouse\)/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'History' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('alert').filter({ hasText: 'Rejected on' })).toHaveCount(0);
});
