import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, signIn } from '../support/session.ts';

// Issue 16 item 10: the warehouse reports; the in-transit report opened from the sidebar shows a
// store's order shipped today in the 0-2 days column.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const tag = Date.now().toString(36);

test('the in-transit report, opened from the Warehouse menu, shows a shipped order by its age', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const storeName = `Transit Store ${tag}`;
  const store = await agent.send<{ id: number }>('POST', '/stores', {
    name: storeName,
    time_zone: 'America/Chicago',
  });
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Transit Phone ${tag}`,
    sku: `TRANSIT-${tag}`,
    price_cents: 10_000,
  });
  // A submitted order must fit the warehouse's available units.
  const shelf = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Transit Warehouse ${tag}`,
  });
  await agent.send('POST', '/inventory-items', {
    product_id: product.id,
    location_id: shelf.id,
    serials: [`TRANSIT-${tag}-1`],
  });
  const order = await agent.send<{ id: number }>('POST', '/orders', {
    store_id: store.id,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  for (const to of ['submitted', 'pending_shipment', 'shipped'])
    await agent.send('POST', `/orders/${order.id}/transition`, { to });

  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const folder = nav.getByRole('button', { name: 'Warehouse', exact: true });
  await expect(folder).toBeVisible();
  const link = nav.getByRole('link', { name: 'In Transit' });
  if (!(await link.isVisible())) await folder.click();
  await link.click();
  await expect(page).toHaveURL('/reports/in-transit');
  await expect(page.getByRole('heading', { name: 'In Transit' })).toBeVisible();
  const row = page.getByRole('table', { name: 'In Transit' }).getByRole('row').filter({
    hasText: storeName,
  });
  // Store, 0-2 days, 3-7 days, 8+ days, orders, oldest.
  await expect(row.getByRole('cell')).toHaveText([storeName, '1', '0', '0', '1', '0']);
});
