import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExternalTicketList,
  PublicTicket,
  Ticket,
  TicketAttachment,
  TicketComment,
} from '@portal/contract/resources/tickets';
import { eq } from 'drizzle-orm';
import { stores as storesTable } from '../../src/modules/organisation/schema.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Issue 18 Deliver 1: files attached to a ticket through signed uploads. They belong to the
// ticket and its company, are read only through short-lived read links (staff who may read the
// ticket, a visitor through the ticket's own secure link), and go with the ticket.

type Reply<T> = { data: T; message: string };
interface Signed {
  signedUrl: string;
  key: string;
  maxBytes: number;
}
const INTERNAL = '/api/task-tickets';
const EXTERNAL = '/api/external/ticket-center/tickets';
let t: TestApp;
let dataDir: string;
let agent: Person;
let employee: Person;
let caller: Person;
let northwind: Person;
let ticketId = 0;
let outsideCallerScope = 0;

const put = (url: string, body: Uint8Array | string, type: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': type }, body });
const sign = (who: Person, id: number, body: Record<string, unknown>, base = INTERNAL) =>
  t.call<Reply<Signed>>('POST', `${base}/${id}/attachments/sign`, { token: who.token, body });
const attach = (who: Person, id: number, body: Record<string, unknown>, base = INTERNAL) =>
  t.call<Reply<TicketAttachment>>('POST', `${base}/${id}/attachments`, { token: who.token, body });
const list = (who: Person, id: number, base = INTERNAL) =>
  t.call<Reply<{ results: TicketAttachment[]; total: number }>>(
    'GET',
    `${base}/${id}/attachments`,
    { token: who.token },
  );
/** Signs, uploads and attaches a small text file; answers the attachment. */
async function uploadTo(who: Person, id: number, name: string, base = INTERNAL) {
  const signed = await sign(who, id, { file_type: 'text/plain', file_name: name }, base);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect((await put(signed.body.data.signedUrl, `contents of ${name}`, 'text/plain')).status).toBe(
    200,
  );
  const added = await attach(who, id, { key: signed.body.data.key, file_name: name }, base);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { ...added.body.data, key: signed.body.data.key };
}
/** Signs and uploads a small text file without attaching it; answers its key. */
async function uploadOnly(who: Person, id: number, name: string, base = INTERNAL) {
  const signed = await sign(who, id, { file_type: 'text/plain', file_name: name }, base);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  expect((await put(signed.body.data.signedUrl, `contents of ${name}`, 'text/plain')).status).toBe(
    200,
  );
  return signed.body.data.key;
}
const comment = (who: Person, id: number, body: Record<string, unknown>, base = INTERNAL) =>
  t.call<Reply<TicketComment>>('POST', `${base}/${id}/comments`, { token: who.token, body });
const comments = async (who: Person, id: number, base = INTERNAL) =>
  (
    await t.call<Reply<{ results: TicketComment[] }>>('GET', `${base}/${id}/comments`, {
      token: who.token,
    })
  ).body.data.results;
/** Files go once the deleting request is answered: wait a little for the disk. */
async function gone(key: string) {
  for (let tries = 0; tries < 50 && existsSync(join(dataDir, 'uploads', key)); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return !existsSync(join(dataDir, 'uploads', key));
}
const create = async (who: Person, body: Record<string, unknown>) => {
  const res = await t.call<Reply<Ticket>>('POST', INTERNAL, { token: who.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-ticket-files-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, employee, caller, northwind] = await Promise.all([
    signInPerson(t, 'agent@demo.example'),
    signInPerson(t, 'employee@demo.example'),
    signInPerson(t, 'callcenter@demo.example'),
    signInPerson(t, 'admin@northwind.example'),
  ]);
  const served = (
    await t.call<Reply<ExternalTicketList>>('GET', EXTERNAL, { token: caller.token })
  ).body.data.stores.map((store) => store.id);
  const stores = await t.database.db
    .select({ id: storesTable.id })
    .from(storesTable)
    .where(eq(storesTable.company_id, agent.companyId));
  const other = stores.find((store) => !served.includes(store.id));
  ticketId = await create(agent, { subject: 'Broken shelf', detail: 'd', store_id: served[0] });
  outsideCallerScope = await create(agent, {
    subject: 'Elsewhere',
    detail: 'd',
    store_id: other?.id,
  });
}, 240_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ticket attachments', () => {
  it('attaches an uploaded file and lists it with a read link that serves it', async () => {
    const added = await uploadTo(agent, ticketId, 'Shelf photo notes.txt');
    expect(added).toMatchObject({
      ticket_id: ticketId,
      file_name: 'Shelf photo notes.txt',
      content_type: 'text/plain',
      size: 'contents of Shelf photo notes.txt'.length,
    });
    expect(added.key).toMatch(/^\d+\/ticket-attachments\/[0-9a-f-]{36}-shelf-photo-notes\.txt$/);
    const files = await list(agent, ticketId);
    expect(files.status).toBe(200);
    expect(files.body.data.results.map((file) => file.file_name)).toEqual([
      'Shelf photo notes.txt',
    ]);
    const url = files.body.data.results[0]?.file_url ?? '';
    expect(url).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    const read = await fetch(`${t.baseUrl}${url}`);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('contents of Shelf photo notes.txt');
    // The bare address serves nothing.
    expect((await fetch(`${t.baseUrl}/api/uploads/${added.key}`)).status).toBe(403);
  });

  it('refuses oversized and disallowed files and keys never uploaded, writing nothing', async () => {
    const before = (await list(agent, ticketId)).body.data.total;
    const html = await sign(agent, ticketId, { file_type: 'text/html', file_name: 'x.html' });
    expect(html.status).toBe(400);
    const signed = await sign(agent, ticketId, { file_type: 'text/csv', file_name: 'big.csv' });
    expect(signed.body.data.maxBytes).toBe(10 * 1024 * 1024);
    const tooBig = await put(
      signed.body.data.signedUrl,
      Buffer.alloc(10 * 1024 * 1024 + 1, 97),
      'text/csv',
    );
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'The file must be smaller than 10MB',
    );
    // Signed but never uploaded, and a key of another folder: 400 with the message.
    const missing = await attach(agent, ticketId, { key: signed.body.data.key, file_name: 'b' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Upload the file first');
    const elsewhere = await attach(agent, ticketId, {
      key: signed.body.data.key.replace('ticket-attachments', 'company-documents'),
      file_name: 'b',
    });
    expect(elsewhere.status).toBe(400);
    expect((await list(agent, ticketId)).body.data.total).toBe(before);
    expect(existsSync(join(dataDir, 'uploads', signed.body.data.key))).toBe(false);
  });

  it('does not attach the same upload twice, nor another ticket’s file', async () => {
    const first = await uploadTo(agent, ticketId, 'once.txt');
    const again = await attach(agent, outsideCallerScope, { key: first.key, file_name: 'once' });
    expect(again.status).toBe(400);
  });

  it('is a 404 to another company and a 403 to a user who may not read tickets', async () => {
    const northwindFiles = await list(northwind, ticketId);
    expect(northwindFiles.status).toBe(404);
    const northwindSign = await sign(northwind, ticketId, {
      file_type: 'text/plain',
      file_name: 'x.txt',
    });
    expect(northwindSign.status).toBe(404);
    // A Northwind upload of its own cannot be attached to a demo ticket either.
    const own = await create(northwind, { subject: 'Northwind', detail: 'd' });
    const theirs = await uploadTo(northwind, own, 'theirs.txt');
    expect((await attach(agent, ticketId, { key: theirs.key, file_name: 'x' })).status).toBe(400);
    expect((await list(employee, ticketId)).status).toBe(403);
    expect(
      (await sign(employee, ticketId, { file_type: 'text/plain', file_name: 'x.txt' })).status,
    ).toBe(403);
    // Northwind's own listing of its ticket carries no read link for the demo company's files.
    expect((await list(northwind, own)).body.data.results.map((f) => f.file_name)).toEqual([
      'theirs.txt',
    ]);
  });

  it('lets call-center staff attach and read files only on tickets in their scope', async () => {
    const added = await uploadTo(caller, ticketId, 'call notes.txt', EXTERNAL);
    expect(added.uploaded_by_name).not.toBe('');
    const names = (await list(caller, ticketId, EXTERNAL)).body.data.results.map(
      (file) => file.file_name,
    );
    expect(names).toContain('call notes.txt');
    expect(names).toContain('Shelf photo notes.txt');
    expect((await list(caller, outsideCallerScope, EXTERNAL)).status).toBe(404);
    expect(
      (
        await sign(
          caller,
          outsideCallerScope,
          { file_type: 'text/plain', file_name: 'x.txt' },
          EXTERNAL,
        )
      ).status,
    ).toBe(404);
    // The ticket center's own routes stay closed to them.
    expect((await list(caller, ticketId)).status).toBe(403);
  });

  it('shows the files through the ticket’s public link, with read links', async () => {
    const link = await t.call<Reply<{ token: string }>>('POST', '/api/public-links', {
      token: agent.token,
      body: { resource: 'tickets', action: 'view', record_id: ticketId, expires_in_hours: 24 },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const seen = await t.call<Reply<PublicTicket>>(
      'GET',
      `/api/public/cc-tickets/${ticketId}?token=${link.body.data.token}`,
    );
    expect(seen.status).toBe(200);
    const file = seen.body.data.attachments.find((f) => f.file_name === 'Shelf photo notes.txt');
    expect(file?.file_url).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    const read = await fetch(`${t.baseUrl}${file?.file_url ?? ''}`);
    expect(read.status).toBe(200);
    // Another ticket's id with this token: nothing.
    const other = await t.call(
      'GET',
      `/api/public/cc-tickets/${outsideCallerScope}?token=${link.body.data.token}`,
    );
    expect(other.status).toBe(404);
  });

  it('removes a file, and a deleted ticket takes its files with it', async () => {
    const id = await create(agent, { subject: 'Short lived', detail: 'd' });
    const kept = await uploadTo(agent, id, 'kept.txt');
    const dropped = await uploadTo(agent, id, 'dropped.txt');
    const removed = await t.call('DELETE', `${INTERNAL}/${id}/attachments/${dropped.id}`, {
      token: agent.token,
    });
    expect(removed.status).toBe(200);
    expect(await gone(dropped.key)).toBe(true);
    expect((await list(agent, id)).body.data.results.map((f) => f.file_name)).toEqual(['kept.txt']);
    expect(existsSync(join(dataDir, 'uploads', kept.key))).toBe(true);
    const deleted = await t.call('DELETE', `${INTERNAL}/${id}`, { token: agent.token });
    expect(deleted.status).toBe(200);
    expect(await gone(kept.key)).toBe(true);
    expect((await list(agent, id)).status).toBe(404);
  });

  it('takes files with a comment: shown under it and in the ticket’s files, saying which comment', async () => {
    const key = await uploadOnly(agent, ticketId, 'Shelf receipt.txt');
    const added = await comment(agent, ticketId, {
      body: 'The receipt for the new shelf',
      attachments: [{ key, file_name: 'Shelf receipt.txt' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const commentId = added.body.data.id;
    expect(added.body.data.attachments).toMatchObject([
      { file_name: 'Shelf receipt.txt', comment_id: commentId, ticket_id: ticketId },
    ]);
    const listed = (await comments(agent, ticketId)).find((c) => c.id === commentId);
    const file = listed?.attachments[0];
    expect(file?.file_name).toBe('Shelf receipt.txt');
    expect(file?.file_url).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    const read = await fetch(`${t.baseUrl}${file?.file_url ?? ''}`);
    expect(await read.text()).toBe('contents of Shelf receipt.txt');
    // The ticket's list holds every file, each with the comment it came with (or none).
    const files = (await list(agent, ticketId)).body.data.results;
    expect(files.find((f) => f.file_name === 'Shelf receipt.txt')?.comment_id).toBe(commentId);
    expect(files.find((f) => f.file_name === 'Shelf photo notes.txt')?.comment_id).toBeNull();
    // Comments without files carry none.
    const plain = await comment(agent, ticketId, { body: 'No files here' });
    expect(plain.body.data.attachments).toEqual([]);
  });

  it('refuses a comment with another company’s key or a key never uploaded, writing nothing', async () => {
    const before = (await comments(agent, ticketId)).length;
    const filesBefore = (await list(agent, ticketId)).body.data.total;
    const own = await create(northwind, { subject: 'Northwind comment files', detail: 'd' });
    const theirs = await uploadOnly(northwind, own, 'northwind.txt');
    const foreign = await comment(agent, ticketId, {
      body: 'Borrowed file',
      attachments: [{ key: theirs, file_name: 'northwind.txt' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Upload the file first');
    const signed = await sign(agent, ticketId, { file_type: 'text/plain', file_name: 'never.txt' });
    const missing = await comment(agent, ticketId, {
      body: 'Never uploaded',
      attachments: [{ key: signed.body.data.key, file_name: 'never.txt' }],
    });
    expect(missing.status).toBe(400);
    // One good and one bad file: neither the comment nor the good file is kept.
    const good = await uploadOnly(agent, ticketId, 'good.txt');
    const mixed = await comment(agent, ticketId, {
      body: 'Half good',
      attachments: [
        { key: good, file_name: 'good.txt' },
        { key: theirs, file_name: 'northwind.txt' },
      ],
    });
    expect(mixed.status).toBe(400);
    expect((await comments(agent, ticketId)).length).toBe(before);
    expect((await list(agent, ticketId)).body.data.total).toBe(filesBefore);
    // Another company's ticket: a 404, with or without files.
    expect(
      (
        await comment(northwind, ticketId, {
          body: 'x',
          attachments: [{ key: theirs, file_name: 'northwind.txt' }],
        })
      ).status,
    ).toBe(404);
  });

  it('lets call-center staff comment with files only in their scope; visitors read them, send none', async () => {
    const key = await uploadOnly(caller, ticketId, 'call log.txt', EXTERNAL);
    const added = await comment(
      caller,
      ticketId,
      { body: 'Called the store', attachments: [{ key, file_name: 'call log.txt' }] },
      EXTERNAL,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const seen = (await comments(caller, ticketId, EXTERNAL)).find(
      (c) => c.id === added.body.data.id,
    );
    expect(seen?.attachments.map((f) => f.file_name)).toEqual(['call log.txt']);
    const outside = await comment(
      caller,
      outsideCallerScope,
      { body: 'x', attachments: [{ key, file_name: 'call log.txt' }] },
      EXTERNAL,
    );
    expect(outside.status).toBe(404);

    const link = await t.call<Reply<{ token: string }>>('POST', '/api/public-links', {
      token: agent.token,
      body: { resource: 'tickets', action: 'view', record_id: ticketId, expires_in_hours: 24 },
    });
    const view = await t.call<Reply<PublicTicket>>(
      'GET',
      `/api/public/cc-tickets/${ticketId}?token=${link.body.data.token}`,
    );
    const withFile = view.body.data.comments.find((c) => c.body === 'Called the store');
    const url = withFile?.attachments[0]?.file_url ?? '';
    expect(url).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(200);
    const visitor = await t.call('POST', '/api/public/cc-ticket-comments', {
      body: {
        ticket_id: ticketId,
        token: link.body.data.token,
        name: 'Guest',
        body: 'Mine too',
        attachments: [{ key, file_name: 'x.txt' }],
      },
    });
    expect(visitor.status).toBe(400);
  });

  it('a deleted ticket takes its comments’ files with it', async () => {
    const id = await create(agent, { subject: 'Comment files go', detail: 'd' });
    const key = await uploadOnly(agent, id, 'with comment.txt');
    expect(
      (await comment(agent, id, { body: 'Here', attachments: [{ key, file_name: 'w.txt' }] }))
        .status,
    ).toBe(200);
    expect((await t.call('DELETE', `${INTERNAL}/${id}`, { token: agent.token })).status).toBe(200);
    expect(await gone(key)).toBe(true);
  });

  it('takes no files on a closed ticket', async () => {
    const id = await create(agent, { subject: 'Done soon', detail: 'd' });
    for (const to of ['closed']) {
      const moved = await t.call('POST', `${INTERNAL}/${id}/transition`, {
        token: agent.token,
        body: { to },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const signed = await sign(agent, id, { file_type: 'text/plain', file_name: 'late.txt' });
    await put(signed.body.data.signedUrl, 'late', 'text/plain');
    const late = await attach(agent, id, { key: signed.body.data.key, file_name: 'late.txt' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A closed ticket takes no files');
  });
});
