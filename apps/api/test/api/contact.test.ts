import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, CONTACT_US_HOURLY_LIMIT } from '@portal/contract/contact';
import { contactUsEntries } from '../../src/modules/contact/schema.ts';
import { supportTickets } from '../../src/modules/support/schema.ts';
import { tickets } from '../../src/modules/tickets/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: string;
let employee: string;
let northwind: string;
let companyId: number;

const send = (address: string, body: Record<string, unknown>) =>
  t.call<{ data: { received: boolean } }>('POST', '/api/public-contact-us-form', {
    headers: { 'x-forwarded-for': address },
    body: {
      company_id: companyId,
      name: 'Vera Visitor',
      email: 'vera@example.com',
      message: 'Do you repair phones?',
      ...body,
    },
  });
const entriesFrom = (address: string) =>
  t.database.db.select().from(contactUsEntries).where(eq(contactUsEntries.ip, address));

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  [agent, employee, northwind] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('employee@demo.example'),
    t.login('admin@northwind.example'),
  ]);
  const me = await t.call<{ data: { company_id: number } }>('GET', '/api/auth/me', {
    token: agent,
  });
  companyId = me.body.data.company_id;
});
afterAll(() => t.close());

describe('contact us (public)', () => {
  it('names the company of a public page without a session', async () => {
    const first = await t.call<{ data: { company_id: number; name: string } }>(
      'GET',
      `/api/public/companyId?company=${companyId}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ company_id: companyId, name: expect.any(String) });
    expect((await t.call('GET', '/api/public/companyId?company=999999')).status).toBe(404);
  });

  it('stores a message as a lead without a session, and the admins list and open it', async () => {
    const sent = await send('203.0.113.10', { phone: '555-0100' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(contactMessages.sent);
    const [row] = await entriesFrom('203.0.113.10');
    expect(row).toMatchObject({ landed_as: 'lead', ticket_id: null, phone: '555-0100' });

    const list = await t.call<{ data: { results: { id: number; message: string }[] } }>(
      'GET',
      '/api/public-contact-us-form',
      { token: agent },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.results[0]).toMatchObject({
      id: row?.id,
      message: 'Do you repair phones?',
    });
    const one = await t.call('GET', `/api/public-contact-us-form/${row?.id}`, { token: agent });
    expect(one.status).toBe(200);
    // Another company's admin gets a 404; an employee without the permission a 403.
    expect(
      (await t.call('GET', `/api/public-contact-us-form/${row?.id}`, { token: northwind })).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/public-contact-us-form', { token: employee })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/public-contact-us-form')).status).toBe(460);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const sent = await send('203.0.113.11', { website: 'http://spam.example' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(contactMessages.sent);
    expect(await entriesFrom('203.0.113.11')).toHaveLength(0);
  });

  it('refuses bad input with the field and an unknown company with a 404', async () => {
    const bad = await send('203.0.113.12', { email: 'not-an-email', message: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['email']));
    expect((await send('203.0.113.12', { company_id: 999999 })).status).toBe(404);
    expect(await entriesFrom('203.0.113.12')).toHaveLength(0);
  });

  it('limits one address to a few messages an hour (429), others still get through', async () => {
    for (let i = 0; i < CONTACT_US_HOURLY_LIMIT; i++)
      expect((await send('203.0.113.20', { message: `Flood ${i}` })).status).toBe(200);
    const refused = await send('203.0.113.20', { message: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(contactMessages.tooMany);
    expect(await entriesFrom('203.0.113.20')).toHaveLength(CONTACT_US_HOURLY_LIMIT);
    expect((await send('203.0.113.21', {})).status).toBe(200);
  });

  it('opens a ticket when the company chooses tickets', async () => {
    const set = await t.call('PUT', '/api/org-settings/contact.lands_as', {
      token: agent,
      body: { scope: 'company', scope_id: 0, value: 'ticket' },
    });
    expect(set.status).toBe(200);
    expect((await send('203.0.113.30', { message: 'My order is late' })).status).toBe(200);
    const [row] = await entriesFrom('203.0.113.30');
    expect(row?.landed_as).toBe('ticket');
    const [ticket] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, row?.ticket_id ?? 0));
    expect(ticket).toMatchObject({
      company_id: companyId,
      email: 'vera@example.com',
      sent_from_route: '/contact-us',
      user_id: null,
    });
    expect(ticket?.detail).toContain('My order is late');
    // ... and lands in the ticket center.
    const [centre] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.support_ticket_id, ticket?.id ?? 0));
    expect(centre).toMatchObject({
      source: 'contact',
      sent_from_route: '/contact-us',
      requester_email: 'vera@example.com',
      status: 'new',
    });
  });
});
