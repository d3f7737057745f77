import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyAssets } from '../../src/modules/company/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let dataDir: string;
let agent: string;
let employee: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  [agent, employee] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('employee@demo.example'),
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Signed {
  signedUrl: string;
  fileUrl: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresAt: string;
}
const sign = async (body: Record<string, unknown>, token = agent) =>
  t.call<{ data: Signed }>('POST', '/api/companies/documents/upload', { token, body });
const put = (url: string, body: Uint8Array | string, type: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': type }, body });
const messageOf = async (res: Response) => {
  const body: unknown = await res.json();
  return typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
};
const pdf = Buffer.from('%PDF-1.4\n% a tiny test document\n%%EOF\n');

describe('company documents upload (signed URLs)', () => {
  it('signs a URL, takes the file once, serves it back and lets it become a company asset', async () => {
    const signed = await sign({ file_type: 'application/pdf', file_name: 'Q3 Report (final).PDF' });
    expect(signed.status).toBe(200);
    const { signedUrl, fileUrl, key, maxBytes } = signed.body.data;
    expect(signedUrl.startsWith(`${t.baseUrl}/api/uploads/`)).toBe(true);
    // The address comes back as a short-lived read link (records store it without the query).
    expect(fileUrl).toMatch(
      new RegExp(`^/api/uploads/${key}\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    expect(key).toMatch(/^\d+\/company-documents\/[0-9a-f-]{36}-q3-report-final\.pdf$/);
    expect(maxBytes).toBe(10 * 1024 * 1024);

    const stored = await put(signedUrl, pdf, 'application/pdf');
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({
      success: true,
      message: 'File uploaded',
      data: { key, fileUrl, size: pdf.length },
    });

    const read = await fetch(`${t.baseUrl}${fileUrl}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    // Private to this browser, and no longer than the link lasts (not a year, not public).
    expect(read.headers.get('cache-control')).toMatch(/^private, max-age=\d{1,4}$/);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(pdf);

    const twice = await put(signedUrl, pdf, 'application/pdf');
    expect(twice.status).toBe(409);

    const asset = await t.call('POST', '/api/company-assets', {
      token: agent,
      body: { name: 'Q3 Report', kind: 'document', url: fileUrl },
    });
    expect(asset.body).toMatchObject({ success: true, data: { url: fileUrl } });
    const [kept] = await t.database.db
      .select({ url: companyAssets.url })
      .from(companyAssets)
      .where(eq(companyAssets.url, `/api/uploads/${key}`));
    expect(kept?.url).toBe(`/api/uploads/${key}`);
  });

  it('refuses a link whose key, type, size or signature was changed', async () => {
    const { signedUrl } = (await sign({ file_type: 'image/png', file_name: 'logo.png' })).body.data;
    const url = new URL(signedUrl);
    const variants: [string, (u: URL) => void][] = [
      ['signature', (u) => u.searchParams.set('signature', 'A'.repeat(43))],
      ['size', (u) => u.searchParams.set('max', String(50 * 1024 * 1024))],
      ['type', (u) => u.searchParams.set('type', 'application/pdf')],
      ['key', (u) => (u.pathname = u.pathname.replace(/\.png$/, '.gif'))],
      ['company', (u) => (u.pathname = u.pathname.replace(/\/uploads\/\d+\//, '/uploads/999/'))],
      [
        'expiry',
        (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      ],
    ];
    for (const [what, change] of variants) {
      const tampered = new URL(url);
      change(tampered);
      const res = await put(
        tampered.toString(),
        Buffer.from('png'),
        tampered.searchParams.get('type') ?? 'image/png',
      );
      expect(res.status, what).toBe(403);
      expect(await messageOf(res), what).toBe('This upload link is not valid');
    }
    // The untouched link still works: nothing above used it up.
    expect((await put(signedUrl, Buffer.from('png'), 'image/png')).status).toBe(200);
  });

  it('refuses an expired link, a wrong content type and a file over the limit', async () => {
    const { signedUrl, key } = (await sign({ file_type: 'text/csv', file_name: 'stock.csv' })).body
      .data;
    const secret = Buffer.from(
      readFileSync(join(dataDir, 'uploads', '.signing-key'), 'utf8').trim(),
      'base64url',
    );
    const url = new URL(signedUrl);
    const past = Math.floor(Date.now() / 1000) - 60;
    const max = url.searchParams.get('max') ?? '';
    url.searchParams.set('expires', String(past));
    url.searchParams.set(
      'signature',
      createHmac('sha256', secret)
        .update(`PUT\n${key}\ntext/csv\n${max}\n${past}`)
        .digest('base64url'),
    );
    const expired = await put(url.toString(), 'a,b\n1,2\n', 'text/csv');
    expect(expired.status).toBe(403);
    expect(await messageOf(expired)).toBe('This upload link has expired');

    const wrongType = await put(signedUrl, 'a,b\n', 'text/html');
    expect(wrongType.status).toBe(400);
    const tooBig = await put(signedUrl, Buffer.alloc(10 * 1024 * 1024 + 1, 97), 'text/csv');
    expect(tooBig.status).toBe(413);
    const empty = await put(signedUrl, Buffer.alloc(0), 'text/csv');
    expect(empty.status).toBe(400);
  });

  it('keeps every path inside the uploads folder', async () => {
    for (const path of [
      '/api/uploads/..%2F..%2Fetc%2Fpasswd',
      '/api/uploads/1/company-documents/..%2F..%2F.signing-key',
      '/api/uploads/.signing-key',
      '/api/uploads/1/company-documents/00000000-0000-0000-0000-000000000000-x.pdf',
    ]) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status, path).toBe(403);
    }
  });

  it('answers 403, never 500, to an upload with a missing or malformed signature', async () => {
    const { signedUrl } = (await sign({ file_type: 'image/png', file_name: 'a.png' })).body.data;
    const bare = new URL(signedUrl);
    bare.search = '';
    const malformed = new URL(signedUrl);
    malformed.searchParams.set('signature', 'short');
    const noExpiry = new URL(signedUrl);
    noExpiry.searchParams.delete('expires');
    for (const url of [bare, malformed, noExpiry]) {
      const res = await put(url.toString(), Buffer.from('png'), 'image/png');
      expect(res.status, url.search).toBe(403);
      expect(await messageOf(res)).toBe('This upload link is not valid');
    }
  });
});

describe('reading files', () => {
  async function uploaded(token = agent) {
    const signed = await sign({ file_type: 'text/plain', file_name: 'note.txt' }, token);
    expect(signed.status).toBe(200);
    expect((await put(signed.body.data.signedUrl, 'a private note', 'text/plain')).status).toBe(
      200,
    );
    return signed.body.data;
  }

  it('serves a file only through a signed read link, never by its bare address', async () => {
    const { key, fileUrl } = await uploaded();
    // The original request: GET /api/uploads/<key> with no session and no signature.
    const bare = await fetch(`${t.baseUrl}/api/uploads/${key}`);
    expect(bare.status).toBe(403);
    expect(await messageOf(bare)).toBe('This file link is not valid');
    const withBearer = await fetch(`${t.baseUrl}/api/uploads/${key}`, {
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(withBearer.status).toBe(403);
    const link = new URL(fileUrl, t.baseUrl);
    link.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetch(link)).status).toBe(403);
    const later = new URL(fileUrl, t.baseUrl);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expect((await fetch(later)).status).toBe(403);
    // Another file's signature does not open this one.
    const other = await uploaded();
    const swapped = new URL(`/api/uploads/${key}`, t.baseUrl);
    swapped.search = new URL(other.fileUrl, t.baseUrl).search;
    expect((await fetch(swapped)).status).toBe(403);
  });

  it('refuses an expired read link', async () => {
    const { key } = await uploaded();
    const secret = Buffer.from(
      readFileSync(join(dataDir, 'uploads', '.signing-key'), 'utf8').trim(),
      'base64url',
    );
    const past = Math.floor(Date.now() / 1000) - 1;
    const signature = createHmac('sha256', secret)
      .update(`GET\n${key}\n${past}`)
      .digest('base64url');
    const res = await fetch(
      `${t.baseUrl}/api/uploads/${key}?expires=${past}&signature=${signature}`,
    );
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/expired/);
  });

  it("signs only the caller's company's files in the records it answers with", async () => {
    const { key } = await uploaded();
    const north = await t.login('admin@northwind.example');
    // Northwind points a record of its own at the demo company's file: it gets no read link.
    const asset = await t.call<{ data: { id: number; url: string } }>(
      'POST',
      '/api/company-assets',
      {
        token: north,
        body: { name: 'Borrowed', kind: 'document', url: `/api/uploads/${key}` },
      },
    );
    expect(asset.status).toBe(200);
    expect(asset.body.data.url).toBe(`/api/uploads/${key}`);
    expect((await fetch(`${t.baseUrl}${asset.body.data.url}`)).status).toBe(403);
  });

  it('signs only allowed file types, for callers with the permission', async () => {
    const svg = await sign({ file_type: 'image/svg+xml', file_name: 'x.svg' });
    expect(svg.status).toBe(400);
    const html = await sign({ file_type: 'text/html', file_name: 'x.html' });
    expect(html.status).toBe(400);
    const denied = await sign({ file_type: 'application/pdf', file_name: 'x.pdf' }, employee);
    expect(denied.status).toBe(403);
    const noName = await sign({ file_type: 'application/pdf', file_name: ' ' });
    expect(noName.status).toBe(400);
  });
});
