import type { Tx } from '../../platform/database.ts';
import { adjustmentReasons, brands, categories, manufacturers, products } from './schema.ts';

/** The demo catalogue: SKU, name, manufacturer, category, kind, price in cents, serialised. */
export const demoProducts = [
  ['APL-IP16-128', 'iPhone 16 128GB', 'Apple', 'Smartphones', 'device', 79_900, true],
  ['APL-IP16P-256', 'iPhone 16 Pro 256GB', 'Apple', 'Smartphones', 'device', 109_900, true],
  ['SAM-S25-128', 'Galaxy S25 128GB', 'Samsung', 'Smartphones', 'device', 79_999, true],
  ['SAM-A16-64', 'Galaxy A16 64GB', 'Samsung', 'Smartphones', 'device', 19_999, true],
  ['MOT-GPWR-128', 'Moto G Power 128GB', 'Motorola', 'Smartphones', 'device', 29_999, true],
  ['APL-IPAIR-11', 'iPad Air 11" 128GB', 'Apple', 'Tablets', 'device', 59_900, true],
  ['BLK-CHG-20W', 'USB-C Charger 20W', 'Belkin', 'Power & Cables', 'accessory', 1_999, true],
  ['BLK-CBL-2M', 'USB-C Cable 2m', 'Belkin', 'Power & Cables', 'accessory', 1_299, true],
  ['ANK-PB-10K', 'Power Bank 10,000 mAh', 'Anker', 'Power & Cables', 'accessory', 3_999, true],
  [
    'APL-CASE-16',
    'Clear Case for iPhone 16',
    'Apple',
    'Cases & Protection',
    'accessory',
    2_499,
    true,
  ],
  [
    'SAM-CASE-S25',
    'Silicone Case for Galaxy S25',
    'Samsung',
    'Cases & Protection',
    'accessory',
    2_999,
    true,
  ],
  [
    'BLK-GLASS-16',
    'Screen Protector for iPhone 16',
    'Belkin',
    'Cases & Protection',
    'accessory',
    1_499,
    true,
  ],
] as const;

const demoBrands: [name: string, website: string][] = [
  ['Apple', 'https://www.apple.com'],
  ['Samsung', 'https://www.samsung.com'],
  ['Motorola', 'https://www.motorola.com'],
  ['Belkin', 'https://www.belkin.com'],
  ['Anker', 'https://www.anker.com'],
];

/** Why stock or an order line's price moves (stock movements, price adjustments). */
const demoAdjustmentReasons: [name: string, description: string][] = [
  ['Count correction', 'A physical count found a different quantity'],
  ['Damaged', 'Broken or unsellable on arrival or in the store'],
  ['Lost or stolen', 'Missing with no sale behind it'],
  ['Returned to supplier', 'Sent back to the supplier'],
  ['Price match', 'Priced down to match a competitor or a promotion'],
];

/** Sales tax on the demo catalogue, in basis points (the demo's Sales Tax rate). */
export const DEMO_TAX_BPS = 825;

/**
 * The warehouse catalogue of the main demo company: manufacturers, categories of its own (the
 * admin demo adds Phones, Accessories and Plans after the modules), devices and accessories, and
 * the adjustment reasons stock movements and price adjustments name.
 */
export async function seedCatalogDemo(tx: Tx, companyId: number) {
  const makers = await tx
    .insert(manufacturers)
    .values(
      [...new Set(demoProducts.map((p) => p[2]))].map((name) => ({ company_id: companyId, name })),
    )
    .returning({ id: manufacturers.id, name: manufacturers.name });
  const kinds = await tx
    .insert(categories)
    .values(
      [...new Set(demoProducts.map((p) => p[3]))].map((name) => ({ company_id: companyId, name })),
    )
    .returning({ id: categories.id, name: categories.name });
  // The inventory app's brands: the makers' names with their sites; each product names its own.
  const madeBrands = await tx
    .insert(brands)
    .values(demoBrands.map(([name, website]) => ({ company_id: companyId, name, website })))
    .onConflictDoNothing()
    .returning({ id: brands.id, name: brands.name });
  await tx
    .insert(adjustmentReasons)
    .values(
      demoAdjustmentReasons.map(([name, description]) => ({
        company_id: companyId,
        name,
        description,
      })),
    )
    .onConflictDoNothing();
  const idOf = (rows: { id: number; name: string }[], name: string) =>
    rows.find((row) => row.name === name)?.id ?? null;
  await tx.insert(products).values(
    demoProducts.map(([sku, name, maker, category, kind, price, serialized]) => ({
      company_id: companyId,
      sku,
      name,
      manufacturer_id: idOf(makers, maker),
      category_id: idOf(kinds, category),
      brand_id: idOf(madeBrands, maker),
      kind,
      price_cents: price,
      tax_bps: DEMO_TAX_BPS,
      is_serialized: serialized,
    })),
  );
}
