/**
 * Timesheet arithmetic, with no database: durations, breaks, lateness, missed punches and daily +
 * weekly overtime. Every duration is the difference of two UTC instants, so a day of 23 or 25
 * hours (a daylight-saving change) counts what was really worked. A timecard belongs to the local
 * date (in its store's time zone) on which it STARTED: a shift from 22:00 to 06:00 counts in full
 * on the first day, for daily and weekly overtime alike.
 */

export interface PunchBreak {
  id: number;
  short_description: string;
  break_start: string;
  break_end: string | null;
  is_paid: boolean;
  is_mandatory: boolean;
  /** minutes the setting allows */
  duration: number;
}

export interface PunchCard {
  id: number;
  user_id: number;
  store_id: number;
  schedule_id: number | null;
  time_zone: string;
  clock_in: string;
  clock_out: string | null;
  auto_clocked_out: boolean;
  not_corrected: boolean;
  edit_request_sent: boolean;
  breaks: PunchBreak[];
}

export interface PlannedShift {
  id: number;
  user_id: number;
  store_id: number;
  time_zone: string;
  shift_start: string;
  shift_end: string;
}

export interface OvertimeRules {
  /** minutes a day after which time is overtime; 0 = no daily overtime */
  dailyMinutes: number;
  /** minutes a week after which time is overtime; 0 = no weekly overtime */
  weeklyMinutes: number;
  /** 0 Sunday … 6 Saturday */
  weekStartDay: number;
}

export interface CardFigures {
  timecard_id: number;
  store_id: number;
  schedule_id: number | null;
  clock_in: string;
  clock_out: string | null;
  shift_start: string | null;
  shift_end: string | null;
  /** clock span minus unpaid breaks (paid breaks are worked time) */
  worked_minutes: number;
  paid_break_minutes: number;
  unpaid_break_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  late_minutes: number;
  /** still clocked in: counted up to `now` */
  open: boolean;
  auto_clocked_out: boolean;
  not_corrected: boolean;
  edit_request_sent: boolean;
  mandatory_breaks_taken: number;
  breaks: PunchBreak[];
}

export interface MissedShift {
  schedule_id: number;
  store_id: number;
  shift_start: string;
  shift_end: string;
}

export interface DayFigures {
  /** YYYY-MM-DD in the store's time zone, the day the timecard started */
  date: string;
  worked_minutes: number;
  paid_break_minutes: number;
  unpaid_break_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  late_minutes: number;
  /** scheduled shifts never clocked into, plus clock-outs the employee never made (auto clock-out) */
  missed_punches: number;
  scheduled_minutes: number;
  mandatory_breaks_expected: number;
  mandatory_breaks_taken: number;
  cards: CardFigures[];
  missed_shifts: MissedShift[];
}

export type Totals = Omit<DayFigures, 'date' | 'cards' | 'missed_shifts'>;

const MINUTE = 60_000;
const ms = (iso: string) => new Date(iso).getTime();
const minutesBetween = (from: number, to: number) => Math.max(0, Math.round((to - from) / MINUTE));

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The local date (YYYY-MM-DD) of an instant in a time zone. The formatter is made once per zone:
 * building an Intl.DateTimeFormat costs far more than using one, and a month of a large company
 * dates thousands of timecards.
 */
