import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import type { Ticket, TicketComment, TicketDashboard } from '@portal/contract/resources/tickets';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let employee: Person;
let agent: Person;
let manager: Person;
let staff: Person;
let northwind: Person;

const getTicket = (who: Person, id: number) =>
  t.call<Reply<Ticket>>('GET', `/api/task-tickets/${id}`, { token: who.token });
const move = (who: Person, id: number, to: string) =>
  t.call<Reply<Ticket>>('POST', `/api/task-tickets/${id}/transition`, {
    token: who.token,
    body: { to },
  });
const comment = (who: Person, id: number, body: string) =>
  t.call<Reply<TicketComment>>('POST', `/api/task-tickets/${id}/comments`, {
    token: who.token,
    body: { body },
  });
const dashboard = async (who: Person) =>
  (
    await t.call<Reply<TicketDashboard>>('GET', '/api/ticket-center/dashboard', {
      token: who.token,
    })
  ).body.data;
const latestNotification = async (who: Person) =>
  (
    await t.call<Reply<{ results: Notification[] }>>('GET', '/api/notifications', {
      token: who.token,
    })
  ).body.data.results[0];

beforeAll(async () => {
  t = await startTestApp();
  [employee, agent, manager, staff, northwind] = await Promise.all([
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'manager@demo.example'),
    signInPerson(t, 'admin@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
});
afterAll(() => t.close());

describe('task tickets and the ticket center', () => {
  let supportTicketId = 0;
  let ticketId = 0;

  it('lands a Get Support ticket in the ticket center with the route it was sent from', async () => {
    const types = await t.call<Reply<{ results: { id: number; title: string }[] }>>(
      'GET',
      '/api/support-ticket-types?sort=id',
      { token: employee.token },
    );
    const type = types.body.data.results[0];
    const sent = await t.call<Reply<{ id: number }>>('POST', '/api/support-tickets/submit', {
      token: employee.token,
      body: { type_id: type?.id, detail: 'The till drawer is stuck', sent_from_route: '/hr/team' },
    });
    expect(sent.status).toBe(200);
    supportTicketId = sent.body.data.id;
    const board = await dashboard(staff);
    const landed = board.unassigned.find((row) => row.support_ticket_id === supportTicketId);
    expect(landed).toMatchObject({
      subject: `Support: ${type?.title}`,
      detail: 'The till drawer is stuck',
      source: 'support',
      sent_from_route: '/hr/team',
      requester_id: employee.id,
      requester_email: 'employee@demo.example',
      status: 'new',
      assignee_id: null,
    });
    expect(board.counts.unassigned).toBeGreaterThanOrEqual(1);
    ticketId = landed?.id ?? 0;
  });

  it('assigns to a user, who hears of it and finds it in their queue', async () => {
    const assigned = await t.call<Reply<Ticket>>('PATCH', `/api/task-tickets/${ticketId}`, {
      token: staff.token,
      body: { assignee_id: manager.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data.assignee_name).toBe('Mina Manager');
    expect(await latestNotification(manager)).toMatchObject({
      kind: 'ticket.assigned',
      title: `Ticket #${ticketId} assigned to you`,
      link: `/task-center/${ticketId}`,
    });
    expect((await dashboard(manager)).my_queue.map((row) => row.id)).toContain(ticketId);
    expect((await dashboard(staff)).unassigned.map((row) => row.id)).not.toContain(ticketId);
  });

  it('assigns to a store of the company, not of another one', async () => {
    const stores = await t.call<Reply<{ results: { id: number }[] }>>('GET', '/api/stores', {
      token: agent.token,
    });
    const storeId = stores.body.data.results[0]?.id ?? 0;
    const ok = await t.call<Reply<Ticket>>('PATCH', `/api/task-tickets/${ticketId}`, {
      token: agent.token,
      body: { store_id: storeId },
    });
    expect(ok.body.data.store_id).toBe(storeId);
    const theirs = await t.call<Reply<{ results: { id: number }[] }>>('GET', '/api/stores', {
      token: northwind.token,
    });
    const refused = await t.call('PATCH', `/api/task-tickets/${ticketId}`, {
      token: agent.token,
      body: { store_id: theirs.body.data.results[0]?.id },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toContain('store_id');
  });

  it('comments reach the requester', async () => {
    const added = await comment(manager, ticketId, 'A technician comes tomorrow');
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ author_name: 'Mina Manager', from_public_link: false });
    expect(await latestNotification(employee)).toMatchObject({
      kind: 'ticket.comment',
      body: 'Mina Manager: A technician comes tomorrow',
    });
    const list = await t.call<Reply<{ results: TicketComment[] }>>(
      'GET',
      `/api/task-tickets/${ticketId}/comments`,
      { token: staff.token },
    );
    expect(list.body.data.results.map((row) => row.body)).toEqual(['A technician comes tomorrow']);
  });

  it('moves only along the declared statuses (409 otherwise), each move in the history', async () => {
    const refused = await move(manager, ticketId, 'pending');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ticket cannot go from New to Pending');
    expect((await getTicket(manager, ticketId)).body.data.status).toBe('new');

    expect((await move(manager, ticketId, 'open')).status).toBe(200);
    expect((await move(manager, ticketId, 'pending')).status).toBe(200);
    const closedEarly = await move(manager, ticketId, 'closed');
    expect(closedEarly.status).toBe(409);
    expect((await move(manager, ticketId, 'resolved')).status).toBe(200);
    expect(await latestNotification(employee)).toMatchObject({
      kind: 'ticket.status_changed',
      title: `Ticket #${ticketId} is resolved`,
    });
    const closed = await move(manager, ticketId, 'closed');
    expect(closed.status).toBe(200);
    expect(closed.body.data.allowed_transitions).toEqual([]);
    const after = await getTicket(manager, ticketId);
    expect(after.body.data.closed_at).not.toBeNull();

    const history = await t.call<Reply<{ action: string; to_status: string | null }[]>>(
      'GET',
      `/api/task-tickets/${ticketId}/history`,
      { token: manager.token },
    );
    expect(history.status).toBe(200);
    expect(
      history.body.data.filter((row) => row.action === 'transition').map((row) => row.to_status),
    ).toEqual(['closed', 'resolved', 'pending', 'open']);

    // Closed: no more comments, no edits, no moves.
    const late = await comment(manager, ticketId, 'One more thing');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A closed ticket takes no comments');
    expect(
      (
        await t.call('PATCH', `/api/task-tickets/${ticketId}`, {
          token: manager.token,
          body: { subject: 'Changed' },
        })
      ).status,
    ).toBe(409);
    expect((await move(manager, ticketId, 'open')).status).toBe(409);
  });

  it('answers 404 to another company on the ticket, its comments and its moves', async () => {
    expect((await getTicket(northwind, ticketId)).status).toBe(404);
    expect(
      (await t.call('GET', `/api/task-tickets/${ticketId}/comments`, { token: northwind.token }))
        .status,
    ).toBe(404);
    expect((await comment(northwind, ticketId, 'Hello')).status).toBe(404);
    expect((await move(northwind, ticketId, 'open')).status).toBe(404);
    expect((await dashboard(northwind)).unassigned.map((row) => row.id)).not.toContain(ticketId);
  });

  it('keeps tickets from those without the permission (403)', async () => {
    expect((await getTicket(employee, ticketId)).status).toBe(403);
    expect(
      (await t.call('GET', '/api/ticket-center/dashboard', { token: employee.token })).status,
    ).toBe(403);
    expect((await comment(employee, ticketId, 'Hi')).status).toBe(403);
  });
});
