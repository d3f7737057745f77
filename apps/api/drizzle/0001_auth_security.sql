CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "two_factor_method" text;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "mobile_pin_hash" text;--> statement-breakpoint
CREATE INDEX "auth_throttles_window_started_at_index" ON "auth_throttles" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "password_resets_company_id_user_id_index" ON "password_resets" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "two_factor_challenges_company_id_user_id_index" ON "two_factor_challenges" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_id_index" ON "mail_outbox" USING btree ("to","id");