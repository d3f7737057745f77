import {
  slaClocks,
  type SlaClock,
  type SlaClockState,
  type TicketEventKind,
} from '@portal/contract/resources/tickets';

/**
 * The SLA clocks as pure functions of a ticket's event log (issue 18). Nothing here reads the
 * wall clock: `asOf` is passed in, so the same log always gives the same clocks.
 *
 * - first response: from the ticket's creation to the first staff reply (or to its resolution);
 * - next response: from a requester's reply that follows a staff reply, to the next staff reply;
 * - resolution: from creation to resolved or closed, resumed (not restarted) when reopened.
 *
 * While the ticket is pending (waiting on someone else) every running clock pauses; the time
 * paused is credited, whatever the priority (and so the target) becomes later, because elapsed
 * time is summed from the log and only the target comes from the current priority. Time counts
 * in the store's opening hours when the store has them (its wall clock, every day), else in
 * calendar time.
 */

export interface SlaEvent {
  kind: TicketEventKind;
  at: string;
  value: string | null;
  reason: string | null;
}

export type SlaTargets = Record<SlaClock, number | null>;

/** Business hours on the store's wall clock ('HH:MM'), or every minute counts. */
export type SlaCalendar =
  { kind: 'calendar' } | { kind: 'business'; timeZone: string; opensAt: string; closesAt: string };

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
/** how far the business calendar looks for open time (a target beyond is reported as due then) */
const MAX_DAYS = 800;

const minutesOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The offset of `timeZone` from UTC at `utcMs`, in ms (local = utc + offset). */
function offsetAt(timeZone: string, utcMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(utcMs))
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant of a wall-clock time (local midnight of `localDay` + minutes) in `timeZone`. */
function utcOf(timeZone: string, localDay: number, minutes: number): number {
  const local = localDay + minutes * MINUTE;
  const first = local - offsetAt(timeZone, local);
  return local - offsetAt(timeZone, first);
}

/** The store's open windows [start, end) in UTC ms, day by day from the local day of `fromMs`. */
function* openWindows(
  calendar: Extract<SlaCalendar, { kind: 'business' }>,
  fromMs: number,
): Generator<[number, number]> {
  const opens = minutesOf(calendar.opensAt);
  const closes = minutesOf(calendar.closesAt);
  const localFrom = fromMs + offsetAt(calendar.timeZone, fromMs);
  // Start a day early: hours past midnight (18:00-02:00) open on the day before.
  let day = Math.floor(localFrom / DAY) * DAY - DAY;
  for (let i = 0; i < MAX_DAYS; i += 1, day += DAY) {
    if (opens === closes)
      yield [utcOf(calendar.timeZone, day, 0), utcOf(calendar.timeZone, day + DAY, 0)];
    else if (opens < closes)
      yield [utcOf(calendar.timeZone, day, opens), utcOf(calendar.timeZone, day, closes)];
    else yield [utcOf(calendar.timeZone, day, opens), utcOf(calendar.timeZone, day + DAY, closes)];
  }
}

/** Minutes of clock time between two instants (open hours only on a business calendar). */
export function clockMinutes(calendar: SlaCalendar, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  if (calendar.kind === 'calendar') return (toMs - fromMs) / MINUTE;
  let total = 0;
  for (const [start, end] of openWindows(calendar, fromMs)) {
    if (start >= toMs) break;
    const a = Math.max(start, fromMs);
    const b = Math.min(end, toMs);
    if (b > a) total += b - a;
  }
  return total / MINUTE;
}

/** The instant `minutes` of clock time after `fromMs` (skipping closed hours). */
export function addClockMinutes(calendar: SlaCalendar, fromMs: number, minutes: number): number {
  if (minutes <= 0) return fromMs;
  if (calendar.kind === 'calendar') return fromMs + minutes * MINUTE;
  let left = minutes * MINUTE;
  let last = fromMs;
  for (const [start, end] of openWindows(calendar, fromMs)) {
    const a = Math.max(start, fromMs);
    if (end <= a) continue;
    if (end - a >= left) return a + left;
    left -= end - a;
    last = end;
  }
  return last + left;
}

interface ClockRun {
  state: 'idle' | 'running' | 'paused' | 'stopped';
  /** clock minutes spent in earlier stretches */
  spent: number;
  /** when the current stretch started (running) */
  since: number | null;
  paused: number;
  pausedSince: number | null;
  /** when the clock's current cycle began (a breach is escalated once per cycle) */
  cycleStart: number | null;
}

export interface SlaResult {
  clocks: SlaClockState[];
  paused: boolean;
  pauseReason: string | null;
  /** per clock: the start of its current cycle (for "escalated already?") */
  cycleStarts: Record<SlaClock, number | null>;
}

