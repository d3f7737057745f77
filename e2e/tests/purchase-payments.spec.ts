import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, submitLogin } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 19 item 3: a payment recorded on a purchase order from its view; paid and balance follow.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

const tag = Date.now().toString(36);

test('the buyer records a payment on an approved purchase order from its view', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const supplier = await agent.send<{ id: number }>('POST', '/inventory-suppliers', {
    name: `Paid Supplier ${tag}`,
  });
  const warehouses = await agent.get<{ results: { id: number }[] }>('/purchasing-warehouses');
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Paid Cable ${tag}`,
    sku: `PAY-E2E-${tag}`,
    price_cents: 999,
  });
  const order = await agent.send<{ id: number }>('POST', '/inventory-purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: warehouses.results[0]?.id,
    reference: `PO-PAY-${tag}`,
    lines: [{ product_id: product.id, quantity: 4, unit_cost_cents: 2_500 }],
  });
  await agent.send('POST', `/inventory-purchase-orders/${order.id}/transition`, {
    to: 'approved',
  });

  await page.goto('/login');
  await submitLogin(page, AGENT.email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto(`/inventory-purchase-orders/view/${order.id}`);
  await page.getByRole('tab', { name: 'Payments', exact: true }).click();
  await expect(page.getByText('Balance: $100.00')).toBeVisible();

  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByRole('spinbutton', { name: 'Amount (cents)' }).fill('4000');
  await form.getByRole('textbox', { name: 'Reference' }).fill(`WIRE-${tag}`);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(page, 'Payment created');
  await expect(
    page
      .getByRole('table', { name: 'Payments' })
      .getByRole('row', { name: new RegExp(`WIRE-${tag}`) }),
  ).toContainText('$40.00');
  await expect(page.getByText('Paid: $40.00')).toBeVisible();
  await expect(page.getByText('Balance: $60.00')).toBeVisible();

  // More than the balance is refused with the amount left.
  await form.getByRole('spinbutton', { name: 'Amount (cents)' }).fill('6001');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByText('Only $60.00 is left to pay on this purchase order')).toBeVisible();
});
