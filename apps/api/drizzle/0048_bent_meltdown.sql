ALTER TABLE "bulletins" ADD COLUMN "channels" jsonb DEFAULT '{"in_app":true,"mail":false,"sms":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "source_id" integer;--> statement-breakpoint
CREATE INDEX "notification_deliveries_company_id_source_type_source_id_index" ON "notification_deliveries" USING btree ("company_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "notifications_company_id_source_type_source_id_index" ON "notifications" USING btree ("company_id","source_type","source_id");