const WAITING = 'pending';
const DONE = new Set(['resolved', 'closed']);

/** The three clocks as of `asOf`, from the log (sorted by time), the targets and the calendar. */
export function computeSla(
  events: readonly SlaEvent[],
  targets: SlaTargets,
  calendar: SlaCalendar,
  asOf: number,
): SlaResult {
  const clock = (): ClockRun => ({
    state: 'idle',
    spent: 0,
    since: null,
    paused: 0,
    pausedSince: null,
    cycleStart: null,
  });
  const runs: Record<SlaClock, ClockRun> = {
    first_response: clock(),
    next_response: clock(),
    resolution: clock(),
  };
  let waiting = false;
  let pauseReason: string | null = null;
  let staffReplied = false;

  const start = (run: ClockRun, at: number, newCycle: boolean) => {
    if (run.state === 'running' || run.state === 'paused') return;
    if (newCycle) {
      run.spent = 0;
      run.paused = 0;
      run.cycleStart = at;
    }
    run.cycleStart ??= at;
    if (waiting) {
      run.state = 'paused';
      run.pausedSince = at;
    } else {
      run.state = 'running';
      run.since = at;
    }
  };
  const stop = (run: ClockRun, at: number) => {
    if (run.state === 'running' && run.since !== null)
      run.spent += clockMinutes(calendar, run.since, at);
    if (run.state === 'paused' && run.pausedSince !== null)
      run.paused += clockMinutes(calendar, run.pausedSince, at);
    run.since = null;
    run.pausedSince = null;
    if (run.state !== 'idle') run.state = 'stopped';
  };
  const pause = (run: ClockRun, at: number) => {
    if (run.state !== 'running' || run.since === null) return;
    run.spent += clockMinutes(calendar, run.since, at);
    run.since = null;
    run.state = 'paused';
    run.pausedSince = at;
  };
  const resume = (run: ClockRun, at: number) => {
    if (run.state !== 'paused' || run.pausedSince === null) return;
    run.paused += clockMinutes(calendar, run.pausedSince, at);
    run.pausedSince = null;
    run.state = 'running';
    run.since = at;
  };

  for (const event of events) {
    const at = new Date(event.at).getTime();
    if (at > asOf) break;
    switch (event.kind) {
      case 'created':
        start(runs.first_response, at, true);
        start(runs.resolution, at, true);
        break;
      case 'staff_reply':
        staffReplied = true;
        stop(runs.first_response, at);
        stop(runs.next_response, at);
        break;
      case 'requester_reply':
        if (staffReplied && runs.next_response.state !== 'running') {
          if (runs.next_response.state !== 'paused') start(runs.next_response, at, true);
        }
        break;
      case 'status': {
        const to = event.value ?? '';
        if (to === WAITING) {
          waiting = true;
          pauseReason = event.reason;
          for (const run of Object.values(runs)) pause(run, at);
        } else {
          if (waiting) for (const run of Object.values(runs)) resume(run, at);
          waiting = false;
          pauseReason = null;
          if (DONE.has(to)) for (const run of Object.values(runs)) stop(run, at);
          else if (runs.resolution.state === 'stopped') {
            // Reopened: resolution resumes with the time already spent.
            runs.resolution.state = 'idle';
            start(runs.resolution, at, false);
          }
        }
        break;
      }
      default:
        break;
    }
  }

  const clocks = slaClocks.map((name): SlaClockState => {
    const run = runs[name];
    const target = targets[name];
    const elapsed =
      run.spent +
      (run.state === 'running' && run.since !== null ? clockMinutes(calendar, run.since, asOf) : 0);
    const paused =
      run.paused +
      (run.state === 'paused' && run.pausedSince !== null
        ? clockMinutes(calendar, run.pausedSince, asOf)
        : 0);
    const dueMs =
      run.state === 'running' && run.since !== null && target !== null
        ? addClockMinutes(calendar, run.since, target - run.spent)
        : null;
    const left =
      target === null || (run.state !== 'running' && run.state !== 'paused')
        ? null
        : dueMs !== null
          ? Math.round((dueMs - asOf) / MINUTE)
          : Math.round(target - elapsed);
    return {
      clock: name,
      state: run.state,
      target_minutes: target,
      elapsed_minutes: Math.round(elapsed * 10) / 10,
      paused_minutes: Math.round(paused * 10) / 10,
      due_at: dueMs === null ? null : new Date(dueMs).toISOString(),
      minutes_left: left,
      breached: target !== null && run.state !== 'idle' && elapsed > target,
    };
  });
  return {
    clocks,
    paused: waiting,
    pauseReason,
    cycleStarts: {
      first_response: runs.first_response.cycleStart,
      next_response: runs.next_response.cycleStart,
      resolution: runs.resolution.cycleStart,
    },
  };
}
