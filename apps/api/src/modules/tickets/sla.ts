import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  slaClockLabels,
  slaClocks,
  slaEscalationSchema,
  SLA_ESCALATION_SETTING,
  type SlaClock,
  type TicketEvent,
  type TicketEventKind,
  type TicketSla,
  ticketEventKinds,
} from '@portal/contract/resources/tickets';
import { tenantScope } from '../../db/columns.ts';
import type { Database, Executor, Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ticketChanged } from './events.ts';
import { defineJob } from '../../platform/jobs.ts';
import { defineSetting, readSetting } from '../../platform/settings.ts';
import { asCompany, asSystem } from '../../platform/tenant-connection.ts';
import { notify } from '../notifications/api.ts';
import { storeHoursOf } from '../organisation/api.ts';
import {
  computeSla,
  type SlaCalendar,
  type SlaEvent,
  type SlaResult,
  type SlaTargets,
} from './sla-clock.ts';
import { ticketEvents, ticketPriorities, tickets } from './schema.ts';

/** Who hears of a breach besides the assignee, and whether they take the ticket (org setting). */
export const slaEscalationSetting = defineSetting({
  key: SLA_ESCALATION_SETTING,
  label: 'Ticket SLA breaches escalate to',
  schema: slaEscalationSchema,
  default: { escalate_to_id: null, reassign: false },
});

/**
 * The reason a move to pending carries (POST /task-tickets/{id}/wait): the engine's transition
 * runs inside, and the ticket's onTransition hook reads it for the status event.
 */
export const waitReason = new AsyncLocalStorage<string>();

const kindOf = (value: string): TicketEventKind =>
  ticketEventKinds.find((kind) => kind === value) ?? 'status';

type TicketRow = typeof tickets.$inferSelect;

/** The clocks' inputs: the log, the priority's targets and the store's calendar. */
async function inputsOf(db: Executor, ticket: TicketRow) {
  const events = await db
    .select()
    .from(ticketEvents)
    .where(and(tenantScope(ticketEvents, ticket.company_id), eq(ticketEvents.ticket_id, ticket.id)))
    .orderBy(asc(ticketEvents.at), asc(ticketEvents.id));
  const targets: SlaTargets = { first_response: null, next_response: null, resolution: null };
  if (ticket.priority_id !== null) {
    const [priority] = await db
      .select()
      .from(ticketPriorities)
      .where(
        and(
          tenantScope(ticketPriorities, ticket.company_id),
          eq(ticketPriorities.id, ticket.priority_id),
        ),
      );
    if (priority) {
      targets.first_response = priority.first_response_minutes;
      targets.next_response = priority.next_response_minutes;
      targets.resolution = priority.resolution_minutes;
    }
  }
  let calendar: SlaCalendar = { kind: 'calendar' };
  const store =
    ticket.store_id === null ? null : await storeHoursOf(db, ticket.company_id, ticket.store_id);
  if (store?.opens_at && store.closes_at)
    calendar = {
      kind: 'business',
      timeZone: store.time_zone,
      opensAt: store.opens_at,
      closesAt: store.closes_at,
    };
  return { events, targets, calendar };
}

const slaEvents = (rows: (typeof ticketEvents.$inferSelect)[]): SlaEvent[] =>
  rows.map((row) => ({ kind: kindOf(row.kind), at: row.at, value: row.value, reason: row.reason }));

/** Which clocks were escalated in their current cycle (a breached event since it began). */
function escalated(rows: (typeof ticketEvents.$inferSelect)[], result: SlaResult) {
  const done = new Set<SlaClock>();
  for (const row of rows) {
    if (row.kind !== 'breached') continue;
    const clock = slaClocks.find((name) => name === row.value);
    const cycle = clock ? result.cycleStarts[clock] : null;
    if (clock && cycle !== null && new Date(row.at).getTime() >= cycle) done.add(clock);
  }
  return done;
}

