import { describe, expect, it } from 'vitest';
import {
  addDays,
  crossesMidnight,
  hoursBetween,
  shiftInstants,
  weekDays,
  weekStartOf,
} from '@portal/contract/hr-schedules';

describe('schedule weeks and shift instants', () => {
  it('starts a week on the Sunday on or before a date, across months and years', () => {
    expect(weekStartOf('2026-11-01')).toBe('2026-11-01');
    expect(weekStartOf('2026-11-07')).toBe('2026-11-01');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-27');
    // Another week start day (HR settings week_start_day): Monday.
    expect(weekStartOf('2026-11-01', 1)).toBe('2026-10-26');
    expect(weekStartOf('2026-11-02', 1)).toBe('2026-11-02');
    expect(weekDays('2026-12-27')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('ends a shift the next day when the end is at or before the start', () => {
    expect(crossesMidnight('22:00', '06:00')).toBe(true);
    expect(crossesMidnight('09:00', '17:00')).toBe(false);
    expect(shiftInstants('2026-07-14', '22:00', '06:00', 'America/Chicago')).toEqual({
      shift_start: '2026-07-15T03:00:00.000Z',
      shift_end: '2026-07-15T11:00:00.000Z',
    });
  });

  it('counts real hours across the daylight-saving changes of America/New_York', () => {
    // Spring forward (2026-03-08, 02:00 -> 03:00): 01:00-09:00 is 7 hours.
    const spring = shiftInstants('2026-03-08', '01:00', '09:00', 'America/New_York');
    expect(spring).toEqual({
      shift_start: '2026-03-08T06:00:00.000Z',
      shift_end: '2026-03-08T13:00:00.000Z',
    });
    expect(hoursBetween(spring.shift_start, spring.shift_end)).toBe(7);
    // Fall back (2026-11-01, 02:00 -> 01:00): a night shift 22:00-06:00 is 9 hours.
    const fall = shiftInstants('2026-10-31', '22:00', '06:00', 'America/New_York');
    expect(fall).toEqual({
      shift_start: '2026-11-01T02:00:00.000Z',
      shift_end: '2026-11-01T11:00:00.000Z',
    });
    expect(hoursBetween(fall.shift_start, fall.shift_end)).toBe(9);
  });
});
