-- Live updates (apps/api/src/platform/events.ts): every change of a timecard or a break notifies
-- the 'portal_events' channel, whatever wrote it (web clock, kiosk, auto clock-out, a manager, a
-- correction). NOTIFY is transactional: listeners hear of the change only once it commits. The
-- payload is a hint to refetch (ids and what happened), seen by the employee and by holders of
-- read_hr_dashboard of the same company.
CREATE OR REPLACE FUNCTION portal_notify_clock_change() RETURNS trigger AS $$
DECLARE
  v_store_id integer;
  v_action text;
BEGIN
  IF TG_TABLE_NAME = 'hr_timecards' THEN
    v_store_id := NEW.store_id;
    IF TG_OP = 'INSERT' THEN
      v_action := 'clock_in';
    ELSIF OLD.clock_out IS NULL AND NEW.clock_out IS NOT NULL THEN
      v_action := 'clock_out';
    ELSE
      v_action := 'timecard_updated';
    END IF;
  ELSE
    SELECT t.store_id INTO v_store_id FROM hr_timecards t
      WHERE t.company_id = NEW.company_id AND t.id = NEW.timecard_id;
    IF TG_OP = 'INSERT' THEN
      v_action := 'break_start';
    ELSIF OLD.break_end IS NULL AND NEW.break_end IS NOT NULL THEN
      v_action := 'break_end';
    ELSE
      v_action := 'break_updated';
    END IF;
  END IF;
  PERFORM pg_notify('portal_events', json_build_object(
    'companyId', NEW.company_id,
    'event', json_build_object(
      'type', 'clock.changed',
      'audience', json_build_object(
        'userIds', json_build_array(NEW.user_id),
        'permission', 'read_hr_dashboard'),
      'action', v_action,
      'user_id', NEW.user_id,
      'store_id', v_store_id))::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER hr_timecards_notify AFTER INSERT OR UPDATE ON hr_timecards
  FOR EACH ROW EXECUTE FUNCTION portal_notify_clock_change();
--> statement-breakpoint
CREATE TRIGGER hr_timecard_breaks_notify AFTER INSERT OR UPDATE ON hr_timecard_breaks
  FOR EACH ROW EXECUTE FUNCTION portal_notify_clock_change();
