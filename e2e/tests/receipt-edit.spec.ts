import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 19: a posted receipt opens on the Receive Goods screen for editing; its stock is in, so
// the figures are shown as posted (not editable) and the note and reasons change.
test.describe.configure({ timeout: 120_000 });

test('a posted receipt is edited on the receive screen: reason and note change, figures stay', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const agent = await apiAs(request, 'agent@demo.example');
  const supplier = await agent.send<{ id: number }>('POST', '/inventory-suppliers', {
    name: `Edit Supply ${stamp}`,
    lead_time_days: 5,
  });
  const name = `Edit Cable ${stamp}`;
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name,
    sku: `E2E-EDIT-${stamp}`,
    price_cents: 999,
  });
  const warehouses = await agent.get<{ results: { id: number }[] }>('/purchasing-warehouses');
  const warehouseId =
    warehouses.results[0]?.id ??
    (await agent.send<{ id: number }>('POST', '/stock-locations', { name: 'E2E Warehouse' })).id;
  const order = await agent.send<{ id: number; lines: { id: number }[] }>(
    'POST',
    '/inventory-purchase-orders',
    {
      supplier_id: supplier.id,
      warehouse_id: warehouseId,
      lines: [{ product_id: product.id, quantity: 5, unit_cost_cents: 400 }],
    },
  );
  for (const to of ['approved', 'sent'])
    await agent.send('POST', `/inventory-purchase-orders/${order.id}/transition`, { to });
  const receipt = await agent.send<{ id: number }>('POST', '/inventory-purchase-order-receipts', {
    purchase_order_id: order.id,
    lines: [
      {
        purchase_order_line_id: order.lines[0]?.id,
        accepted_quantity: 4,
        short_quantity: 1,
        reason: 'One missing',
      },
    ],
  });

  await signIn(page);
  await page.goto(`/inventory-purchase-order-receipt/view/${receipt.id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory-purchase-order-receipt/edit/${receipt.id}$`));
  await expect(page.getByRole('heading', { name: `Edit Receipt #${receipt.id}` })).toBeVisible();
  await expect(page.getByLabel(`accepted ${name}`)).toHaveValue('4');
  await expect(page.getByLabel(`accepted ${name}`)).toBeDisabled();
  await page.getByLabel(`reason ${name}`).fill('One missing; carrier claim 42');
  await page.getByLabel('Note').fill('Checked twice');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Receipt updated');
  await expect(page).toHaveURL(new RegExp(`/inventory-purchase-order-receipt/view/${receipt.id}$`));
  await page.getByRole('tab', { name: 'Lines' }).click();
  await expect(page.getByText('One missing; carrier claim 42')).toBeVisible();
});
