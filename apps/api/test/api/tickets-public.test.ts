import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contract/notifications';
import type { PublicTicket, Ticket } from '@portal/contract/resources/tickets';
import { ticketComments, tickets } from '../../src/modules/tickets/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Reply<T> = { data: T };
let t: TestApp;
let agent: Person;
let employee: Person;
let northwind: Person;

const newTicket = async (subject: string) => {
  const made = await t.call<Reply<Ticket>>('POST', '/api/task-tickets', {
    token: agent.token,
    body: { subject, detail: `${subject}: details`, assignee_id: employee.id },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data.id;
};
const linkFor = async (id: number, who = agent) =>
  t.call<Reply<{ id: number; token: string }>>('POST', '/api/public-links', {
    token: who.token,
    body: { resource: 'tickets', action: 'view', record_id: id, expires_in_hours: 24 * 30 },
  });
const view = (id: number, token: string) =>
  t.call<Reply<PublicTicket>>('GET', `/api/public/cc-tickets/${id}?token=${token}`);
const commentsVia = (id: number, token: string) =>
  t.call<Reply<{ results: { body: string }[] }>>(
    'GET',
    `/api/public/cc-ticket-comments?ticket_id=${id}&token=${token}`,
  );
const commentVia = (id: number, token: string, body = 'Any news?') =>
  t.call('POST', '/api/public/cc-ticket-comments', {
    body: { ticket_id: id, token, name: 'Vera Visitor', body },
  });
const commentCount = async (id: number) =>
  (await t.database.db.select().from(ticketComments).where(eq(ticketComments.ticket_id, id)))
    .length;

beforeAll(async () => {
  t = await startTestApp();
  [agent, employee, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
});
afterAll(() => t.close());

describe('public ticket view through a secure link', () => {
  it('shows the ticket and takes a comment without a session; the assignee hears of it', async () => {
    const id = await newTicket('Broken door');
    const link = await linkFor(id);
    expect(link.status).toBe(200);
    const { token } = link.body.data;
    const seen = await view(id, token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      id,
      subject: 'Broken door',
      detail: 'Broken door: details',
      status: 'new',
      status_label: 'New',
      company_name: expect.any(String),
      comments: [],
    });
    expect(JSON.stringify(seen.body.data)).not.toContain('assignee');

    const sent = await commentVia(id, token, 'The door still squeaks');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      author_name: 'Vera Visitor',
      from_public_link: true,
      body: 'The door still squeaks',
    });
    expect((await commentsVia(id, token)).body.data.results.map((c) => c.body)).toEqual([
      'The door still squeaks',
    ]);
    const [latest] = (
      await t.call<Reply<{ results: Notification[] }>>('GET', '/api/notifications', {
        token: employee.token,
      })
    ).body.data.results;
    expect(latest).toMatchObject({
      kind: 'ticket.comment',
      body: 'Vera Visitor: The door still squeaks',
    });

    const bad = await commentVia(id, token, '');
    expect(bad.status).toBe(400);
  });

  it('is a 404 for another ticket’s id, a tampered or unknown token, another company', async () => {
    const id = await newTicket('Leaking roof');
    const other = await newTicket('Flickering light');
    const { token } = (await linkFor(id)).body.data;
    expect((await view(other, token)).status).toBe(404);
    expect((await commentVia(other, token)).status).toBe(404);
    expect((await commentsVia(other, token)).status).toBe(404);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await view(id, tampered)).status).toBe(404);
    expect((await view(id, 'not-a-token')).status).toBe(404);
    expect(await commentCount(other)).toBe(0);
    // Another company cannot make a link to this ticket.
    expect((await linkFor(id, northwind)).status).toBe(404);
    // Nor can someone without write_tickets.
    expect((await linkFor(id, employee)).status).toBe(403);
  });

  it('is a 403 once revoked, and nothing is written', async () => {
    const id = await newTicket('Broken window');
    const link = (await linkFor(id)).body.data;
    const revoked = await t.call('POST', `/api/public-links/${link.id}/revoke`, {
      token: agent.token,
    });
    expect(revoked.status).toBe(200);
    expect((await view(id, link.token)).status).toBe(403);
    const refused = await commentVia(id, link.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This link has been revoked');
    expect(await commentCount(id)).toBe(0);
  });

  it('reads but takes no comment once closed, and dies 14 days after the close (410)', async () => {
    const id = await newTicket('Old request');
    const { token } = (await linkFor(id)).body.data;
    for (const to of ['resolved', 'closed'])
      expect(
        (
          await t.call('POST', `/api/task-tickets/${id}/transition`, {
            token: agent.token,
            body: { to },
          })
        ).status,
      ).toBe(200);
    expect((await view(id, token)).body.data.status).toBe('closed');
    expect((await commentVia(id, token)).status).toBe(409);

    // Thirteen days after the close it still opens; fifteen days after, it is gone.
    const setClosed = (days: number) =>
      t.database.db
        .update(tickets)
        .set({ closed_at: new Date(Date.now() - days * 24 * 3600_000).toISOString() })
        .where(and(eq(tickets.company_id, agent.companyId), eq(tickets.id, id)));
    await setClosed(13);
    expect((await view(id, token)).status).toBe(200);
    await setClosed(15);
    const gone = await view(id, token);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('This link has expired');
    expect((await commentsVia(id, token)).status).toBe(410);
    expect((await commentVia(id, token)).status).toBe(410);
    expect(await commentCount(id)).toBe(0);
  });
});
