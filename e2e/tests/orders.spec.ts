import { expect as baseExpect, test } from '../support/fixtures.ts';
import { search } from '../support/combobox.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { apiAs } from '../support/api.ts';
import { AGENT } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Screens from declarations: a document with lines, statuses and history (issue 11 item 6).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const tag = Date.now().toString(36);
const widget = { name: `Widget ${tag}`, sku: `W-${tag}`, price_cents: 1250 };
const gadget = { name: `Gadget ${tag}`, sku: `G-${tag}`, price_cents: 300 };
const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'orders');
  const agent = await apiAs(request, AGENT.email);
  // Submit needs the units in the warehouse (an order must fit what is available).
  const shelf = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Orders Warehouse ${tag}`,
  });
  for (const product of [widget, gadget]) {
    const made = await agent.send<{ id: number }>('POST', '/products', {
      ...product,
      is_serialized: false,
    });
    await agent.send('POST', '/inventory-items', {
      product_id: made.id,
      location_id: shelf.id,
      serials: Array.from({ length: 3 }, (_, i) => `${product.sku}-${String(i + 1)}`),
    });
  }
});

test('an order with two lines: the server prices it, Submit moves it, History shows who did what', async ({
  page,
  request,
}) => {
  const note = `Restock ${tag}`;
  await signInAs(page, admin);
  await page.goto('/orders');
  // The toolbar's link (an empty list offers one too).
  await page
    .getByRole('toolbar', { name: 'Orders tools' })
    .getByRole('link', { name: 'Add Order' })
    .click();
  await expect(page).toHaveURL('/orders/add');

  await search(page, page, 'Store', 'Brooklyn', /^Brooklyn Heights$/);
  await page.getByRole('textbox', { name: 'Note' }).fill(note);
  const first = page.getByRole('group', { name: 'Line 1' });
  await search(page, first, 'Product', widget.name, new RegExp(widget.name));
  await first.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add line' }).click();
  const second = page.getByRole('group', { name: 'Line 2' });
  await search(page, second, 'Product', gadget.sku, new RegExp(gadget.name));
  await second.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Order created');
  // SPEC.md section 2: order create or update goes to /orders.
  await expect(page).toHaveURL('/orders');

  const agent = await apiAs(request, AGENT.email);
  const found = await agent.get<{
    results: { id: number; subtotal_cents: number; total_cents: number }[];
  }>(`/orders?search=${encodeURIComponent(note)}`);
  const order = found.results[0];
  if (!order) throw new Error('order not saved');
  expect(order.subtotal_cents).toBe(2 * 1250 + 3 * 300);

  await page.getByRole('searchbox', { name: 'Search' }).fill(note);
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({
    hasText: 'Brooklyn Heights',
  });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(money(order.total_cents));
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(`/orders/${order.id}`);

  const status = page.getByRole('group', { name: 'Status' });
  await expect(status).toContainText('Open');
  await page.getByRole('tab', { name: 'Lines' }).click();
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines.getByRole('row').filter({ hasText: widget.name })).toContainText(money(2500));
  await expect(lines.getByRole('row').filter({ hasText: gadget.name })).toContainText(money(900));
  const totals = page.getByLabel('Totals');
  await expect(totals).toContainText(`Subtotal${money(3400)}`);
  await expect(totals).toContainText(`Total${money(order.total_cents)}`);

  await status.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Order status updated');
  await expect(status).toContainText('Submitted');
  await expect(status.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  // An order is edited only while open.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Open → Submitted' })).toContainText(
    'Tabitha Tables',
  );
  await expect(history.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(1);
});
