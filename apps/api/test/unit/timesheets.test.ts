import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '@portal/contract/hr';
import {
  employeeDays,
  payPeriodOf,
  weekStartOf,
  type OvertimeRules,
  type PlannedShift,
  type PunchBreak,
  type PunchCard,
} from '../../src/modules/timesheets/arithmetic.ts';

const NY = 'America/New_York';
const at = (local: string, zone = NY) => zonedTimeToUtc(local, zone).toISOString();
const NOW = Date.parse('2027-01-01T00:00:00Z');
let nextId = 1;

function card(
  clockIn: string,
  clockOut: string | null,
  zone = NY,
  extra: Partial<PunchCard> = {},
): PunchCard {
  return {
    id: nextId++,
    user_id: 1,
    store_id: 1,
    schedule_id: null,
    time_zone: zone,
    clock_in: at(clockIn, zone),
    clock_out: clockOut ? at(clockOut, zone) : null,
    auto_clocked_out: false,
    not_corrected: false,
    edit_request_sent: false,
    breaks: [],
    ...extra,
  };
}
const brk = (start: string, end: string, isPaid: boolean, zone = NY): PunchBreak => ({
  id: nextId++,
  short_description: isPaid ? 'Coffee Break' : 'Lunch Break',
  break_start: at(start, zone),
  break_end: at(end, zone),
  is_paid: isPaid,
  is_mandatory: !isPaid,
  duration: isPaid ? 15 : 30,
});
const noOvertime: OvertimeRules = { dailyMinutes: 0, weeklyMinutes: 0, weekStartDay: 0 };
const dailyAndWeekly: OvertimeRules = { dailyMinutes: 480, weeklyMinutes: 2400, weekStartDay: 0 };
const days = (cards: PunchCard[], rules = noOvertime, shifts: PlannedShift[] = []) =>
  employeeDays({ cards, shifts }, rules, NOW);