export function localDate(instant: string, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** YYYY-MM-DD plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a calendar date. */
export const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first day of the week (starting on `weekStartDay`) that holds `date`. */
export const weekStartOf = (date: string, weekStartDay: number) =>
  addDays(date, -((dayOfWeek(date) - weekStartDay + 7) % 7));

/** Days from `a` to `b` (b - a). */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Break minutes of a timecard, clipped to its clock span; an open break runs to `end`. */
export function breakMinutes(card: PunchCard, end: number) {
  const start = ms(card.clock_in);
  let paid = 0;
  let unpaid = 0;
  for (const b of card.breaks) {
    const from = Math.max(start, ms(b.break_start));
    const to = Math.min(end, b.break_end ? ms(b.break_end) : end);
    const minutes = minutesBetween(from, to);
    if (b.is_paid) paid += minutes;
    else unpaid += minutes;
  }
  return { paid, unpaid };
}

/** Whether a shift and a timecard are the same piece of work. */
function matches(shift: PlannedShift, card: PunchCard, now: number) {
  if (card.schedule_id !== null) return card.schedule_id === shift.id;
  if (card.user_id !== shift.user_id) return false;
  const cardEnd = card.clock_out ? ms(card.clock_out) : now;
  return ms(card.clock_in) < ms(shift.shift_end) && ms(shift.shift_start) < cardEnd;
}

/** Figures of one timecard before overtime is split off (regular = worked for now). */
export function cardFigures(card: PunchCard, shift: PlannedShift | null, now: number): CardFigures {
  const end = card.clock_out ? ms(card.clock_out) : now;
  const span = minutesBetween(ms(card.clock_in), end);
  const { paid, unpaid } = breakMinutes(card, end);
  const worked = Math.max(0, span - unpaid);
  const late = shift
    ? Math.max(0, Math.floor((ms(card.clock_in) - ms(shift.shift_start)) / MINUTE))
    : 0;
  return {
    timecard_id: card.id,
    store_id: card.store_id,
    schedule_id: shift?.id ?? card.schedule_id,
    clock_in: card.clock_in,
    clock_out: card.clock_out,
    shift_start: shift?.shift_start ?? null,
    shift_end: shift?.shift_end ?? null,
    worked_minutes: worked,
    paid_break_minutes: paid,
    unpaid_break_minutes: unpaid,
    regular_minutes: worked,
    overtime_minutes: 0,
    late_minutes: late,
    open: card.clock_out === null,
    auto_clocked_out: card.auto_clocked_out,
    not_corrected: card.not_corrected,
    edit_request_sent: card.edit_request_sent,
    mandatory_breaks_taken: card.breaks.filter((b) => b.is_mandatory).length,
    breaks: card.breaks,
  };
}

/** Every figure at zero: where a day and a sum of days start. */
export const zeroTotals = (): Totals => ({
  worked_minutes: 0,
  paid_break_minutes: 0,
  unpaid_break_minutes: 0,
  regular_minutes: 0,
  overtime_minutes: 0,
  late_minutes: 0,
  missed_punches: 0,
  scheduled_minutes: 0,
  mandatory_breaks_expected: 0,
  mandatory_breaks_taken: 0,
});

const emptyDay = (date: string): DayFigures => ({
  date,
  ...zeroTotals(),
  cards: [],
  missed_shifts: [],
});

/**
 * Splits each day's worked minutes into regular and overtime, without counting a minute twice:
 * first the minutes past the daily threshold are daily overtime; then, walking the week in order,
 * the REGULAR minutes past the weekly threshold become weekly overtime (daily overtime never counts
 * towards the week's regular total). Days must all be one employee's, sorted by date. Within a
 * day, the overtime is the last minutes worked, so it is charged to the day's last timecards.
 */
export function applyOvertime(days: DayFigures[], rules: OvertimeRules): void {
  let week = '';
  let weekRegular = 0;
  for (const day of days) {
    const start = weekStartOf(day.date, rules.weekStartDay);
    if (start !== week) {
      week = start;
      weekRegular = 0;
    }
    const daily = rules.dailyMinutes > 0 ? Math.max(0, day.worked_minutes - rules.dailyMinutes) : 0;
    let regular = day.worked_minutes - daily;
    let weekly = 0;
    if (rules.weeklyMinutes > 0) {
      const room = Math.max(0, rules.weeklyMinutes - weekRegular);
      weekly = Math.max(0, regular - room);
      regular -= weekly;
    }
    weekRegular += regular;
    day.regular_minutes = regular;
    day.overtime_minutes = daily + weekly;
    // Charge the overtime to the day's last minutes worked.
    let overtime = day.overtime_minutes;
    for (const card of [...day.cards].sort((a, b) => ms(b.clock_in) - ms(a.clock_in))) {
      const ot = Math.min(card.worked_minutes, overtime);
      card.overtime_minutes = ot;
      card.regular_minutes = card.worked_minutes - ot;
      overtime -= ot;
    }
  }
}

export interface EmployeeInput {
  cards: PunchCard[];
  shifts: PlannedShift[];
  /** store id -> how many mandatory break kinds it sets up */
  mandatoryBreaks?: Map<number, number>;
}

/**
 * One employee's days: timecards grouped by the local date they started, shifts matched to them
 * (late minutes), shifts that ended with no timecard (missed punches), overtime split. Returns every
 * day with activity, from the first to the last, sorted; callers filter to their range AFTER this,
 * so a week's earlier days still count towards weekly overtime.
 */
export function employeeDays(
  input: EmployeeInput,
  rules: OvertimeRules,
  now: number,
): DayFigures[] {
  const days = new Map<string, DayFigures>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = emptyDay(date);
      days.set(date, day);
    }
    return day;
  };
  const used = new Set<number>();
  const cards = [...input.cards].sort((a, b) => ms(a.clock_in) - ms(b.clock_in));
  for (const card of cards) {
    const shift = input.shifts.find((s) => !used.has(s.id) && matches(s, card, now)) ?? null;
    if (shift) used.add(shift.id);
    const figures = cardFigures(card, shift, now);
    const day = dayOf(localDate(card.clock_in, card.time_zone));
    day.cards.push(figures);
    day.worked_minutes += figures.worked_minutes;
    day.paid_break_minutes += figures.paid_break_minutes;
    day.unpaid_break_minutes += figures.unpaid_break_minutes;
    day.late_minutes += figures.late_minutes;
    day.mandatory_breaks_taken += figures.mandatory_breaks_taken;
    day.mandatory_breaks_expected += input.mandatoryBreaks?.get(card.store_id) ?? 0;
    if (card.auto_clocked_out && card.not_corrected) day.missed_punches += 1;
  }
  for (const shift of input.shifts) {
    const day = dayOf(localDate(shift.shift_start, shift.time_zone));
    day.scheduled_minutes += minutesBetween(ms(shift.shift_start), ms(shift.shift_end));
    if (!used.has(shift.id) && ms(shift.shift_end) < now) {
      day.missed_punches += 1;
      day.missed_shifts.push({
        schedule_id: shift.id,
        store_id: shift.store_id,
        shift_start: shift.shift_start,
        shift_end: shift.shift_end,
      });
    }
  }
  const sorted = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  applyOvertime(sorted, rules);
  return sorted;
}

/** Adds `day` into `into` (works for days and for totals). */
export function addTotals(into: Totals, day: Totals): Totals {
  for (const key of Object.keys(into) as (keyof Totals)[]) into[key] += day[key];
  return into;
}

// ---- Pay periods

export type PayPeriodKind = 'weekly' | 'biweekly' | 'semimonthly';

/**
 * The pay period holding `date`: weekly and biweekly periods repeat every 7 or 14 days from the
 * anchor (the first day of some period); semi-monthly ones run from the 1st to the 15th and from the
 * 16th to the month's end (the anchor is not used).
 */
export function payPeriodOf(
  date: string,
  kind: PayPeriodKind,
  anchor: string,
): { from: string; to: string } {
  if (kind === 'semimonthly') {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (d <= 15) return { from: `${month}-01`, to: `${month}-15` };
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return { from: `${month}-16`, to: `${month}-${String(last).padStart(2, '0')}` };
  }
  const length = kind === 'weekly' ? 7 : 14;
  const offset = ((daysBetween(anchor, date) % length) + length) % length;
  const from = addDays(date, -offset);
  return { from, to: addDays(from, length - 1) };
}
