import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('agent@demo.example');
});
afterAll(() => t.close());

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire, still encoded. */
  bytes: Buffer;
}

/** GET with the given Accept-Encoding, reading the bytes as sent (fetch would decode them). */
function getRaw(path: string, acceptEncoding: string | null): Promise<RawReply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed API replies', () => {
  it('sends a large JSON reply compressed to a client that accepts it, and the same data', async () => {
    const plain = await getRaw('/api/auth/me', null);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const data = JSON.parse(plain.bytes.toString('utf8'));

    const br = await getRaw('/api/auth/me', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(data);

    const gzip = await getRaw('/api/auth/me', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(data);
  });

  it('sends a small reply as it is', async () => {
    const res = await getRaw('/api/health', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.bytes.toString('utf8')).message).toBe('ok');
  });

  it('streams live events unencoded, each event as it is written', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.baseUrl}/api/events`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br',
      },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      // The first event arrives while the stream stays open: nothing holds it back to compress.
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no stream body');
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('event: ready');
    } finally {
      controller.abort();
    }
  });
});
