DROP INDEX "contact_us_entries_company_id_id_index";--> statement-breakpoint
DROP INDEX "internal_inventory_company_id_id_index";--> statement-breakpoint
DROP INDEX "purchase_order_payments_company_id_id_index";--> statement-breakpoint
DROP INDEX "purchase_order_receipts_company_id_id_index";--> statement-breakpoint
DROP INDEX "purchase_orders_company_id_id_index";--> statement-breakpoint
DROP INDEX "receipt_discrepancies_company_id_id_index";--> statement-breakpoint
DROP INDEX "receipt_payments_company_id_id_index";