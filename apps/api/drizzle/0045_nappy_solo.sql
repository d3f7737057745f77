ALTER TABLE "products" DROP CONSTRAINT "products_kind";--> statement-breakpoint
ALTER TABLE "rma_lines" DROP CONSTRAINT "rma_lines_status";--> statement-breakpoint
ALTER TABLE "rma_lines" ADD COLUMN "vendor_rma_number" text;--> statement-breakpoint
ALTER TABLE "rma_lines" ADD COLUMN "credit_cents" integer;--> statement-breakpoint
ALTER TABLE "rma_lines" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "exchange_difference_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "activation_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_activation_id_activations_company_id_id_fk" FOREIGN KEY ("company_id","activation_id") REFERENCES "public"."activations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_company_id_activation_id_index" ON "sales" USING btree ("company_id","activation_id");--> statement-breakpoint
CREATE INDEX "sales_company_id_kind_id_index" ON "sales" USING btree ("company_id","kind","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind" CHECK ("products"."kind" in ('device', 'accessory', 'plan', 'feature'));--> statement-breakpoint
ALTER TABLE "rma_lines" ADD CONSTRAINT "rma_lines_credit" CHECK ("rma_lines"."credit_cents" is null or "rma_lines"."credit_cents" >= 0);--> statement-breakpoint
UPDATE "rma_lines" SET "status" = 'sent' WHERE "status" = 'shipped';--> statement-breakpoint
ALTER TABLE "rma_lines" ADD CONSTRAINT "rma_lines_status" CHECK ("rma_lines"."status" in ('open', 'sent', 'credited', 'closed'));--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_kind_line" CHECK (("sales"."kind" = 'sale' and "sales"."activation_id" is null) or ("sales"."kind" = 'feature_addon' and "sales"."activation_id" is not null));