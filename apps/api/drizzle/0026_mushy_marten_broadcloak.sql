ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_company_id_kind_name_index" ON "products" USING btree ("company_id","kind","name");--> statement-breakpoint
CREATE INDEX "orders_company_id_kind_id_index" ON "orders" USING btree ("company_id","kind","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind" CHECK ("products"."kind" in ('device', 'accessory'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_bps" CHECK ("products"."tax_bps" between 0 and 10000);