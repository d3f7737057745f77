import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@portal/contract/resource';
import type {
  ExternalTicketList,
  Ticket,
  TicketComment,
  TicketSla,
} from '@portal/contract/resources/tickets';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 18 item 3: /external/ticket-center for call-center staff outside the company. They see
// the tickets assigned to them or at the stores they serve, work them like the ticket center
// (statuses, comments, SLA), every move recorded; anything else is a 404, the rest of the ticket
// API a 403.

type Reply<T> = { data: T; message: string };
const BASE = '/api/external/ticket-center/tickets';
let t: TestApp;
let agent: Person;
let manager: Person;
let caller: Person;
let northwind: Person;
let served: number[] = [];
let atMyStore = 0;
let assignedToMe = 0;
let elsewhere = 0;
let theirs = 0;

const create = async (who: Person, body: Record<string, unknown>) => {
  const res = await t.call<Reply<Ticket>>('POST', '/api/task-tickets', { token: who.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
};
const list = (query = '') =>
  t.call<Reply<ExternalTicketList>>('GET', `${BASE}${query}`, { token: caller.token });

beforeAll(async () => {
  t = await startTestApp();
  [agent, manager, caller, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'callcenter@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  served = (await list()).body.data.stores.map((store) => store.id);
  const stores = await t.call<Reply<{ results: { id: number }[] }>>('GET', '/api/stores', {
    token: agent.token,
  });
  const other = stores.body.data.results.find((store) => !served.includes(store.id));
  atMyStore = await create(agent, { subject: 'Door stuck', detail: 'd', store_id: served[0] });
  assignedToMe = await create(agent, {
    subject: 'Call the customer back',
    detail: 'd',
    assignee_id: caller.id,
  });
  elsewhere = await create(agent, { subject: 'Not theirs', detail: 'd', store_id: other?.id });
  theirs = await create(northwind, { subject: 'Northwind', detail: 'd' });
}, 240_000);
afterAll(() => t.close());

describe('the external ticket center', () => {
  it('is for the call center only; the internal ticket API is closed to them', async () => {
    expect(served.length).toBeGreaterThan(0);
    expect((await t.call('GET', BASE, { token: manager.token })).status).toBe(403);
    expect((await t.call('GET', '/api/task-tickets', { token: caller.token })).status).toBe(403);
    expect(
      (await t.call('GET', `/api/task-tickets/${atMyStore}`, { token: caller.token })).status,
    ).toBe(403);
  });

  it('lists the tickets assigned to them or at their stores, by queue, nothing else', async () => {
    const all = await list('?per_page=50');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const ids = all.body.data.results.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([atMyStore, assignedToMe]));
    expect(ids).not.toContain(elsewhere);
    expect(ids).not.toContain(theirs);
    for (const row of all.body.data.results)
      expect(row.assignee_id === caller.id || served.includes(row.store_id ?? -1)).toBe(true);
    expect(all.body.data.counts.all).toBeGreaterThanOrEqual(2);
    const mine = await list('?queue=mine');
    expect(mine.body.data.results.map((row) => row.id)).toContain(assignedToMe);
    expect(mine.body.data.results.map((row) => row.id)).not.toContain(atMyStore);
    const stores = await list('?queue=stores');
    expect(stores.body.data.results.map((row) => row.id)).toContain(atMyStore);
    expect(stores.body.data.results.map((row) => row.id)).not.toContain(assignedToMe);
    const found = await list('?search=Door%20stuck');
    expect(found.body.data.results.map((row) => row.id)).toContain(atMyStore);
    expect((await list('?queue=everything')).status).toBe(400);
  });

  it('answers 404 for a ticket outside their scope, of their company or another', async () => {
    for (const id of [elsewhere, theirs, 999_999]) {
      for (const [method, path, body] of [
        ['GET', `${BASE}/${id}`, undefined],
        ['GET', `${BASE}/${id}/comments`, undefined],
        ['GET', `${BASE}/${id}/sla`, undefined],
        ['POST', `${BASE}/${id}/transition`, { to: 'open' }],
        ['POST', `${BASE}/${id}/wait`, { reason: 'Parts' }],
        ['POST', `${BASE}/${id}/comments`, { body: 'Hello' }],
      ] as const) {
        const res = await t.call(method, path, { token: caller.token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const untouched = await t.call<Reply<Ticket>>('GET', `/api/task-tickets/${elsewhere}`, {
      token: agent.token,
    });
    expect(untouched.body.data.status).toBe('new');
  });

  it('works a ticket like the ticket center: statuses, comments, SLA, each recorded', async () => {
    const one = await t.call<Reply<Ticket>>('GET', `${BASE}/${atMyStore}`, {
      token: caller.token,
    });
    expect(one.body.data).toMatchObject({ id: atMyStore, status: 'new' });
    expect(one.body.data.allowed_transitions).toEqual(
      expect.arrayContaining(['open', 'resolved', 'closed']),
    );
    const refused = await t.call('POST', `${BASE}/${atMyStore}/transition`, {
      token: caller.token,
      body: { to: 'pending' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ticket cannot go from New to Pending');
    const started = await t.call<Reply<Ticket>>('POST', `${BASE}/${atMyStore}/transition`, {
      token: caller.token,
      body: { to: 'open', note: 'Calling the store' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.message).toBe('Ticket status updated');
    expect(started.body.data.status).toBe('open');

    const said = await t.call<Reply<TicketComment>>('POST', `${BASE}/${atMyStore}/comments`, {
      token: caller.token,
      body: { body: 'Locksmith booked' },
    });
    expect(said.status).toBe(200);
    expect(said.body.data).toMatchObject({ author_name: 'Cara Caller', author_id: caller.id });
    const comments = await t.call<Reply<{ results: TicketComment[] }>>(
      'GET',
      `/api/task-tickets/${atMyStore}/comments`,
      { token: agent.token },
    );
    expect(comments.body.data.results.map((row) => row.body)).toContain('Locksmith booked');

    const waiting = await t.call<Reply<Ticket>>('POST', `${BASE}/${atMyStore}/wait`, {
      token: caller.token,
      body: { reason: 'Locksmith on the way' },
    });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body.data.status).toBe('pending');
    const sla = await t.call<Reply<TicketSla>>('GET', `${BASE}/${atMyStore}/sla`, {
      token: caller.token,
    });
    expect(sla.status).toBe(200);
    expect(sla.body.data).toMatchObject({ paused: true, pause_reason: 'Locksmith on the way' });
    expect(sla.body.data.events.map((event) => [event.kind, event.actor_id])).toEqual(
      expect.arrayContaining([
        ['staff_reply', caller.id],
        ['status', caller.id],
      ]),
    );

    // The ticket's history (the ticket center's audit trail) names the agent for each move.
    const history = await t.call<Reply<HistoryEntry[]>>(
      'GET',
      `/api/task-tickets/${atMyStore}/history`,
      { token: agent.token },
    );
    const moves = history.body.data.filter((entry) => entry.action === 'transition');
    expect(moves.map((entry) => [entry.to_status, entry.user_name, entry.note])).toEqual([
      ['pending', 'Cara Caller', 'Locksmith on the way'],
      ['open', 'Cara Caller', 'Calling the store'],
    ]);
  });

  it('loses a ticket once it is assigned away from them and off their stores', async () => {
    const moved = await t.call('PATCH', `/api/task-tickets/${assignedToMe}`, {
      token: agent.token,
      body: { assignee_id: manager.id },
    });
    expect(moved.status).toBe(200);
    expect((await t.call('GET', `${BASE}/${assignedToMe}`, { token: caller.token })).status).toBe(
      404,
    );
  });
});
