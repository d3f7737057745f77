import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  activeFlag,
  namedTenantTable,
  tenantColumns,
  tenantForeignKey,
  tenantPrimaryKey,
} from '../../db/columns.ts';
import { companies } from '../organisation/schema.ts';

export const categories = namedTenantTable('categories', companies, { description: text() });

export const adjustmentReasons = namedTenantTable('adjustment_reasons', companies, {
  description: text(),
});

export const manufacturers = namedTenantTable('manufacturers', companies, { website: text() });

/**
 * The brands the inventory app buys and sells (SPEC.md /inventory/brands; the places module's
 * screens). Kept beside the products that name them (products.brand_id).
 */
export const brands = namedTenantTable('brands', companies, {
  website: text(),
  description: text(),
});

export const products = pgTable(
  'products',
  {
    ...tenantColumns(),
    name: text().notNull(),
    sku: text().notNull(),
    manufacturer_id: integer(),
    category_id: integer(),
    brand_id: integer(),
    /** device (a phone or tablet) or accessory */
    kind: text().notNull().default('device'),
    price_cents: integer().notNull(),
    /** tax on the price in basis points (825 = 8.25 %) */
    tax_bps: integer().notNull().default(0),
    is_serialized: boolean().notNull().default(false),
    is_active: activeFlag(),
    /**
     * upper(sku) in byte order ("C", set by the migration): the SKU search's prefix range. A plain
     * column because row-level security keeps a non-leakproof upper() out of index conditions.
     */
    sku_key: text().generatedAlwaysAs(sql`upper(sku)`),
  },
  (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    tenantForeignKey(t.company_id, t.manufacturer_id, manufacturers),
    tenantForeignKey(t.company_id, t.category_id, categories),
    tenantForeignKey(t.company_id, t.brand_id, brands),
    unique().on(t.company_id, t.sku),
    index().on(t.company_id, t.name),
    index().on(t.company_id, t.kind, t.name),
    index().on(t.company_id, t.brand_id),
    index('products_sku_key_idx').on(t.company_id, t.sku_key, t.id),
    check('products_kind', sql`${t.kind} in ('device', 'accessory')`),
    check('products_tax_bps', sql`${t.tax_bps} between 0 and 10000`),
  ],
);

/**
 * The words of each active product's name, upper-cased (`word` in byte order, "C"), kept by
 * statement triggers on products (see the migration): the SKU search's word part reads prefix
 * ranges here. Row-level security lets an index answer only leakproof conditions: plain text
 * comparisons are, ILIKE and the trigram operators are not (under the policy they read the
 * company's every product).
 */
export const productSearchWords = pgTable(
  'product_search_words',
  {
    company_id: integer().notNull(),
    word: text().notNull(),
    product_id: integer().notNull(),
    /** the product's name, so matches sort without reading products */
    name: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.word, t.product_id] }),
    index('product_search_words_product_idx').on(t.company_id, t.product_id),
  ],
);
