-- One person, one record (issue 14 item 9): every user of a company is an employee. Users made
-- under Users before this had no hr_employee_details row, so they could be scheduled but never
-- appeared in Employees. They get a salaried record (no clock-in prompt until HR sets them hourly).
-- Row-level security (when it is on) must not hide other companies' rows from this data step.
SELECT set_config('app.bypass', 'on', true);--> statement-breakpoint
INSERT INTO "hr_employee_details" ("company_id", "user_id", "pay_type")
SELECT "u"."company_id", "u"."id", 'salaried'
FROM "users" "u"
WHERE NOT EXISTS (
  SELECT 1 FROM "hr_employee_details" "d"
  WHERE "d"."company_id" = "u"."company_id" AND "d"."user_id" = "u"."id"
);
