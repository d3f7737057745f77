-- Sign-in identities are unique per company (issue 12: an email used in another company is no longer
-- refused, so a create request tells nothing about other companies). Existing rows keep their keys.
ALTER TABLE "user_identities" DROP CONSTRAINT "user_identities_pkey";--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_company_id_email_pk" PRIMARY KEY("company_id","email");--> statement-breakpoint
CREATE INDEX "user_identities_email_index" ON "user_identities" USING btree ("email");--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_company_id_user_id_unique" UNIQUE("company_id","user_id");
