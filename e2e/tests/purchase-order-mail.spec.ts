import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 19 item 3: an approved purchase order sent to its supplier from its view; the order's
// emails page lists the mail (to, subject, by whom, status).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

const tag = Date.now().toString(36);

test('the buyer sends an approved purchase order to the supplier and sees it on its emails page', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const supplier = await agent.send<{ id: number }>('POST', '/inventory-suppliers', {
    name: `Mailed Supplier ${tag}`,
    contact_email: `orders-${tag}@mailed.example`,
  });
  const warehouses = await agent.get<{ results: { id: number }[] }>('/purchasing-warehouses');
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Mailed Cable ${tag}`,
    sku: `MAIL-E2E-${tag}`,
    price_cents: 999,
  });
  const order = await agent.send<{ id: number }>('POST', '/inventory-purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouses.results[0]?.id,
    reference: `PO-MAIL-${tag}`,
    lines: [{ product_id: product.id, quantity: 2, unit_cost_cents: 1_500 }],
  });
  await agent.send('POST', `/inventory-purchase-orders/${order.id}/transition`, {
    to: 'approved',
  });

  await page.goto('/login');
  await submitLogin(page, AGENT.email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto(`/inventory-purchase-orders/view/${order.id}`);
  await page.getByRole('tab', { name: 'Supplier mail', exact: true }).click();
  await page.getByRole('button', { name: 'Send to supplier' }).click();
  await expectToast(page, `Purchase order sent to orders-${tag}@mailed.example`);
  await expect(page.getByRole('button', { name: 'Resend to supplier' })).toBeVisible();

  await page.getByRole('link', { name: 'Emails', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory/purchase-order/${order.id}/emails$`));
  const row = page
    .getByRole('table', { name: 'Emails to the supplier' })
    .getByRole('row', { name: new RegExp(`PO-${order.id} \\(PO-MAIL-${tag}\\)`) });
  await expect(row).toContainText(`orders-${tag}@mailed.example`);
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('Marco Agent');
});
