import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, signIn } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 16 item 9: the suggested order of a store, one quantity changed, made into an open order.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const tag = Date.now().toString(36);

test('a store minimum is suggested; the changed quantity becomes an open order', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const name = `Suggested Tablet ${tag}`;
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name,
    sku: `SUG-E2E-${tag}`,
    price_cents: 30_000,
    is_serialized: true,
  });
  const stores = await agent.get<{ id: number; name: string }[]>('/orders/stores-can-order-for');
  const store = stores[stores.length - 1];
  if (!store) throw new Error('no store to order for');
  await agent.send('POST', '/stock-minimums', {
    store_id: store.id,
    product_id: product.id,
    min_quantity: 4,
  });

  await signIn(page);
  await page.goto('/suggested-order');
  await page.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: store.name, exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  // Minimum 4, nothing sold, on hand or on its way: 4 suggested.
  const quantity = row.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await expect(quantity).toHaveValue('4');
  await quantity.fill('3');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expectToast(page, 'Order created');
  await expect(page).toHaveURL(/\/orders$/);

  const orders = await agent.get<{ results: { id: number; status: string }[] }>(
    `/orders?filter[store_id]=${store.id}&sort=-id&perPage=1`,
  );
  const made = orders.results[0];
  expect(made?.status).toBe('open');
  const order = await agent.get<{ lines: { product_id: number; quantity: number }[] }>(
    `/orders/${made?.id}`,
  );
  expect(order.lines).toContainEqual(
    expect.objectContaining({ product_id: product.id, quantity: 3 }),
  );
});
