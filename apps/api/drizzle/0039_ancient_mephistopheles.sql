DROP INDEX "notification_deliveries_sent_at_id_index";--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_deliveries_status_next_attempt_at_index" ON "notification_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_company_id_channel_id_index" ON "notification_deliveries" USING btree ("company_id","channel","id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_provider_message_id_index" ON "notification_deliveries" USING btree ("provider_message_id");--> statement-breakpoint
UPDATE "notification_deliveries" SET "status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "attempts" >= 5 THEN 'failed' ELSE 'queued' END, "provider" = CASE WHEN "sent_at" IS NOT NULL AND "channel" = 'sms' THEN 'outbox' END;