describe('timesheet arithmetic', () => {
  it('counts paid breaks as worked time and takes unpaid breaks off', () => {
    const c = card('2026-06-02T09:00', '2026-06-02T17:30');
    c.breaks = [
      brk('2026-06-02T12:00', '2026-06-02T12:30', false),
      brk('2026-06-02T15:00', '2026-06-02T15:15', true),
    ];
    const [day] = days([c]);
    expect(day).toMatchObject({
      date: '2026-06-02',
      worked_minutes: 480,
      paid_break_minutes: 15,
      unpaid_break_minutes: 30,
      regular_minutes: 480,
      overtime_minutes: 0,
    });
  });

  it('splits daily overtime past the daily threshold', () => {
    const [day] = days([card('2026-06-02T08:00', '2026-06-02T18:00')], dailyAndWeekly);
    expect(day).toMatchObject({ worked_minutes: 600, regular_minutes: 480, overtime_minutes: 120 });
  });

  it('adds weekly overtime only on regular minutes, never counting a minute twice', () => {
    // Sunday 2026-06-07 to Friday 2026-06-12: five 9-hour days, then an 8-hour Friday.
    const cards = ['07', '08', '09', '10', '11'].map((d) =>
      card(`2026-06-${d}T08:00`, `2026-06-${d}T17:00`),
    );
    cards.push(card('2026-06-12T08:00', '2026-06-12T16:00'));
    const result = days(cards, dailyAndWeekly);
    expect(result.slice(0, 5).map((d) => [d.regular_minutes, d.overtime_minutes])).toEqual(
      Array(5).fill([480, 60]),
    );
    // 5 x 480 regular = 2400 reached: all of Friday is weekly overtime.
    expect(result[5]).toMatchObject({ regular_minutes: 0, overtime_minutes: 480 });
    const worked = result.reduce((s, d) => s + d.worked_minutes, 0);
    const split = result.reduce((s, d) => s + d.regular_minutes + d.overtime_minutes, 0);
    expect(split).toBe(worked);
    expect(result.reduce((s, d) => s + d.overtime_minutes, 0)).toBe(780);
  });

  it('starts a new overtime week on the configured day', () => {
    // Six 8-hour days Mon..Sat with weekly 40 h: weeks starting Sunday put all six in one week,
    // weeks starting Thursday split them 3 + 3.
    const cards = ['01', '02', '03', '04', '05', '06'].map((d) =>
      card(`2026-06-${d}T09:00`, `2026-06-${d}T17:00`),
    );
    const sunday = days(cards, { dailyMinutes: 0, weeklyMinutes: 2400, weekStartDay: 0 });
    expect(sunday.reduce((s, d) => s + d.overtime_minutes, 0)).toBe(480);
    const thursday = days(cards, { dailyMinutes: 0, weeklyMinutes: 2400, weekStartDay: 4 });
    expect(thursday.reduce((s, d) => s + d.overtime_minutes, 0)).toBe(0);
    expect(weekStartOf('2026-06-06', 4)).toBe('2026-06-04');
  });

  it('keeps a shift crossing midnight on the day it started', () => {
    const result = days([card('2026-06-01T22:00', '2026-06-02T06:30')], dailyAndWeekly);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({
      date: '2026-06-01',
      worked_minutes: 510,
      overtime_minutes: 30,
    });
  });

  it("dates a timecard in its store's time zone", () => {
    // 02:00 UTC on July 1st is still June 30th in Los Angeles, already July 1st in Berlin.
    const la = card('2026-06-30T19:00', '2026-06-30T23:00', 'America/Los_Angeles');
    const berlin = card('2026-07-01T04:00', '2026-07-01T08:00', 'Europe/Berlin');
    expect(la.clock_in).toBe('2026-07-01T02:00:00.000Z');
    expect(berlin.clock_in).toBe('2026-07-01T02:00:00.000Z');
    expect(days([la])[0]?.date).toBe('2026-06-30');
    expect(days([berlin])[0]?.date).toBe('2026-07-01');
  });

  it('counts the real hours of the autumn DST day (America/New_York, 2026-11-01: 25 hours)', () => {
    // Midnight to 08:00 on the wall clock is 9 hours: 01:00-02:00 happens twice.
    const [day] = days([card('2026-11-01T00:00', '2026-11-01T08:00')], dailyAndWeekly);
    expect(day).toMatchObject({ date: '2026-11-01', worked_minutes: 540, overtime_minutes: 60 });
    // A night shift across the change: 22:00 Oct 31 to 06:00 Nov 1 is 9 hours.
    const [night] = days([card('2026-10-31T22:00', '2026-11-01T06:00')]);
    expect(night).toMatchObject({ date: '2026-10-31', worked_minutes: 540 });
  });

  it('counts the real hours of the spring DST day (America/New_York, 2026-03-08: 23 hours)', () => {
    const [day] = days([card('2026-03-08T00:00', '2026-03-08T08:00')], dailyAndWeekly);
    expect(day).toMatchObject({ date: '2026-03-08', worked_minutes: 420, overtime_minutes: 0 });
    const c = card('2026-03-07T23:00', '2026-03-08T07:00');
    c.breaks = [brk('2026-03-08T01:30', '2026-03-08T03:30', false)];
    // 23:00 to 07:00 is 7 hours; the unpaid break from 01:30 to 03:30 is one hour long.
    expect(days([c])[0]).toMatchObject({
      date: '2026-03-07',
      worked_minutes: 360,
      unpaid_break_minutes: 60,
    });
  });

  it('computes weekly overtime over a DST week (Sunday 2026-11-01 to Saturday 2026-11-07)', () => {
    const cards = ['01', '02', '03', '04', '05'].map((d) =>
      card(`2026-11-${d}T00:00`, `2026-11-${d}T08:00`),
    );
    // Sunday is 9 h (DST), the others 8 h: 41 h; daily overtime 1 h on Sunday, weekly none (40 h regular).
    const result = days(cards, dailyAndWeekly);
    expect(result.map((d) => d.worked_minutes)).toEqual([540, 480, 480, 480, 480]);
    expect(result.reduce((s, d) => s + d.overtime_minutes, 0)).toBe(60);
    const saturday = days([...cards, card('2026-11-07T09:00', '2026-11-07T10:00')], dailyAndWeekly);
    expect(saturday[5]).toMatchObject({ regular_minutes: 0, overtime_minutes: 60 });
  });

  it('flags late arrivals, shifts never clocked into and uncorrected auto clock-outs', () => {
    const shift = (id: number, start: string, end: string): PlannedShift => ({
      id,
      user_id: 1,
      store_id: 1,
      time_zone: NY,
      shift_start: at(start),
      shift_end: at(end),
    });
    const late = card('2026-06-02T09:07', '2026-06-02T17:00', NY, { schedule_id: 501 });
    const auto = card('2026-06-04T09:00', '2026-06-04T18:00', NY, {
      auto_clocked_out: true,
      not_corrected: true,
    });
    const result = days([late, auto], noOvertime, [
      shift(501, '2026-06-02T09:00', '2026-06-02T17:00'),
      shift(502, '2026-06-03T09:00', '2026-06-03T17:00'),
      shift(503, '2026-06-04T09:00', '2026-06-04T17:00'),
    ]);
    expect(result.map((d) => [d.date, d.late_minutes, d.missed_punches])).toEqual([
      ['2026-06-02', 7, 0],
      ['2026-06-03', 0, 1],
      ['2026-06-04', 0, 1],
    ]);
    expect(result[1]?.missed_shifts[0]?.schedule_id).toBe(502);
    expect(result[0]?.scheduled_minutes).toBe(480);
  });

  it('finds the pay period of a date', () => {
    expect(payPeriodOf('2026-01-20', 'biweekly', '2026-01-04')).toEqual({
      from: '2026-01-18',
      to: '2026-01-31',
    });
    expect(payPeriodOf('2025-12-31', 'weekly', '2026-01-04')).toEqual({
      from: '2025-12-28',
      to: '2026-01-03',
    });
    expect(payPeriodOf('2026-02-20', 'semimonthly', '2026-01-04')).toEqual({
      from: '2026-02-16',
      to: '2026-02-28',
    });
    expect(payPeriodOf('2026-02-15', 'semimonthly', '2026-01-04')).toEqual({
      from: '2026-02-01',
      to: '2026-02-15',
    });
  });
});
