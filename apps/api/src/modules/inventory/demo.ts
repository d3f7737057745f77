import { and, inArray } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { DemoContext } from '../../platform/module.ts';
import type { Tx } from '../../platform/database.ts';
import { demoProducts, productsBySku } from '../catalog/api.ts';
import { demoContext, demoStores, lockOrderForStock, ordersInStatus } from '../orders/api.ts';
import { directory } from '../users/api.ts';
import { inventoryItems, stockLocations, stockMovements } from './schema.ts';

/** Devices in stock per product (serialised by IMEI); accessories per product. */
const DEVICES_EACH = 10;
const ACCESSORIES_EACH = 25;

/** A 15-digit IMEI-like serial, the same on every seed (n-th unit of the p-th product). */
const imei = (product: number, n: number) =>
  `35${String(2026_0000 + product * 100 + n).padStart(9, '0')}${String((product * 7 + n) % 10_000).padStart(4, '0')}`;

type NewMovement = typeof stockMovements.$inferInsert;

/**
 * The main demo company's warehouse: stock with serials for every demo product, and the units of
 * the demo's shipped order (in transit) and received order (in the store), with their movements.
 */
async function seedWarehouse(tx: Tx, companyId: number) {
  const ctx = demoContext(companyId);
  const people = await directory(tx, companyId);
  const clerk = people.find((p) => p.name === 'Wes Warehouse')?.id ?? null;
  const manager = people.find((p) => p.name === 'Mina Manager')?.id ?? null;
  const [warehouse] = await tx
    .insert(stockLocations)
    .values({ company_id: companyId, kind: 'warehouse', name: 'Main Warehouse' })
    .returning({ id: stockLocations.id });
  if (!warehouse) return;
  const products = await productsBySku(
    tx,
    companyId,
    demoProducts.map((p) => p[0]),
  );
  const units = demoProducts.flatMap(([sku, , , , kind], index) => {
    const product = products.get(sku);
    if (!product) return [];
    const count = kind === 'device' ? DEVICES_EACH : ACCESSORIES_EACH;
    return Array.from({ length: count }, (_, n) => ({
      company_id: companyId,
      serial:
        kind === 'device' ? imei(index + 1, n + 1) : `${sku}-${String(n + 1).padStart(4, '0')}`,
      product_id: product.id,
      condition: 'new',
      location_id: warehouse.id,
      cost_cents: Math.round(product.price_cents * 0.7),
      price_cents: product.price_cents,
    }));
  });
  const items = await tx.insert(inventoryItems).values(units).returning();
  const movements: NewMovement[] = items.map((item) => ({
    company_id: companyId,
    item_id: item.id,
    serial: item.serial,
    product_id: item.product_id,
    from_location_id: null,
    to_location_id: warehouse.id,
    reason: 'Added to stock',
    user_id: clerk,
  }));
  const free = [...items];
  const stores = await demoStores(tx, companyId);
  for (const order of await ordersInStatus(tx, ctx, ['shipped', 'received'])) {
    const { quantities } = await lockOrderForStock(tx, ctx, order.id, false);
    const picked = [...quantities].flatMap(([productId, quantity]) => {
      const chosen = free.filter((item) => item.product_id === productId).slice(0, quantity);
      for (const item of chosen) free.splice(free.indexOf(item), 1);
      return chosen;
    });
    const [transit] = await tx
      .insert(stockLocations)
      .values({
        company_id: companyId,
        kind: 'in_transit',
        name: `In transit: order #${order.id}`,
        order_id: order.id,
      })
      .returning({ id: stockLocations.id });
    if (!transit) continue;
    let to = transit.id;
    for (const item of picked)
      movements.push({
        company_id: companyId,
        item_id: item.id,
        serial: item.serial,
        product_id: item.product_id,
        from_location_id: warehouse.id,
        to_location_id: transit.id,
        reason: 'Shipped to store',
        order_id: order.id,
        user_id: clerk,
      });
    if (order.status === 'received') {
      const storeName = stores.find((s) => s.id === order.store_id)?.name ?? `#${order.store_id}`;
      const [store] = await tx
        .insert(stockLocations)
        .values({
          company_id: companyId,
          kind: 'store',
          name: `Store ${storeName}`,
          store_id: order.store_id,
        })
        .onConflictDoNothing()
        .returning({ id: stockLocations.id });
      if (store) {
        to = store.id;
        for (const item of picked)
          movements.push({
            company_id: companyId,
            item_id: item.id,
            serial: item.serial,
            product_id: item.product_id,
            from_location_id: transit.id,
            to_location_id: store.id,
            reason: 'Received by store',
            order_id: order.id,
            user_id: manager,
          });
      }
    }
    if (picked.length)
      await tx
        .update(inventoryItems)
        .set({ location_id: to, order_id: order.id })
        .where(
          and(
            tenantScope(inventoryItems, companyId),
            inArray(
              inventoryItems.id,
              picked.map((item) => item.id),
            ),
          ),
        );
  }
  if (movements.length) await tx.insert(stockMovements).values(movements);
}

export async function seedInventoryDemo({ tx, companyId, demoCompany }: DemoContext) {
  if (demoCompany) await seedWarehouse(tx, companyId);
}
