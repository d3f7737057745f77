import type { TestApp } from './test-app.ts';

let made = 0;

/**
 * Puts `count` units of a product in a new warehouse of the caller's company (POST
 * /stock-locations, /inventory-items), so orders of it can be submitted: a submitted order must
 * fit the warehouse's available units. Answers the serials.
 */
export async function stockWarehouse(
  t: TestApp,
  token: string,
  productId: number,
  count: number,
  prefix = `WS${String(Date.now() % 1_000_000)}`,
): Promise<string[]> {
  made += 1;
  const name = `${prefix}-W${String(made)}`;
  const warehouse = await t.call<{ data: { id: number } }>('POST', '/api/stock-locations', {
    token,
    body: { name: `Test Warehouse ${name}` },
  });
  if (warehouse.status !== 200) throw new Error(`warehouse: ${JSON.stringify(warehouse.body)}`);
  const serials = Array.from({ length: count }, (_, i) => `${name}-${String(i + 1)}`);
  for (let start = 0; start < serials.length; start += 1000) {
    const added = await t.call('POST', '/api/inventory-items', {
      token,
      body: {
        product_id: productId,
        location_id: warehouse.body.data.id,
        serials: serials.slice(start, start + 1000),
      },
    });
    if (added.status !== 200) throw new Error(`stock: ${JSON.stringify(added.body)}`);
  }
  return serials;
}
