-- Issue 18: a file may come with a comment (ticket_attachments.comment_id; the ticket's file list
-- still holds every file). Issue 19: the SKU search walks each word's products in name order
-- (product_search_words_name_idx) instead of reading and intersecting every word's whole range.
ALTER TABLE "ticket_attachments" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_company_id_comment_id_ticket_comments_company_id_id_fk" FOREIGN KEY ("company_id","comment_id") REFERENCES "public"."ticket_comments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_words_name_idx" ON "product_search_words" USING btree ("company_id","word","name","product_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_company_id_comment_id_index" ON "ticket_attachments" USING btree ("company_id","comment_id") WHERE comment_id is not null;