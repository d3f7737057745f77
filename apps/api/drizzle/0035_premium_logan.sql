ALTER TABLE "stock_locations" DROP CONSTRAINT "stock_locations_kind";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_brand_id_brands_company_id_id_fk" FOREIGN KEY ("company_id","brand_id") REFERENCES "public"."brands"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_company_id_brand_id_index" ON "products" USING btree ("company_id","brand_id");--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_kind" CHECK ("stock_locations"."kind" in ('warehouse', 'store', 'in_transit', 'sold', 'defective', 'vendor', 'adjusted', 'internal'));