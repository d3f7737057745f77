import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import type {
  PublicTicket,
  PublicTicketCenter,
  SlaTracker,
  Ticket,
  TicketSla,
  TicketTemplate,
} from '@portal/contract/resources/tickets';
import { ticketEvents, tickets } from '../../src/modules/tickets/schema.ts';
import { refreshSla, runSlaEscalation } from '../../src/modules/tickets/sla.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
type List<T> = Reply<{ results: T[] }>;
let t: TestApp;
let agent: Person;
let manager: Person;
let employee: Person;
let staff: Person;
let northwind: Person;

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A fixed Monday morning: every clock below is computed from explicit event times. */
const T0 = Date.parse('2026-01-05T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const idsOf = async (who: Person, path: string) =>
  (
    await t.call<List<{ id: number }>>('GET', `/api${path}?sort=id`, { token: who.token })
  ).body.data.results.map((row) => row.id);
const createTicket = async (who: Person, body: Record<string, unknown>) =>
  t.call<Reply<Ticket>>('POST', '/api/task-tickets', { token: who.token, body });
const slaAt = async (id: number, at: number, who = agent) => {
  const reply = await t.call<Reply<TicketSla>>(
    'GET',
    `/api/task-tickets/${id}/sla?at=${encodeURIComponent(iso(at))}`,
    { token: who.token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
};
const clockOf = (sla: TicketSla, name: string) => sla.clocks.find((clock) => clock.clock === name);
const latestNotification = async (who: Person) =>
  (await t.call<List<Notification>>('GET', '/api/notifications', { token: who.token })).body.data
    .results[0];

/** Replaces a ticket's log with events at explicit times and refreshes its derived columns. */
async function setLog(
  id: number,
  events: { kind: string; at: number; value?: string; reason?: string }[],
  asOf = Date.now(),
) {
  const db = t.database.db;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!ticket) throw new Error('no ticket');
  await db.delete(ticketEvents).where(eq(ticketEvents.ticket_id, id));
  await db.insert(ticketEvents).values(
    events.map((event) => ({
      company_id: ticket.company_id,
      ticket_id: id,
      kind: event.kind,
      at: iso(event.at),
      value: event.value ?? null,
      reason: event.reason ?? null,
    })),
  );
  await refreshSla(db, ticket, asOf);
}

async function priority(name: string, first: number, next: number, resolution: number) {
  const made = await t.call<Reply<{ id: number }>>('POST', '/api/ticket-priorities', {
    token: agent.token,
    body: {
      name,
      first_response_minutes: first,
      next_response_minutes: next,
      resolution_minutes: resolution,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data.id;
}

beforeAll(async () => {
  t = await startTestApp();
  [agent, manager, employee, staff, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'admin@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
});
afterAll(() => t.close());

describe('ticket templates', () => {
  let templateId = 0;
  let typeId = 0;

  it('keeps per type the fields a ticket from it must fill in', async () => {
    [typeId = 0] = await idsOf(agent, '/ticket-types');
    const made = await t.call<Reply<TicketTemplate>>('POST', '/api/ticket-templates', {
      token: agent.token,
      body: {
        name: 'Broken freezer',
        type_id: typeId,
        subject: 'Freezer is warm',
        fields: [
          { key: 'freezer_number', label: 'Freezer number', kind: 'number', required: true },
          { key: 'temperature', label: 'Temperature', kind: 'text' },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.fields).toEqual([
      { key: 'freezer_number', label: 'Freezer number', kind: 'number', required: true },
      { key: 'temperature', label: 'Temperature', kind: 'text', required: false },
    ]);
    templateId = made.body.data.id;
    const twice = await t.call('POST', '/api/ticket-templates', {
      token: agent.token,
      body: {
        name: 'Twice',
        type_id: typeId,
        subject: 'x',
        fields: [
          { key: 'a', label: 'A' },
          { key: 'a', label: 'A again' },
        ],
      },
    });
    expect(twice.status).toBe(400);
  });

  it('refuses a ticket from a template without a required field (400 naming it)', async () => {
    const missing = await createTicket(staff, {
      subject: 'Freezer 3',
      detail: 'Warm since morning',
      template_id: templateId,
      template_values: { temperature: '9C' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Freezer number is required');
    expect(missing.body.errors).toEqual({
      'template_values.freezer_number': ['Freezer number is required'],
    });
    const wrong = await createTicket(staff, {
      subject: 'Freezer 3',
      detail: 'Warm',
      template_id: templateId,
      template_values: { freezer_number: 'three', colour: 'white' },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors ?? {}).sort()).toEqual([
      'template_values.colour',
      'template_values.freezer_number',
    ]);
    const noTemplate = await createTicket(staff, {
      subject: 'Plain',
      detail: 'Plain',
      template_values: { freezer_number: 3 },
    });
    expect(noTemplate.status).toBe(400);
  });

  it('opens a ticket from a template with its type and the values given', async () => {
    const made = await createTicket(staff, {
      subject: 'Freezer 3',
      detail: 'Warm since morning',
      template_id: templateId,
      template_values: { freezer_number: '3', temperature: '' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      template_id: templateId,
      template_name: 'Broken freezer',
      type_id: typeId,
      template_values: { freezer_number: 3, temperature: null },
    });
  });

  it('answers 404 across companies and 403 without the permission', async () => {
    expect(
      (await t.call('GET', `/api/ticket-templates/${templateId}`, { token: northwind.token }))
        .status,
    ).toBe(404);
    const theirs = await createTicket(northwind, {
      subject: 'x',
      detail: 'y',
      template_id: templateId,
      template_values: { freezer_number: 1 },
    });
    expect(theirs.status).toBe(400);
    expect(Object.keys(theirs.body.errors ?? {})).toContain('template_id');
    expect((await t.call('GET', '/api/ticket-templates', { token: employee.token })).status).toBe(
      403,
    );
    expect(
      (
        await t.call('POST', '/api/ticket-templates', {
          token: manager.token,
          body: { name: 'No', type_id: typeId, subject: 'No' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('assignment to a district or region', () => {
  it('assigns within the company, never to another company’s district', async () => {
    const [districtId] = await idsOf(agent, '/districts');
    const [regionId] = await idsOf(agent, '/regions');
    const made = await createTicket(agent, {
      subject: 'District audit',
      detail: 'Every store of the district',
      district_id: districtId,
      region_id: regionId,
      due_at: '2026-02-01T12:00:00.000Z',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.district_name).toBeTruthy();
    expect(made.body.data.region_name).toBeTruthy();
    expect(made.body.data.due_at).toBe('2026-02-01T12:00:00.000Z');
    const [theirDistrict] = await idsOf(northwind, '/districts');
    const refused = await t.call('PATCH', `/api/task-tickets/${made.body.data.id}`, {
      token: agent.token,
      body: { district_id: theirDistrict },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toContain('district_id');
  });
});

describe('SLA clocks from the event log', () => {
  let normal = 0;
  let fast = 0;

  beforeAll(async () => {
    normal = await priority('SLA Normal', 60, 30, 240);
    fast = await priority('SLA Fast', 30, 15, 180);
  });

  it('pending two hours moves the due time two hours, with the reason', async () => {
    const made = await createTicket(agent, { subject: 'Clock', detail: 'd', priority_id: normal });
    const id = made.body.data.id;
    await setLog(id, [
      { kind: 'created', at: T0 },
      { kind: 'status', at: T0 + 30 * MIN, value: 'open' },
      { kind: 'status', at: T0 + HOUR, value: 'pending', reason: 'Waiting for parts' },
    ]);
    const paused = await slaAt(id, T0 + 2 * HOUR);
    expect(paused).toMatchObject({ paused: true, pause_reason: 'Waiting for parts' });
    expect(paused.calendar).toBe('calendar');
    expect(paused.calendar_note).toBe('Counted in calendar time: the ticket has no store.');
    expect(clockOf(paused, 'resolution')).toMatchObject({
      state: 'paused',
      elapsed_minutes: 60,
      paused_minutes: 60,
      minutes_left: 180,
      due_at: null,
    });

    await setLog(id, [
      { kind: 'created', at: T0 },
      { kind: 'status', at: T0 + 30 * MIN, value: 'open' },
      { kind: 'status', at: T0 + HOUR, value: 'pending', reason: 'Waiting for parts' },
      { kind: 'status', at: T0 + 3 * HOUR, value: 'open' },
    ]);
    const resumed = await slaAt(id, T0 + 4 * HOUR);
    // 240 minutes from 08:00 would be 12:00; two hours pending move it to 14:00.
    expect(clockOf(resumed, 'resolution')).toMatchObject({
      state: 'running',
      elapsed_minutes: 120,
      paused_minutes: 120,
      due_at: iso(T0 + 6 * HOUR),
      minutes_left: 120,
      breached: false,
    });
    // First response: 60 minutes spent before the pause; due again the moment it resumed.
    expect(clockOf(resumed, 'first_response')).toMatchObject({
      state: 'running',
      due_at: iso(T0 + 3 * HOUR),
      breached: true,
    });
    expect(resumed.events.map((event) => event.kind)).toEqual([
      'created',
      'status',
      'status',
      'status',
    ]);
  });

  it('a priority change keeps the time already paused', async () => {
    const made = await createTicket(agent, {
      subject: 'Re-prioritised',
      detail: 'd',
      priority_id: normal,
    });
    const id = made.body.data.id;
    await setLog(id, [
      { kind: 'created', at: T0 },
      { kind: 'status', at: T0 + HOUR, value: 'pending', reason: 'Customer away' },
      { kind: 'status', at: T0 + 3 * HOUR, value: 'open' },
    ]);
    const changed = await t.call<Reply<Ticket>>('PATCH', `/api/task-tickets/${id}`, {
      token: agent.token,
      body: { priority_id: fast },
    });
    expect(changed.status).toBe(200);
    const sla = await slaAt(id, T0 + 4 * HOUR);
    // Fast: 180 minutes; 60 spent before the pause, 60 after: due one hour later, not at 11:00.
    expect(clockOf(sla, 'resolution')).toMatchObject({
      target_minutes: 180,
      elapsed_minutes: 120,
      paused_minutes: 120,
      due_at: iso(T0 + 5 * HOUR),
    });
    const logged = await t.database.db
      .select()
      .from(ticketEvents)
      .where(and(eq(ticketEvents.ticket_id, id), eq(ticketEvents.kind, 'priority')));
    expect(logged.map((event) => event.value)).toEqual([String(fast)]);
  });

  it('replies stop the first response and start and stop the next response', async () => {
    const made = await createTicket(agent, {
      subject: 'Replies',
      detail: 'd',
      priority_id: normal,
    });
    const id = made.body.data.id;
    await setLog(id, [
      { kind: 'created', at: T0 },
      { kind: 'staff_reply', at: T0 + 20 * MIN },
      { kind: 'requester_reply', at: T0 + HOUR },
    ]);
    const sla = await slaAt(id, T0 + HOUR + 10 * MIN);
    expect(clockOf(sla, 'first_response')).toMatchObject({
      state: 'stopped',
      elapsed_minutes: 20,
      breached: false,
    });
    expect(clockOf(sla, 'next_response')).toMatchObject({
      state: 'running',
      due_at: iso(T0 + HOUR + 30 * MIN),
      minutes_left: 20,
    });
  });

  it('counts only the store’s opening hours when it has them', async () => {
    const [storeId] = await idsOf(agent, '/stores');
    const hours = await t.call('PATCH', `/api/stores/${storeId}`, {
      token: agent.token,
      body: { time_zone: 'UTC', opens_at: '09:00', closes_at: '17:00' },
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    const made = await createTicket(agent, {
      subject: 'After hours',
      detail: 'd',
      priority_id: normal,
      store_id: storeId,
    });
    const id = made.body.data.id;
    await setLog(id, [{ kind: 'created', at: T0 + 8 * HOUR }]); // Monday 16:00 UTC
    const sla = await slaAt(id, T0 + 26 * HOUR); // Tuesday 10:00 UTC
    expect(sla.calendar).toBe('business');
    expect(sla.calendar_note).toContain('09:00-17:00 (UTC)');
    // 16:00-17:00 and 09:00-10:00: two hours; the closed night adds none.
    expect(clockOf(sla, 'resolution')).toMatchObject({
      elapsed_minutes: 120,
      due_at: iso(T0 + 28 * HOUR), // Tuesday 12:00
    });
    await t.call('PATCH', `/api/stores/${storeId}`, {
      token: agent.token,
      body: { opens_at: null, closes_at: null },
    });
  });

  it('a move to pending through /wait needs the reason and pauses the clocks', async () => {
    const made = await createTicket(agent, { subject: 'Wait', detail: 'd', priority_id: normal });
    const id = made.body.data.id;
    await t.call('POST', `/api/task-tickets/${id}/transition`, {
      token: agent.token,
      body: { to: 'open' },
    });
    const bare = await t.call('POST', `/api/task-tickets/${id}/wait`, {
      token: agent.token,
      body: { reason: ' ' },
    });
    expect(bare.status).toBe(400);
    const waited = await t.call<Reply<Ticket>>('POST', `/api/task-tickets/${id}/wait`, {
      token: agent.token,
      body: { reason: 'Waiting for the landlord' },
    });
    expect(waited.status, JSON.stringify(waited.body)).toBe(200);
    expect(waited.body.data.status).toBe('pending');
    expect(waited.body.data.sla_due_at).toBeNull();
    const sla = await slaAt(id, Date.now() + MIN);
    expect(sla).toMatchObject({ paused: true, pause_reason: 'Waiting for the landlord' });
    expect(sla.events.at(-1)).toMatchObject({
      kind: 'status',
      value: 'pending',
      reason: 'Waiting for the landlord',
    });
    expect(
      (
        await t.call('POST', `/api/task-tickets/${id}/wait`, {
          token: northwind.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/api/task-tickets/${id}/wait`, {
          token: employee.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('GET', `/api/task-tickets/${id}/sla`, { token: northwind.token })).status,
    ).toBe(404);
  });
});

describe('escalation on breach', () => {
  /** A timeline of its own, a month before the other tests' logs, so their tickets are not due. */
  const T1 = T0 - 30 * 24 * HOUR;

  it('the job notifies the assignee and the escalation person, reassigns, once per breach', async () => {
    const urgent = await priority('SLA Escalate', 30, 15, 600);
    const setting = await t.call('PUT', `/api/org-settings/tickets.sla_escalation`, {
      token: agent.token,
      body: { scope: 'company', scope_id: 0, value: { escalate_to_id: agent.id, reassign: true } },
    });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    const made = await createTicket(staff, {
      subject: 'Nobody answered',
      detail: 'd',
      priority_id: urgent,
      assignee_id: manager.id,
    });
    const id = made.body.data.id;
    await setLog(id, [{ kind: 'created', at: T1 }], T1);
    const [stored] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(stored?.sla_check_at).toBe(iso(T1 + 30 * MIN));

    expect(await runSlaEscalation(t.database.db, T1 + 29 * MIN)).toBe(0);
    expect(await runSlaEscalation(t.database.db, T1 + 31 * MIN)).toBe(1);
    const ticket = await t.call<Reply<Ticket>>('GET', `/api/task-tickets/${id}`, {
      token: agent.token,
    });
    expect(ticket.body.data).toMatchObject({ assignee_id: agent.id, sla_breached: true });
    for (const who of [manager, agent])
      expect(await latestNotification(who), String(who.id)).toMatchObject({
        kind: 'ticket.sla_breached',
        title: `Ticket #${id} missed its SLA (First response)`,
        link: `/task-center/${id}`,
      });
    // Escalated once: the next passes leave the first response alone.
    expect(await runSlaEscalation(t.database.db, T1 + 40 * MIN)).toBe(0);
    // Resolution (600 minutes) breaches later, once.
    expect(await runSlaEscalation(t.database.db, T1 + 601 * MIN)).toBe(1);
    expect(await runSlaEscalation(t.database.db, T1 + 700 * MIN)).toBe(0);
    const breaches = await t.database.db
      .select()
      .from(ticketEvents)
      .where(and(eq(ticketEvents.ticket_id, id), eq(ticketEvents.kind, 'breached')));
    expect(breaches.map((event) => event.value)).toEqual(['first_response', 'resolution']);
    await t.call('PUT', `/api/org-settings/tickets.sla_escalation`, {
      token: agent.token,
      body: { scope: 'company', scope_id: 0, value: null },
    });
  });

  it('is a platform job', async () => {
    const jobs = await t.call<Reply<{ schedules: { name: string }[] }>>('GET', '/api/jobs', {
      token: agent.token,
    });
    expect(JSON.stringify(jobs.body)).toContain('tickets.sla_escalation');
  });
});

describe('/sla-tracker', () => {
  it('lists by time left, breached first, filtered by store, district and region', async () => {
    const slow = await priority('SLA Slow', 600, 600, 6000);
    const [storeId = 0] = await idsOf(agent, '/stores');
    const store = await t.call<Reply<{ district_id: number | null }>>(
      'GET',
      `/api/stores/${storeId}`,
      {
        token: agent.token,
      },
    );
    const districtId = store.body.data.district_id;
    const district = await t.call<Reply<{ region_id: number | null }>>(
      'GET',
      `/api/districts/${districtId}`,
      { token: agent.token },
    );
    const regionId = district.body.data.region_id;
    const late = await createTicket(agent, {
      subject: 'Tracker late',
      detail: 'd',
      priority_id: slow,
      store_id: storeId,
    });
    const soon = await createTicket(agent, {
      subject: 'Tracker soon',
      detail: 'd',
      priority_id: slow,
    });
    await setLog(late.body.data.id, [{ kind: 'created', at: Date.now() - 700 * MIN }]);

    const all = await t.call<Reply<SlaTracker>>('GET', '/api/sla-tracker?per_page=200', {
      token: manager.token,
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const ids = all.body.data.results.map((row) => row.id);
    expect(ids.indexOf(late.body.data.id)).toBeLessThan(ids.indexOf(soon.body.data.id));
    const lefts = all.body.data.results
      .filter((row) => !row.paused)
      .map((row) => row.minutes_left ?? 0);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    const lateRow = all.body.data.results.find((row) => row.id === late.body.data.id);
    expect(lateRow).toMatchObject({ breached: true, clock: 'first_response' });
    expect(lateRow?.store_name).toBeTruthy();
    expect(lateRow?.district_name).toBeTruthy();
    expect(lateRow?.region_name).toBeTruthy();

    const breached = await t.call<Reply<SlaTracker>>(
      'GET',
      '/api/sla-tracker?breached=true&per_page=200',
      {
        token: manager.token,
      },
    );
    expect(breached.body.data.results.every((row) => row.breached)).toBe(true);
    expect(breached.body.data.results.map((row) => row.id)).toContain(late.body.data.id);
    expect(breached.body.data.total).toBe(breached.body.data.breached);

    for (const filter of [
      `store_id=${storeId}`,
      `district_id=${districtId}`,
      `region_id=${regionId}`,
    ]) {
      const narrowed = await t.call<Reply<SlaTracker>>(
        'GET',
        `/api/sla-tracker?${filter}&per_page=200`,
        {
          token: manager.token,
        },
      );
      const found = narrowed.body.data.results.map((row) => row.id);
      expect(found, filter).toContain(late.body.data.id);
      expect(found, filter).not.toContain(soon.body.data.id);
    }
    const theirs = await t.call<Reply<SlaTracker>>('GET', '/api/sla-tracker?per_page=200', {
      token: northwind.token,
    });
    expect(theirs.body.data.results.map((row) => row.id)).not.toContain(late.body.data.id);
    expect((await t.call('GET', '/api/sla-tracker', { token: employee.token })).status).toBe(403);
  });
});

describe('the public ticket center', () => {
  let storeId = 0;
  let token = '';
  let linkId = 0;
  const open = (body: Record<string, unknown>, value = token) =>
    t.call<Reply<{ ticket_id: number | null; view_token: string | null }>>(
      'POST',
      '/api/public/ticket-center',
      {
        body: {
          token: value,
          name: 'Gina Guest',
          email: 'gina@example.com',
          subject: 'Broken door',
          detail: 'The entrance door sticks',
          ...body,
        },
      },
    );

  it('staff make a store’s link (not for another company’s store)', async () => {
    [storeId = 0] = await idsOf(manager, '/stores');
    const made = await t.call<Reply<{ id: number; token: string }>>('POST', '/api/public-links', {
      token: manager.token,
      body: {
        resource: 'stores',
        action: 'open_ticket',
        record_id: storeId,
        expires_in_hours: 24 * 90,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    token = made.body.data.token;
    linkId = made.body.data.id;
    const theirs = await t.call('POST', '/api/public-links', {
      token: northwind.token,
      body: { resource: 'stores', action: 'open_ticket', record_id: storeId, expires_in_hours: 24 },
    });
    expect(theirs.status).toBe(404);
  });

  it('the settings screen’s route makes a store link with its address and QR code', async () => {
    const made = await t.call<Reply<{ url: string; qr_data_url: string; token: string }>>(
      'POST',
      '/api/ticket-center/store-links',
      { token: manager.token, body: { store_id: storeId } },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.url).toContain(
      `/public/ticket-center?token=${encodeURIComponent(made.body.data.token)}`,
    );
    expect(made.body.data.qr_data_url.startsWith('data:image/png;base64,')).toBe(true);
    const theirs = await t.call('POST', '/api/ticket-center/store-links', {
      token: northwind.token,
      body: { store_id: storeId },
    });
    expect(theirs.status).toBe(404);
    const refused = await t.call('POST', '/api/ticket-center/store-links', {
      token: employee.token,
      body: { store_id: storeId },
    });
    expect(refused.status).toBe(403);
  });

  it('shows a guest the store’s form without a session', async () => {
    const form = await t.call<Reply<PublicTicketCenter>>(
      'GET',
      `/api/public/ticket-center?token=${encodeURIComponent(token)}`,
    );
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data.store_name).toBeTruthy();
    expect(form.body.data.types.length).toBeGreaterThan(0);
    const tampered = `${token.slice(0, -2)}xx`;
    expect(
      (await t.call('GET', `/api/public/ticket-center?token=${encodeURIComponent(tampered)}`))
        .status,
    ).toBe(404);
  });

  it('opens a ticket that lands in the ticket center and can be followed', async () => {
    const opened = await open({});
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.message).toBe('Thank you. Your ticket is open; keep the link to follow it.');
    const id = opened.body.data.ticket_id ?? 0;
    const ticket = await t.call<Reply<Ticket>>('GET', `/api/task-tickets/${id}`, {
      token: staff.token,
    });
    expect(ticket.body.data).toMatchObject({
      source: 'public',
      store_id: storeId,
      requester_email: 'gina@example.com',
      assignee_id: null,
      status: 'new',
      sent_from_route: '/public/ticket-center',
    });
    const view = await t.call<Reply<PublicTicket>>(
      'GET',
      `/api/public/cc-tickets/${id}?token=${encodeURIComponent(opened.body.data.view_token ?? '')}`,
    );
    expect(view.status).toBe(200);
    expect(view.body.data.subject).toBe('Broken door');
    // Its view link is for that ticket only.
    expect(
      (
        await t.call(
          'GET',
          `/api/public/cc-tickets/${id - 1}?token=${encodeURIComponent(opened.body.data.view_token ?? '')}`,
        )
      ).status,
    ).toBe(404);
  });

  it('a filled honeypot stores nothing; bad input is a 400', async () => {
    const before = (await t.database.db.select().from(tickets)).length;
    const robot = await open({ website: 'http://spam.example' });
    expect(robot.status).toBe(200);
    expect(robot.body.data.ticket_id).toBeNull();
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
    const bad = await open({ email: 'not-an-email', subject: '' });
    expect(bad.status).toBe(400);
  });

  it('limits tickets per address (429, nothing written)', async () => {
    // One opened above; four more fit in the hour.
    for (let i = 0; i < 4; i += 1) expect((await open({ subject: `Again ${i}` })).status).toBe(200);
    const before = (await t.database.db.select().from(tickets)).length;
    const flood = await open({ subject: 'One too many' });
    expect(flood.status).toBe(429);
    expect(flood.body.message).toBe('Too many tickets from your address. Please try again later.');
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
  });

  it('a revoked link is refused (403)', async () => {
    await t.call('POST', `/api/public-links/${linkId}/revoke`, { token: manager.token, body: {} });
    expect(
      (await t.call('GET', `/api/public/ticket-center?token=${encodeURIComponent(token)}`)).status,
    ).toBe(403);
    expect((await open({})).status).toBe(403);
  });
});
