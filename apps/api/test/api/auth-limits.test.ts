import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authThrottles } from '../../src/modules/auth/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The tests play several client addresses through X-Forwarded-For, as a trusted proxy would send them.
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(authThrottles);
});

/** A sign-in from a given client address (the server trusts X-Forwarded-For, as behind a proxy). */
const loginFrom = (ip: string, email: string, password: string) =>
  t.call<{ reason?: string; token?: string }>('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

async function userId(token: string): Promise<number> {
  const me = await t.call<{ data: { id: number } }>('GET', '/api/auth/me', { token });
  return me.body.data.id;
}

describe('failed sign-in limits', () => {
  it('stops one address after 5 failures for an account, but not another address', async () => {
    const email = 'employee@demo.example';
    for (let i = 0; i < 5; i++)
      expect((await loginFrom('10.1.0.1', email, 'wrong-guess')).status).toBe(401);
    const blocked = await loginFrom('10.1.0.1', email, 'Demo@12345');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      reason: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await loginFrom('10.1.0.2', email, 'Demo@12345')).status).toBe(200);
  });

  it('stops every new address after 20 failures for an account, not one it signed in from', async () => {
    const email = 'warehouse@demo.example';
    expect((await loginFrom('10.2.0.1', email, 'Demo@12345')).status).toBe(200);
    for (let i = 0; i < 20; i++) await loginFrom(`10.3.0.${i + 1}`, email, 'wrong-guess');
    const fresh = await loginFrom('10.4.0.1', email, 'Demo@12345');
    expect(fresh.status).toBe(429);
    expect(fresh.body.reason).toMatch(/^Too many failed sign-in attempts/);
    // The owner's usual address still gets in, and that success clears the account's counter.
    expect((await loginFrom('10.2.0.1', email, 'Demo@12345')).status).toBe(200);
    expect((await loginFrom('10.4.0.1', email, 'Demo@12345')).status).toBe(200);
  });

  it('stops an address after 100 failures across accounts', async () => {
    for (let i = 0; i < 100; i++)
      await loginFrom('10.5.0.1', `guess${i}@demo.example`, 'wrong-guess');
    const res = await loginFrom('10.5.0.1', 'user@demo.example', 'Demo@12345');
    expect(res.status).toBe(429);
    expect((await loginFrom('10.5.0.2', 'user@demo.example', 'Demo@12345')).status).toBe(200);
  });

  it('counts wrong current passwords on a session too', async () => {
    const token = (await loginFrom('10.6.0.1', 'callcenter@demo.example', 'Demo@12345')).body.token;
    const change = () =>
      t.call('POST', '/api/users/change-password', {
        token,
        body: { current_password: 'wrong-guess', new_password: 'Violet-Harbour-Lantern-42' },
        headers: { 'x-forwarded-for': '10.6.0.1' },
      });
    for (let i = 0; i < 5; i++) expect((await change()).status).toBe(400);
    const blocked = await change();
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts/);
  });
});

describe('lock and unlock', () => {
  it('locks a user out at once and lets them back in when unlocked', async () => {
    const admin = await t.login('agent@demo.example');
    const victim = await t.login('employee@demo.example');
    const id = await userId(victim);

    const locked = await t.call('POST', '/api/lock-user', { token: admin, body: { user_id: id } });
    expect(locked.body).toMatchObject({
      success: true,
      message: 'User locked',
      data: { id, is_locked: true, email: 'employee@demo.example' },
    });
    expect((await t.call('GET', '/api/auth/me', { token: victim })).status).toBe(460);
    const refused = await t.call('POST', '/api/auth/login', {
      body: { email: 'employee@demo.example', password: 'Demo@12345' },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ reason: 'Your account is locked. Contact your admin.' });

    const unlocked = await t.call('POST', '/api/unlock-user', {
      token: admin,
      body: { user_id: id },
    });
    expect(unlocked.body).toMatchObject({
      success: true,
      message: 'User unlocked',
      data: { is_locked: false },
    });
    expect(await t.login('employee@demo.example')).toEqual(expect.any(String));
  });

  it('refuses locking yourself, without write_users, across companies and above you', async () => {
    const agent = await t.login('agent@demo.example');
    const agentId = await userId(agent);
    const self = await t.call('POST', '/api/lock-user', {
      token: agent,
      body: { user_id: agentId },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot lock your own account');

    const employee = await t.login('employee@demo.example');
    expect(
      (await t.call('POST', '/api/lock-user', { token: employee, body: { user_id: agentId } }))
        .status,
    ).toBe(403);
    const northwind = await t.login('admin@northwind.example');
    const cross = await t.call('POST', '/api/lock-user', {
      token: northwind,
      body: { user_id: agentId },
    });
    expect(cross.status).toBe(404);
    const manager = await t.login('manager@demo.example');
    const higher = await t.call('POST', '/api/lock-user', {
      token: manager,
      body: { user_id: agentId },
    });
    expect(higher.status).toBe(403);
    const missing = await t.call('POST', '/api/lock-user', { token: agent, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.user_id).toBeDefined();
  });
});

describe('sessions end with the company', () => {
  it('gives 460 to users of a deactivated company', async () => {
    const northwind = await t.login('admin@northwind.example');
    const me = await t.call<{ data: { company_id: number } }>('GET', '/api/auth/me', {
      token: northwind,
    });
    const superAdmin = await t.login('admin@demo.example');
    const off = await t.call('DELETE', `/api/companies/${me.body.data.company_id}`, {
      token: superAdmin,
    });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: northwind })).status).toBe(460);
    const again = await t.call('POST', '/api/auth/login', {
      body: { email: 'admin@northwind.example', password: 'Demo@12345' },
    });
    expect(again.body).toMatchObject({ reason: 'Your account is disabled. Contact your admin.' });
  });
});

