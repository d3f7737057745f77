import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../src/modules/organisation/schema.ts';
import { users } from '../../src/modules/users/schema.ts';
import type { RequestContext } from '../../src/platform/context.ts';
import { keyFromFile } from '../../src/platform/keys.ts';
import { createPublicLinks, definePublicLinkHandler } from '../../src/platform/public-links.ts';
import { publicLinkEvents, publicLinks } from '../../src/platform/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let dataDir: string;
let agent: string;
let employee: string;
let storeIds: number[];
let companyId: number;
let agentId: number;

/**
 * A module's handler, as a real module declares one: a store's public page that shows its name and
 * takes a comment (the comment is the "action"; it lands in a list the test reads).
 */
const comments: { storeId: number; text: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-links-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  t.app.publicLinks.handle(
    definePublicLinkHandler({
      resource: 'stores',
      action: 'comment',
      manage: 'write_stores',
      async exists(db, company, id) {
        const [row] = await db
          .select({ id: stores.id })
          .from(stores)
          .where(and(eq(stores.company_id, company), eq(stores.id, id)));
        return Boolean(row);
      },
      async view(db, link) {
        const [row] = await db
          .select({ name: stores.name })
          .from(stores)
          .where(and(eq(stores.company_id, link.companyId), eq(stores.id, link.recordId)));
        return { name: row?.name ?? null };
      },
      body: z.strictObject({ text: z.string().min(1, 'Write a comment') }),
      async act(_tx, link, body) {
        comments.push({ storeId: link.recordId, text: body.text });
        return { stored: true };
      },
    }),
  );
  [agent, employee] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('employee@demo.example'),
  ]);
  const list = await t.call<{ data: { results: { id: number; company_id: number }[] } }>(
    'GET',
    '/api/stores?perPage=5',
    { token: agent },
  );
  storeIds = list.body.data.results.map((row) => row.id);
  companyId = list.body.data.results[0]?.company_id ?? 0;
  const [me] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.email, 'agent@demo.example')));
  agentId = me?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The agent's context, as the session would build it (for calls straight into the service). */
const contextOf = (company: number): RequestContext => ({
  sessionId: 0,
  companyId: company,
  userId: agentId,
  baseRole: 'master_agent',
  accessLevel: 0,
  permissions: {},
});

interface Created {
  id: number;
  token: string;
  path: string;
  single_use: boolean;
}
const create = async (body: Record<string, unknown>, token = agent) =>
  t.call<{ data: Created }>('POST', '/api/public-links', {
    token,
    body: { resource: 'stores', action: 'comment', expires_in_hours: 2, ...body },
  });
const open = (token: string) => t.call('GET', `/api/public-links/open/${token}`);
const act = (token: string, body: unknown) =>
  t.call('POST', `/api/public-links/open/${token}`, { body });
const eventsOf = (id: number) =>
  t.call<{ data: { results: { kind: string; outcome: string }[] } }>(
    'GET',
    `/api/public-links/${id}/events`,
    { token: agent },
  );

