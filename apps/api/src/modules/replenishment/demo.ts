import type { DemoContext } from '../../platform/module.ts';
import { productsBySku } from '../catalog/api.ts';
import { demoStores } from '../orders/api.ts';
import { staticAccessories, stockMinimums } from './schema.ts';

/** Accessories every demo store orders with each accessory order: SKU, standard quantity. */
const demoStatic: [string, number][] = [
  ['BLK-CHG-20W', 5],
  ['BLK-CBL-2M', 5],
  ['BLK-GLASS-16', 6],
];

/** The home store's minimums: SKU, units it should always hold. */
const demoMinimums: [string, number][] = [
  ['APL-IP16-128', 4],
  ['SAM-A16-64', 3],
  ['BLK-CHG-20W', 6],
  ['APL-CASE-16', 4],
];

/** Static accessories for every store and the home store's minimums (main demo company). */
export async function seedReplenishmentDemo({ tx, companyId, demoCompany }: DemoContext) {
  if (!demoCompany) return;
  const products = await productsBySku(tx, companyId, [
    ...demoStatic.map(([sku]) => sku),
    ...demoMinimums.map(([sku]) => sku),
  ]);
  const rows = demoStatic.flatMap(([sku, quantity]) => {
    const product = products.get(sku);
    return product ? [{ company_id: companyId, product_id: product.id, quantity }] : [];
  });
  if (rows.length) await tx.insert(staticAccessories).values(rows);
  const [home] = await demoStores(tx, companyId);
  if (!home) return;
  const minimums = demoMinimums.flatMap(([sku, min]) => {
    const product = products.get(sku);
    return product
      ? [{ company_id: companyId, store_id: home.id, product_id: product.id, min_quantity: min }]
      : [];
  });
  if (minimums.length) await tx.insert(stockMinimums).values(minimums);
}