describe('per-address limits on the public auth routes', () => {
  it('answers 429 after 10 reset requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call('POST', '/api/auth/forgot-password', {
        body: { email: `someone${i}@demo.example` },
        headers: { 'x-forwarded-for': '10.9.0.1' },
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect(res.body.message).toMatch(/^Too many requests\. Try again in \d+ minutes?\.$/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

/** A minimal SMTP server on loopback that keeps what it is sent. */
async function startSmtpSink() {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    socket.write('220 sink ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, messages, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('mail', () => {
  it('shows the dev mailbox to a signed-in super admin only', async () => {
    // The original request: anyone who reached the port read reset links and sign-in codes.
    expect((await t.call('GET', '/api/dev/mailbox')).status).toBe(460);
    const agent = await t.login('agent@demo.example');
    const refused = await t.call('GET', '/api/dev/mailbox', { token: agent });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
    const admin = await t.login('admin@demo.example');
    expect((await t.call('GET', '/api/dev/mailbox', { token: admin })).status).toBe(200);
  });

  it('is off when the server listens beyond loopback, unless DEV_MAILBOX=true', async () => {
    const wide = await startTestApp({ HOST: '0.0.0.0' });
    const asked = await startTestApp({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' });
    try {
      const token = await wide.login('admin@demo.example');
      expect((await wide.call('GET', '/api/dev/mailbox', { token })).status).toBe(404);
      expect((await wide.call('GET', '/api/auth/options')).body.data).toMatchObject({
        devMailbox: false,
      });
      const askedToken = await asked.login('admin@demo.example');
      expect((await asked.call('GET', '/api/dev/mailbox', { token: askedToken })).status).toBe(200);
    } finally {
      await Promise.all([wide.close(), asked.close()]);
    }
  });

  it('goes through SMTP when SMTP_URL is set, and then the dev mailbox is off', async () => {
    const admin = await t.login('admin@demo.example');
    expect((await t.call('GET', '/api/dev/mailbox', { token: admin })).status).toBe(200);
    const sink = await startSmtpSink();
    const smtp = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    try {
      expect((await smtp.call('GET', '/api/dev/mailbox')).status).toBe(404);
      expect((await smtp.call('GET', '/api/auth/options')).body.data).toMatchObject({
        devMailbox: false,
      });
      await smtp.call('POST', '/api/auth/forgot-password', {
        body: { email: 'user@demo.example' },
      });
      await expect.poll(() => sink.messages.length, { timeout: 5000 }).toBe(1);
      expect(sink.messages[0]).toContain('To: user@demo.example');
      expect(sink.messages[0]).toMatch(/reset-password\?token=/);
      const login = await smtp.call<{ twoFactorToken: string }>('POST', '/api/auth/login', {
        body: { email: 'secure@demo.example', password: 'Demo@12345' },
      });
      expect(login.body.twoFactorToken).toEqual(expect.any(String));
      expect(sink.messages[1]).toMatch(/sign-in code is \d{6}/);
    } finally {
      await smtp.close();
      await sink.close();
    }
  });

  it('has no dev mailbox in production', async () => {
    const production = await startTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.call('GET', '/api/dev/mailbox')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('without a trusted proxy', () => {
  it('ignores a forged X-Forwarded-For: every failure counts against the real address', async () => {
    const direct = await startTestApp();
    try {
      let last = 0;
      for (let attempt = 0; attempt < 6; attempt++) {
        const res = await direct.call('POST', '/api/auth/login', {
          body: { email: 'employee@demo.example', password: 'not-the-password' },
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        });
        last = res.status;
      }
      expect(last).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
