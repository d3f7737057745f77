ALTER TABLE "sales" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_invoice_number_unique" UNIQUE("company_id","invoice_number");