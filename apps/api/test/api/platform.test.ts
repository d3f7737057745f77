import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
  token = await t.login('agent@demo.example');
});
afterAll(() => t.close());

describe('the API platform', () => {
  it('answers health in the envelope with a request id', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'ok', data: { version: '2.0.0' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a caller-supplied request id', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.call('GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers an unknown endpoint with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/nothing-here', { token });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('No such endpoint: GET /api/nothing-here');
  });

  it('answers 460 without a token, with a malformed one and with an unknown one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ];
    for (const headers of attempts) {
      const res = await t.call('GET', '/api/stores', { headers });
      expect(res.status).toBe(460);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Your session has expired. Please sign in again.',
      });
    }
  });

  it('refuses malformed JSON with a clear 400 and writes nothing', async () => {
    const before = await t.call<{ data: { total: number } }>('GET', '/api/stores/count', { token });
    const res = await t.call('POST', '/api/stores', { token, rawBody: '{"name": "Half' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
    const after = await t.call<{ data: { total: number } }>('GET', '/api/stores/count', { token });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.call('POST', '/api/stores', { token, body: { name: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request body is too large');
  });

  it('refuses wrong types and unknown fields with per-field errors', async () => {
    const wrongType = await t.call('POST', '/api/stores', { token, body: { name: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toHaveProperty('name');
    const unknown = await t.call('POST', '/api/stores', {
      token,
      body: { name: 'Ok', colour: 'red' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('colour');
  });

  it('refuses non-numeric and negative ids with 400, never 500', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999999999999']) {
      const res = await t.call('GET', `/api/stores/${id}`, { token });
      expect(res.status, id).toBe(400);
      expect(res.body.errors).toHaveProperty('id');
    }
  });

  it('refuses unknown list parameters, filters and sorts with 400', async () => {
    expect((await t.call('GET', '/api/stores?pagee=1', { token })).status).toBe(400);
    expect((await t.call('GET', '/api/stores?filter[password]=x', { token })).status).toBe(400);
    expect((await t.call('GET', '/api/stores?sort=secret', { token })).status).toBe(400);
    expect((await t.call('GET', '/api/stores?perPage=10001', { token })).status).toBe(400);
    expect((await t.call('GET', '/api/stores?filter[is_active]=maybe', { token })).status).toBe(
      400,
    );
  });

  it('maps a duplicate to 409', async () => {
    const first = await t.call('POST', '/api/regions', {
      token,
      body: { name: 'Duplicate Region' },
    });
    expect(first.status).toBe(200);
    const second = await t.call('POST', '/api/regions', {
      token,
      body: { name: 'Duplicate Region' },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A record with these details already exists');
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/json`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/stores', '/api/stores/{id}', '/api/users']),
    );
    expect(JSON.stringify(doc.paths['/api/users'])).not.toContain('password_hash');
    const html = await fetch(`${t.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(html.status).toBe(200);
  });
});

describe('shutting down', () => {
  // An app of its own, closed by the test.
  let own: TestApp;
  beforeAll(async () => {
    own = await startTestApp();
  });

  it('answers a request in flight, then closes its connection and finishes closing', async () => {
    const body = JSON.stringify({ email: 'nobody@demo.example', password: 'not-the-password' });
    const socket = connect(Number(new URL(own.baseUrl).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = new Promise((done) => socket.once('close', done));
    // The headers and half the body: the request has begun when the server is told to close.
    const begun = new Promise((done) => own.app.server.once('request', done));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    await begun;
    const closed = own.close();
    socket.write(body.slice(10));
    // Before the fix the answered keep-alive connection stayed open for its 72 s keep-alive
    // timeout, and close() with it (the test's own timeout stopped it).
    await ended;
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
  });
});
