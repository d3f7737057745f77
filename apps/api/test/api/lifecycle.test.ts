import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { testBackend } from '../support/database.ts';

const apiRoot = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-lifecycle-'));
const port = 18_000 + (process.pid % 1000);
const base = `http://127.0.0.1:${port}/api`;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real entry point (src/main.ts) the way `npm start` runs the bundle. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function login(): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent@demo.example', password: 'Demo@12345' }),
  });
  return ((await res.json()) as { token: string }).token;
}

describe.skipIf(testBackend() === 'postgres')('the server process on the embedded database', () => {
  it('stops cleanly on SIGTERM and keeps its data across a restart', async () => {
    const first = await startServer();
    const token = await login();
    const created = await fetch(`${base}/regions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Survives Restarts' }),
    });
    expect(created.status).toBe(200);
    first.kill('SIGTERM');
    const [code] = await once(first, 'exit');
    expect(code).toBe(0);

    const second = await startServer();
    try {
      // The session survives too: it is a row in the same database.
      const list = await fetch(`${base}/regions?search=Survives`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await list.json()) as { data: { total: number } };
      expect(body.data.total).toBe(1);
      // Seeding is idempotent across restarts: still exactly the 11 demo users (one per role, the
      // two-factor demo user and three hourly staff).
      const users = await fetch(`${base}/users/count`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await users.json()) as { data: { total: number } }).data.total).toBe(11);
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
  }, 150_000);
});