describe('secure public links', () => {
  it('opens without changing anything, acts once through a POST, then answers 409', async () => {
    const storeId = storeIds[0] ?? 0;
    const made = await create({ record_id: storeId, single_use: true });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Link created');
    const { token, path, id } = made.body.data;
    expect(path).toBe(`/api/public-links/open/${token}`);

    // Only a hash of the token is stored.
    const [row] = await t.database.db.select().from(publicLinks).where(eq(publicLinks.id, id));
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.split('.')[0]);

    // GET twice: both show the record, the single-use link stays unused.
    for (let i = 0; i < 2; i++) {
      const opened = await open(token);
      expect(opened.status).toBe(200);
      expect(opened.body.data).toMatchObject({
        resource: 'stores',
        record_id: storeId,
        action: 'comment',
        single_use: true,
        view: { name: expect.any(String) },
      });
    }
    const [afterViews] = await t.database.db
      .select()
      .from(publicLinks)
      .where(eq(publicLinks.id, id));
    expect(afterViews?.used_at).toBeNull();

    // A bad body is a 400 and does not use the link up.
    const bad = await act(token, { text: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ text: ['Write a comment'] });

    const done = await act(token, { text: 'The door sticks' });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ stored: true });
    expect(comments).toContainEqual({ storeId, text: 'The door sticks' });

    const again = await act(token, { text: 'Twice?' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This link has already been used');
    expect((await open(token)).status).toBe(409);
    expect(comments.filter((c) => c.text === 'Twice?')).toHaveLength(0);

    // Every view and action is in the log, refusals too (newest first).
    const log = await eventsOf(id);
    expect(log.status).toBe(200);
    expect(log.body.data.results.map((e) => `${e.kind}:${e.outcome}`)).toEqual([
      'view:used',
      'action:used',
      'action:ok',
      'action:failed',
      'view:ok',
      'view:ok',
    ]);
  });

  it('a link that is not single-use acts more than once until it expires', async () => {
    const made = await create({ record_id: storeIds[0], single_use: false });
    const { token } = made.body.data;
    expect((await act(token, { text: 'one' })).status).toBe(200);
    expect((await act(token, { text: 'two' })).status).toBe(200);
  });

  it('answers 410 for an expired link (made with a clock two hours back)', async () => {
    const past = Date.now() - 2 * 3600_000;
    const links = createPublicLinks({
      db: t.database.db,
      secret: () => keyFromFile(join(dataDir, '.public-links-key')),
      basePath: '/api/public-links/open',
      now: () => past,
    });
    const link = await links.createPublicLink({
      ctx: contextOf(companyId),
      resource: 'stores',
      recordId: storeIds[0] ?? 0,
      action: 'comment',
      expiresAt: new Date(past + 3600_000),
    });
    // Valid on its own clock...
    await expect(links.resolvePublicLink(link.token, 'comment')).resolves.toMatchObject({
      recordId: storeIds[0],
    });
    // ...expired on the server's.
    const opened = await open(link.token);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe('This link has expired');
    const acted = await act(link.token, { text: 'late' });
    expect(acted.status).toBe(410);
    expect(comments.filter((c) => c.text === 'late')).toHaveLength(0);
  });

  it('answers 403 once revoked; revoking needs the permission and the company', async () => {
    const made = await create({ record_id: storeIds[1] ?? storeIds[0] });
    const { token, id } = made.body.data;
    expect((await open(token)).status).toBe(200);

    const notAllowed = await t.call('POST', `/api/public-links/${id}/revoke`, { token: employee });
    expect(notAllowed.status).toBe(403);
    await expect(
      t.app.publicLinks.revoke(contextOf(companyId + 100_000), id),
    ).rejects.toMatchObject({
      statusCode: 404,
    });

    const revoked = await t.call<{ data: { revoked_at: string | null } }>(
      'POST',
      `/api/public-links/${id}/revoke`,
      { token: agent },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('Link revoked');
    expect(revoked.body.data.revoked_at).not.toBeNull();

    const opened = await open(token);
    expect(opened.status).toBe(403);
    expect(opened.body.message).toBe('This link has been revoked');
    expect((await act(token, { text: 'after revoke' })).status).toBe(403);
    expect(comments.filter((c) => c.text === 'after revoke')).toHaveLength(0);
  });

  it('answers 404 for a tampered or unknown token, another record or another action', async () => {
    const made = await create({ record_id: storeIds[0] });
    const { token } = made.body.data;
    const [nonce = '', signature = ''] = token.split('.');
    const flip = (text: string) =>
      `${text.slice(0, 10)}${text[10] === 'A' ? 'B' : 'A'}${text.slice(11)}`;

    for (const wrong of [
      `${flip(nonce)}.${signature}`,
      `${nonce}.${flip(signature)}`,
      `${nonce}.${signature.slice(0, 40)}`,
      'not-a-token',
    ]) {
      const opened = await open(wrong);
      expect(opened.status).toBe(404);
      expect(opened.body.message).toBe('Link not found');
      expect((await act(wrong, { text: 'x' })).status).toBe(404);
    }

    // A row altered in the database (pointed at another store) no longer verifies.
    const other = storeIds.find((value) => value !== storeIds[0]) ?? 0;
    const [row] = await t.database.db
      .select()
      .from(publicLinks)
      .where(eq(publicLinks.id, made.body.data.id));
    await t.database.db
      .update(publicLinks)
      .set({ record_id: other })
      .where(eq(publicLinks.id, made.body.data.id));
    expect((await open(token)).status).toBe(404);
    await t.database.db
      .update(publicLinks)
      .set({ record_id: row?.record_id ?? 0 })
      .where(eq(publicLinks.id, made.body.data.id));
    expect((await open(token)).status).toBe(200);

    // A module's own public path names the record: a link for store A does not open store B.
    const links = t.app.publicLinks;
    await expect(
      links.open(token, 'comment', {}, { resource: 'stores', recordId: other }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      links.open(token, 'comment', {}, { resource: 'stores', recordId: storeIds[0] }),
    ).resolves.toMatchObject({ recordId: storeIds[0] });
    // Nor does it allow another action.
    await expect(links.resolvePublicLink(token, 'pay')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses to make links without the permission, for unknown types or other companies’ records', async () => {
    expect((await create({ record_id: storeIds[0] }, employee)).status).toBe(403);
    const unknownType = await create({ record_id: storeIds[0], action: 'pay' });
    expect(unknownType.status).toBe(404);
    const missing = await create({ record_id: 99_999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Record not found');
    const tooLong = await create({ record_id: storeIds[0], expires_in_hours: 24 * 365 });
    expect(tooLong.status).toBe(400);

    const listed = await t.call<{ data: { results: { id: number }[]; total: number } }>(
      'GET',
      `/api/public-links?resource=stores&action=comment&record_id=${storeIds[0]}`,
      { token: agent },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.total).toBeGreaterThan(0);
    const events = await t.database.db.select().from(publicLinkEvents);
    expect(events.length).toBeGreaterThan(0);
  });
});
