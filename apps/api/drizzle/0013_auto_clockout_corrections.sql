-- Auto clock-out "real end time" requests sent before POST /hr-timecards/correction-request wrote
-- their correction itself (they were copied in when the corrections list was read): queue them once.
INSERT INTO "hr_timesheet_corrections"
  ("company_id", "timecard_id", "user_id", "requested_by", "source", "requested_end", "reason")
SELECT t."company_id", t."id", t."user_id", t."user_id", 'auto_clockout', t."requested_clock_out",
       coalesce(nullif(t."correction_comment", ''), 'Real end time after an automatic clock-out')
FROM "hr_timecards" t
WHERE t."edit_request_sent" AND t."not_corrected" AND t."requested_clock_out" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "hr_timesheet_corrections" c
    WHERE c."company_id" = t."company_id" AND c."timecard_id" = t."id" AND c."status" = 'pending');