/**
 * Recomputes the ticket's derived SLA columns from its log as of `asOf`: the clock falling due
 * first and when, or (paused) its minutes left frozen, breached, and when the escalation job next
 * has to look. Called after every event, in the event's transaction.
 */
export async function refreshSla(tx: Executor, ticket: TicketRow, asOf = Date.now()) {
  const { events, targets, calendar } = await inputsOf(tx, ticket);
  const result = computeSla(slaEvents(events), targets, calendar, asOf);
  const done = escalated(events, result);
  const kept = result.clocks.filter((clock) => clock.target_minutes !== null);
  const running = kept
    .filter((clock) => clock.state === 'running' && clock.due_at !== null)
    .sort((a, b) => String(a.due_at).localeCompare(String(b.due_at)));
  const paused = kept
    .filter((clock) => clock.state === 'paused')
    .sort((a, b) => (a.minutes_left ?? 0) - (b.minutes_left ?? 0));
  const first = running[0] ?? null;
  const frozen = first ? null : (paused[0] ?? null);
  const check = running.find((clock) => !done.has(clock.clock)) ?? null;
  const active = !['resolved', 'closed'].includes(ticket.status);
  await tx
    .update(tickets)
    .set({
      sla_clock: active ? (first?.clock ?? frozen?.clock ?? null) : null,
      sla_due_at: active ? (first?.due_at ?? null) : null,
      sla_paused: active && result.paused,
      sla_left_minutes: active && frozen ? frozen.minutes_left : null,
      sla_breached: active && kept.some((clock) => clock.breached && clock.state !== 'stopped'),
      sla_check_at: active ? (check?.due_at ?? null) : null,
    })
    .where(and(tenantScope(tickets, ticket.company_id), eq(tickets.id, ticket.id)));
  return { result, calendar, events };
}

async function lockedTicket(tx: Executor, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(tenantScope(tickets, companyId), eq(tickets.id, id)))
    .for('update');
  if (!row) throw AppError.notFound('Ticket');
  return row;
}

/** Appends an event to the ticket's log (now, unless `at` says when) and refreshes its clocks. */
export async function recordEvent(
  tx: Executor,
  companyId: number,
  ticketId: number,
  event: {
    kind: TicketEventKind;
    actorId?: number | null;
    value?: string | null;
    reason?: string | null;
    at?: string;
  },
) {
  await tx.insert(ticketEvents).values({
    company_id: companyId,
    ticket_id: ticketId,
    kind: event.kind,
    actor_id: event.actorId ?? null,
    value: event.value ?? null,
    reason: event.reason ?? null,
    ...(event.at ? { at: event.at } : {}),
  });
  await refreshSla(tx, await lockedTicket(tx, companyId, ticketId));
}

const eventOut = (row: typeof ticketEvents.$inferSelect): TicketEvent => ({
  id: row.id,
  kind: kindOf(row.kind),
  at: row.at,
  actor_id: row.actor_id,
  value: row.value,
  reason: row.reason,
});

/** GET /task-tickets/{id}/sla: the clocks as of `asOf`, with the log and the calendar used. */
export async function slaOf(
  db: Executor,
  companyId: number,
  ticketId: number,
  asOf: number,
): Promise<TicketSla> {
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(tenantScope(tickets, companyId), eq(tickets.id, ticketId)));
  if (!ticket) throw AppError.notFound('Ticket');
  const { events, targets, calendar } = await inputsOf(db, ticket);
  const result = computeSla(slaEvents(events), targets, calendar, asOf);
  return {
    ticket_id: ticket.id,
    as_of: new Date(asOf).toISOString(),
    calendar: calendar.kind,
    calendar_note:
      calendar.kind === 'business'
        ? `Counted in the store's opening hours, ${calendar.opensAt}-${calendar.closesAt} (${calendar.timeZone}).`
        : ticket.store_id === null
          ? 'Counted in calendar time: the ticket has no store.'
          : 'Counted in calendar time: the store has no opening hours.',
    paused: result.paused,
    pause_reason: result.pauseReason,
    clocks: result.clocks,
    events: events.map(eventOut),
  };
}

