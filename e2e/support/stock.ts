import { expect } from '@playwright/test';
import type { ApiClient } from './api.ts';

/**
 * Units of a product sold by quantity (an accessory) put on a demo store's shelf, as the warehouse
 * would ship them: a sale, an add-on or a B2B invoice takes its accessories from there (issue 17).
 * The store is found by name; it must have a stock location (the demo's home store has one).
 */
export async function stockAtStore(
  agent: ApiClient,
  storeName: string,
  productId: number,
  count: number,
): Promise<void> {
  const stores = await agent.get<{ results: { id: number }[] }>(
    `/stores?search=${encodeURIComponent(storeName)}&perPage=1`,
  );
  const storeId = stores.results[0]?.id;
  const locations = await agent.get<{ id: number; store_id: number | null }[]>('/stock-locations');
  const shelf = locations.find((location) => location.store_id === storeId);
  expect(shelf, `${storeName} has a stock location`).toBeDefined();
  const batch = `${String(productId)}-${Date.now().toString(36)}`;
  await agent.send('POST', '/inventory-items', {
    product_id: productId,
    location_id: shelf?.id,
    serials: Array.from({ length: count }, (_, n) => `E2E-${batch}-${String(n + 1)}`),
  });
}
