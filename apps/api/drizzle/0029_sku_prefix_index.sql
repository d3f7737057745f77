-- SKU search by prefix (purchasing, issue 19): an ordered range scan over the upper-cased SKU in
-- byte order ("C"), so `BULK-0` finds its first 20 SKUs without reading every match.
CREATE INDEX IF NOT EXISTS "products_sku_prefix_idx" ON "products" ("company_id", (upper("sku") COLLATE "C"), "id");
