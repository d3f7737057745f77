import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
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
import type { ExtraFieldValue } from '@portal/contract/resources/catalog';
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
    /** device (a phone or tablet), accessory, or a carrier plan or feature (sold, never stocked) */
    kind: text().notNull().default('device'),
    price_cents: integer().notNull(),
    /** tax on the price in basis points (825 = 8.25 %) */
    tax_bps: integer().notNull().default(0),
    is_serialized: boolean().notNull().default(false),
    /** days from ordering to the shelf (the suggested order); null: the company's default */
    lead_days: integer(),
    /** the values of its category's device type fields, by key (checked by the service) */
    extra_fields: jsonb().$type<Record<string, ExtraFieldValue>>().notNull().default({}),
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
    check('products_kind', sql`${t.kind} in ('device', 'accessory', 'plan', 'feature')`),
    check('products_tax_bps', sql`${t.tax_bps} between 0 and 10000`),
    check('products_lead_days', sql`${t.lead_days} is null or ${t.lead_days} between 0 and 365`),
  ],
);

/**
 * The words of each active product's name, upper-cased (`word` in byte order, "C"), kept by
 * statement triggers on products (see the migration): the SKU search's word part finds the words
 * a term starts, then walks their products in name order (searchSkus). Row-level security lets an index answer only leakproof conditions: plain text
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
    // A word's products in name order: the SKU search's walk seeks each term's next match here.
    index('product_search_words_name_idx').on(t.company_id, t.word, t.name, t.product_id),
  ],
);

/**
 * An extra field of the products of one category, the device type (SPEC.md /device-type-fields):
 * a phone's storage and colour, a tablet's screen size.
 */
export const deviceTypeFields = pgTable(
  'device_type_fields',
  {
    ...tenantColumns(),
    category_id: integer().notNull(),
    key: text().notNull(),
    label: text().notNull(),
    field_type: text().notNull(),
    options: text().array().notNull().default([]),
    is_required: boolean().notNull().default(false),
    order: integer().notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantForeignKey(t.company_id, t.category_id, categories).onDelete('cascade'),
    unique().on(t.company_id, t.category_id, t.key),
    index().on(t.company_id, t.category_id, t.order),
    check(
      'device_type_fields_type',
      sql`${t.field_type} in ('text', 'number', 'select', 'boolean')`,
    ),
  ],
);
