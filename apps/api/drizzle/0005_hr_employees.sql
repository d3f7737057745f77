ALTER TABLE "hr_employee_details" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "hr_employee_details" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hr_employee_details" ADD COLUMN "termination_notes" text;