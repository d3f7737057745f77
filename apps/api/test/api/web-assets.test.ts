import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// A built web app in miniature: index.html, and one content-hashed script with the .br and .gz
// copies the build writes beside it.
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
// The prerendered sign-in page the build writes beside index.html, with its compressed copies.
const signInPage = `<!doctype html><title>Store Portal</title><form>${' '.repeat(2000)}</form>`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Store Portal</title>');
  writeFileSync(join(dist, 'login.html'), signInPage);
  writeFileSync(join(dist, 'login.html.br'), brotliCompressSync(signInPage));
  writeFileSync(join(dist, 'login.html.gz'), gzipSync(signInPage));
  writeFileSync(join(dist, 'assets/index-Abc123.js'), script);
  writeFileSync(join(dist, 'assets/index-Abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/index-Abc123.js.gz'), gzipSync(script));
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding: string) =>
  fetch(`${t.baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('sends the precompressed brotli copy of a hashed asset, cached for good', async () => {
    const res = await get('/assets/index-Abc123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes the body: the browser gets the same script back.
    expect(await res.text()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one accepting neither', async () => {
    const gz = await get('/assets/index-Abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(script);
    const plain = await get('/assets/index-Abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('revalidates index.html, at / and as the fallback of a page route', async () => {
    for (const path of ['/', '/users/edit/3']) {
      const res = await get(path, 'br');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<title>Store Portal</title>');
    }
  });

  it('sends /login prerendered, compressed and revalidated, and no other page', async () => {
    for (const path of ['/login', '/login?next=%2Fusers']) {
      const res = await get(path, 'gzip, deflate, br');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('content-encoding'), path).toBe('br');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toBe(signInPage);
    }
    for (const path of ['/', '/forgot-password', '/login/extra']) {
      expect(await (await get(path, 'br')).text(), path).not.toContain('<form>');
    }
  });

  it('answers HEAD on a page route as GET does, without the body', async () => {
    const res = await fetch(`${t.baseUrl}/login`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('');
  });
});
