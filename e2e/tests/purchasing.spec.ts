import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 19: a purchase order above the approval limit is submitted and approved, sent, received
// with a short line; the short line opens a discrepancy; the supplier answers it on the public
// page through its secure link, without signing in; the staff page shows the answer.
test.describe.configure({ timeout: 120_000 });

test('purchase order to approval to a short receipt to a discrepancy the supplier answers', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const agent = await apiAs(request, 'agent@demo.example');
  const supplier = await agent.send<{ id: number }>('POST', '/inventory-suppliers', {
    name: `Harbor Cables ${stamp}`,
    contact_name: 'Hana Harbor',
    terms: 'Net 30',
    lead_time_days: 3,
    price_tolerance_percent: 0,
  });
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Braided Cable ${stamp}`,
    sku: `E2E-CBL-${stamp}`,
    price_cents: 1999,
  });
  const warehouses = await agent.get<{ results: { id: number }[] }>('/purchasing-warehouses');
  const warehouseId =
    warehouses.results[0]?.id ??
    (await agent.send<{ id: number }>('POST', '/stock-locations', { name: 'E2E Warehouse' })).id;
  // 600 cables at $10.00: $6,000.00, above the default approval limit of $5,000.00.
  const order = await agent.send<{ id: number }>('POST', '/inventory-purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouseId,
    reference: `E2E-${stamp}`,
    lines: [{ product_id: product.id, quantity: 600, unit_cost_cents: 1000 }],
  });

  await signIn(page);
  await page.goto(`/inventory-purchase-orders/view/${order.id}`);
  const status = page.getByRole('group', { name: 'Status' });
  await expect(status).toContainText('Draft');
  await status.getByRole('button', { name: 'Submit for approval' }).click();
  await expectToast(page, 'Purchase order status updated');
  await expect(status).toContainText('Pending Approval');
  await status.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Purchase order status updated');
  await expect(status).toContainText('Approved');
  await status.getByRole('button', { name: 'Mark as sent' }).click();
  await expectToast(page, 'Purchase order status updated');
  await expect(status).toContainText('Sent');

  // Receive: 590 accepted, 10 short with a reason.
  await page.goto(`/inventory-purchase-order-receipt/create?purchase_order_id=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Receive Goods' })).toBeVisible();
  const name = `Braided Cable ${stamp}`;
  await page.getByLabel(`accepted ${name}`).fill('590');
  await page.getByLabel(`short ${name}`).fill('10');
  await page.getByRole('button', { name: 'Receive' }).click();
  // A short line needs a reason: refused, nothing received.
  await expectToast(page, 'Give a reason for rejected or short units');
  await expect(
    page.getByText('Give a reason for rejected or short units', { exact: true }),
  ).toBeVisible();
  await page.getByLabel(`reason ${name}`).fill('Ten cables missing from the pallet');
  await page.getByRole('button', { name: 'Receive' }).click();
  await expectToast(page, 'Receipt created');
  await expect(page.getByText('10 short, 0 rejected')).toBeVisible();
  await page.getByRole('button', { name: 'Open discrepancy' }).click();
  await expectToast(page, 'Discrepancy created');
  await expect(page).toHaveURL(/\/inventory\/purchase-order\/receipt\/discrepancy\/\d+$/);

  // The supplier's secure link.
  await page.getByRole('button', { name: 'Create supplier link' }).click();
  await expectToast(page, 'Supplier link created');
  const address = await page.getByLabel('Link for the supplier').inputValue();
  expect(address).toMatch(/\/public\/purchase-order\/receipt\/discrepancy\/\d+\?token=/);

  const visitor = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await visitor.goto(address);
  await expect(visitor.getByRole('heading', { name: /Receipt discrepancy #\d+/ })).toBeVisible();
  await expect(visitor.getByText(`${name}: 10 short, 0 rejected`)).toBeVisible();
  await expect(visitor.getByText('Reason: Ten cables missing from the pallet')).toBeVisible();
  await visitor.getByLabel('Your name').fill('Hana Harbor');
  await visitor.getByLabel('Comment').fill(`The ten cables ship today ${stamp}`);
  await visitor.getByRole('button', { name: 'Add comment' }).click();
  await expect(visitor.getByText(`The ten cables ship today ${stamp}`)).toBeVisible();

  await page.reload();
  await expect(page.getByText(`The ten cables ship today ${stamp}`)).toBeVisible();
  await expect(page.getByText('Hana Harbor', { exact: true })).toBeVisible();
  // The discrepancy taken up as a ticket, once: the button gives way to the ticket's link.
  await page.getByRole('button', { name: 'Open ticket' }).click();
  await expectToast(page, 'Ticket opened');
  await expect(page.getByRole('link', { name: /^Ticket #\d+$/ })).toBeVisible();

  // The order is received (every unit accounted for), and shows what came and what was short.
  await page.goto(`/inventory-purchase-orders/view/${order.id}`);
  await expect(page.getByRole('group', { name: 'Status' })).toContainText('Received');
});