/**
 * One escalation pass as of `now`: every active ticket whose next check is due is locked and its
 * clocks recomputed; each clock past its target and not yet escalated in its current cycle gets a
 * `breached` event, the assignee and the escalation person (org setting, nearest of store,
 * district, region, company) hear of it, and with `reassign` on the ticket goes to that person.
 * Returns how many breaches it escalated.
 */
export async function runSlaEscalation(db: Database, now = Date.now(), limit = 200) {
  const due = await asSystem(() =>
    db
      .select({ company_id: tickets.company_id, id: tickets.id })
      .from(tickets)
      .where(
        and(
          isNotNull(tickets.sla_check_at),
          lte(tickets.sla_check_at, new Date(now).toISOString()),
          inArray(tickets.status, ['new', 'open', 'pending']),
        ),
      )
      .orderBy(asc(tickets.sla_check_at))
      .limit(limit),
  );
  let escalatedCount = 0;
  for (const { company_id: companyId, id } of due) {
    escalatedCount += await asCompany(companyId, () =>
      db.transaction(async (tx) => escalateOne(tx, companyId, id, now)),
    );
  }
  return escalatedCount;
}

async function escalateOne(tx: Tx, companyId: number, id: number, now: number) {
  const ticket = await lockedTicket(tx, companyId, id);
  const { events, targets, calendar } = await inputsOf(tx, ticket);
  const result = computeSla(slaEvents(events), targets, calendar, now);
  const done = escalated(events, result);
  const breached = result.clocks.filter(
    (clock) => clock.state === 'running' && clock.breached && !done.has(clock.clock),
  );
  if (!breached.length) {
    await refreshSla(tx, ticket, now);
    return 0;
  }
  const policy = await readSetting(tx, { companyId }, slaEscalationSetting, ticket.store_id);
  for (const clock of breached)
    await tx.insert(ticketEvents).values({
      company_id: companyId,
      ticket_id: id,
      kind: 'breached',
      at: new Date(now).toISOString(),
      value: clock.clock,
      reason: `Target ${clock.target_minutes ?? 0} min, due ${clock.due_at ?? ''}`,
    });
  const to = policy.escalate_to_id;
  let assignee = ticket.assignee_id;
  if (policy.reassign && to !== null && to !== assignee) {
    await tx
      .update(tickets)
      .set({ assignee_id: to, updated_at: sql`now()` })
      .where(and(tenantScope(tickets, companyId), eq(tickets.id, id)));
    assignee = to;
  }
  const names = breached.map((clock) => slaClockLabels[clock.clock]).join(', ');
  await notify(tx, companyId, {
    kind: 'ticket.sla_breached',
    // The one who had it, and the escalation person (who may now have it).
    userIds: [ticket.assignee_id, to].filter((userId): userId is number => userId !== null),
    title: `Ticket #${id} missed its SLA (${names})`,
    body:
      policy.reassign && to !== null && to !== ticket.assignee_id
        ? `${ticket.subject} (reassigned to you)`
        : ticket.subject,
    link: `/task-center/${id}`,
  });
  await refreshSla(tx, { ...ticket, assignee_id: assignee }, now);
  await ticketChanged(tx, companyId, id);
  return breached.length;
}

/** The escalation as a platform job (platform/jobs.ts), every minute by default. */
export const slaEscalationJob = (intervalSeconds = 60) =>
  defineJob({
    name: 'tickets.sla_escalation',
    intervalSeconds,
    retries: 0,
    async handler({ db, log }) {
      const count = await runSlaEscalation(db);
      if (count) log.info({ count }, 'escalated ticket SLA breaches');
    },
  });
