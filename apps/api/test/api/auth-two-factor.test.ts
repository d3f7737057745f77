import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { authThrottles, twoFactorChallenges } from '../../src/modules/auth/schema.ts';
import { hashToken } from '../../src/modules/users/api.ts';
import { userIdentities } from '../../src/modules/users/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { secretBoxFor } from '../../src/platform/secrets.ts';
import { sealPlainTotpSecrets } from '../../src/modules/auth/two-factor.ts';
import { readMailbox, superAdminToken } from '../support/mailbox.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
// The test server's configuration (secrets key in DATA_DIR), for the sealing function itself.
const testConfig = loadConfig({ NODE_ENV: 'test' });
beforeAll(async () => {
  t = await startTestApp();
  // Signed in before any test changes sign-in rules: the dev mailbox answers super admins only.
  await superAdminToken(t);
});
afterAll(() => t.close());
// Wrong codes count as failed sign-ins (auth-limits.test.ts tests that); start each test afresh.
afterEach(async () => {
  await t.database.db.delete(authThrottles);
});

interface LoginBody {
  user: { email: string } | null;
  token: string | null;
  twoFactor: boolean;
  loginStatus: string;
  twoFactorToken: string | null;
  twoFactorMethod: string | null;
  twoFactorDestination: string | null;
  reason?: string;
}

const login = (email: string, password = 'Demo@12345') =>
  t.call<LoginBody>('POST', '/api/auth/login', { body: { email, password } });
const verify = (token: string, code: string) =>
  t.call<LoginBody>('POST', '/api/auth/2factor/verify', { body: { token, code } });

/** The newest sign-in code mailed to `email`, read from the dev mailbox. */
async function mailedCode(email: string): Promise<string> {
  const box = await readMailbox(t, email);
  const code = /sign-in code is (\d{6})/.exec(box[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function pending(email: string) {
  const res = await login(email);
  expect(res.status).toBe(200);
  const token = res.body.twoFactorToken;
  if (!token) throw new Error('no two-factor challenge');
  return { res, token };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-factor sign-in by mailed code', () => {
  it('answers success without a user, mails a code and signs in with it once', async () => {
    const { res, token } = await pending('secure@demo.example');
    expect(res.body).toMatchObject({
      success: true,
      user: null,
      token: null,
      twoFactor: true,
      loginStatus: 'two_factor_pending',
      twoFactorMethod: 'email',
      twoFactorDestination: 's*****@demo.example',
      message: 'Enter the 6-digit code we sent to your email',
    });
    const code = await mailedCode('secure@demo.example');

    const bad = await verify(token, wrong(code));
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, reason: 'The code is not correct' });

    const good = await verify(token, code);
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      success: true,
      twoFactor: false,
      loginStatus: 'success',
      user: { email: 'secure@demo.example' },
    });
    const me = await t.call('GET', '/api/auth/me', { token: good.body.token });
    expect(me.status).toBe(200);

    const again = await verify(token, code);
    expect(again.status).toBe(401);
    expect(again.body.reason).toBe('This sign-in has expired. Please sign in again.');
  });

  it('stores neither the challenge token nor the code', async () => {
    const { token } = await pending('secure@demo.example');
    const code = await mailedCode('secure@demo.example');
    const [row] = await t.database.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.token_hash, hashToken(token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.code_hash).not.toContain(code);
  });

  it('gives up after five wrong codes, even for the right one', async () => {
    const { token } = await pending('secure@demo.example');
    const code = await mailedCode('secure@demo.example');
    const reasons: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) reasons.push((await verify(token, wrong(code))).body.reason);
    expect(reasons.slice(0, 4)).toEqual(Array(4).fill('The code is not correct'));
    expect(reasons[4]).toBe('Too many wrong codes. Please sign in again.');
    const right = await verify(token, code);
    expect(right.status).toBe(401);
    expect(right.body.reason).toMatch(/sign in again/);
  });

  it('refuses an expired challenge', async () => {
    const { token } = await pending('secure@demo.example');
    const code = await mailedCode('secure@demo.example');
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.token_hash, hashToken(token)));
    const res = await verify(token, code);
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('This sign-in has expired. Please sign in again.');
    const resend = await t.call('POST', '/api/auth/2factor/resend', { body: { token } });
    expect(resend.status).toBe(401);
  });

  it('rejects a malformed code or token with a field error', async () => {
    const res = await t.call('POST', '/api/auth/2factor/verify', {
      body: { token: 'short', code: '12ab' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(expect.arrayContaining(['token', 'code']));
  });
});

describe('resending the code', () => {
  it('waits 30 seconds between codes, then mails a new one that replaces the old', async () => {
    const { token } = await pending('secure@demo.example');
    const first = await mailedCode('secure@demo.example');
    const early = await t.call('POST', '/api/auth/2factor/resend', { body: { token } });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds before asking for another code$/);

    await t.database.db
      .update(twoFactorChallenges)
      .set({ last_sent_at: sql`now() - interval '31 seconds'` })
      .where(eq(twoFactorChallenges.token_hash, hashToken(token)));
    const resent = await t.call('POST', '/api/auth/2factor/resend', { body: { token } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({
      success: true,
      message: 'A new code has been sent',
      data: { resendAfterSeconds: 30 },
    });
    const second = await mailedCode('secure@demo.example');
    if (second !== first) expect((await verify(token, first)).status).toBe(401);
    expect((await verify(token, second)).status).toBe(200);
  });

  it('stops after five codes', async () => {
    const { token } = await pending('secure@demo.example');
    await t.database.db
      .update(twoFactorChallenges)
      .set({ sends: 5, last_sent_at: sql`now() - interval '1 minute'` })
      .where(eq(twoFactorChallenges.token_hash, hashToken(token)));
    const res = await t.call('POST', '/api/auth/2factor/resend', { body: { token } });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many codes sent. Please sign in again.');
  });
});

describe('who needs a second factor', () => {
  it('keeps the other demo users on one step', async () => {
    const res = await login('employee@demo.example');
    expect(res.body).toMatchObject({ twoFactor: false, twoFactorToken: null });
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('asks everyone of a company that requires it, and only that company', async () => {
    const agent = await t.login('agent@demo.example');
    const user = await t.login('user@demo.example');
    const denied = await t.call('PUT', '/api/auth/2factor/company', {
      token: user,
      body: { required: true },
    });
    expect(denied.status).toBe(403);

    const on = await t.call('PUT', '/api/auth/2factor/company', {
      token: agent,
      body: { required: true },
    });
    expect(on.body).toMatchObject({
      success: true,
      message: 'Company two-factor setting updated',
      data: { companyRequired: true, effective: 'email' },
    });
    const manager = await login('manager@demo.example');
    expect(manager.body).toMatchObject({ twoFactor: true, user: null, twoFactorMethod: 'email' });
    const northwind = await login('admin@northwind.example');
    expect(northwind.body.twoFactor).toBe(false);

    // The agent's own session, opened before, goes on; turn it off again.
    const off = await t.call('PUT', '/api/auth/2factor/company', {
      token: agent,
      body: { required: false },
    });
    expect(off.body).toMatchObject({ data: { companyRequired: false, effective: null } });
    expect((await login('manager@demo.example')).body.twoFactor).toBe(false);
  });

  it('lets a user choose mailed codes and turn them off with the password', async () => {
    const token = await t.login('warehouse@demo.example');
    const wrongPassword = await t.call('POST', '/api/auth/2factor/method', {
      token,
      body: { method: 'email', password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({
      message: 'Your password is not correct',
      errors: { password: ['Your password is not correct'] },
    });
    const on = await t.call('POST', '/api/auth/2factor/method', {
      token,
      body: { method: 'email', password: 'Demo@12345' },
    });
    expect(on.body).toMatchObject({
      message: 'Two-factor sign-in turned on',
      data: { method: 'email', effective: 'email' },
    });
    expect((await login('warehouse@demo.example')).body.twoFactor).toBe(true);
    const off = await t.call('POST', '/api/auth/2factor/method', {
      token,
      body: { method: 'off', password: 'Demo@12345' },
    });
    expect(off.body).toMatchObject({
      message: 'Two-factor sign-in turned off',
      data: { method: null, effective: null },
    });
    expect((await login('warehouse@demo.example')).body.twoFactor).toBe(false);
  });
});

describe('authenticator app (TOTP)', () => {
  const codeAt = (secret: string, offsetSeconds: number) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      timestamp: Date.now() + offsetSeconds * 1000,
    });

  it('enrols by QR code, then signs in with app codes, each accepted once', async () => {
    const token = await t.login('callcenter@demo.example');
    const setup = await t.call<{ data: { secret: string; otpauthUrl: string; qrDataUrl: string } }>(
      'POST',
      '/api/auth/2factor/totp/setup',
      { token },
    );
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.body.data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauthUrl).toContain('callcenter%40demo.example');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const pendingOnly = await t.call('GET', '/api/auth/2factor', { token });
    expect(pendingOnly.body.data).toMatchObject({ method: null, effective: null });

    const badConfirm = await t.call('POST', '/api/auth/2factor/totp/confirm', {
      token,
      body: { code: wrong(codeAt(secret, 0)) },
    });
    expect(badConfirm.status).toBe(400);
    expect(badConfirm.body.message).toBe('The code is not correct');

    const enrolCode = codeAt(secret, 0);
    const confirm = await t.call('POST', '/api/auth/2factor/totp/confirm', {
      token,
      body: { code: enrolCode },
    });
    expect(confirm.body).toMatchObject({
      message: 'Two-factor sign-in turned on',
      data: { method: 'totp', effective: 'totp' },
    });
    // Stored sealed (AES-256-GCM), and no reply carries it after the setup screen.
    const [stored] = await t.database.db
      .select({ secret: userIdentities.totp_secret })
      .from(userIdentities)
      .where(eq(userIdentities.email, 'callcenter@demo.example'));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.secret).not.toContain(secret);
    for (const path of ['/api/auth/me', '/api/auth/2factor']) {
      const reply = await t.call('GET', path, { token });
      expect(JSON.stringify(reply.body)).not.toContain(secret);
    }

    const first = await pending('callcenter@demo.example');
    expect(first.res.body).toMatchObject({
      twoFactorMethod: 'totp',
      twoFactorDestination: null,
      message: 'Enter the 6-digit code from your authenticator app',
    });
    const resend = await t.call('POST', '/api/auth/2factor/resend', {
      body: { token: first.token },
    });
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe('Use the code from your authenticator app');
    // The code used to confirm enrolment is spent; the next time step's code works once.
    expect((await verify(first.token, enrolCode)).status).toBe(401);
    const next = codeAt(secret, 30);
    const ok = await verify(first.token, next);
    expect(ok.status).toBe(200);
    expect(ok.body.user?.email).toBe('callcenter@demo.example');

    const second = await pending('callcenter@demo.example');
    const replay = await verify(second.token, next);
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toBe('The code is not correct');

    const off = await t.call('POST', '/api/auth/2factor/method', {
      token,
      body: { method: 'off', password: 'Demo@12345' },
    });
    expect(off.body.data).toMatchObject({ method: null, effective: null });
    const [identity] = await t.database.db
      .select({ secret: userIdentities.totp_secret })
      .from(userIdentities)
      .where(eq(userIdentities.email, 'callcenter@demo.example'));
    expect(identity?.secret).toBeNull();
    expect((await login('callcenter@demo.example')).body.twoFactor).toBe(false);
  });

  it('seals a secret stored in plain by an earlier release, which then still signs in', async () => {
    const secret = new Secret({ size: 20 }).base32;
    await t.database.db
      .update(userIdentities)
      .set({ two_factor_method: 'totp', totp_secret: secret, totp_last_step: null })
      .where(eq(userIdentities.email, 'warehouse@demo.example'));
    expect(await sealPlainTotpSecrets(t.database.db, secretBoxFor(testConfig))).toBe(1);
    const [stored] = await t.database.db
      .select({ secret: userIdentities.totp_secret })
      .from(userIdentities)
      .where(eq(userIdentities.email, 'warehouse@demo.example'));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(await sealPlainTotpSecrets(t.database.db, secretBoxFor(testConfig))).toBe(0);
    const challenge = await pending('warehouse@demo.example');
    expect((await verify(challenge.token, codeAt(secret, 0))).status).toBe(200);
    await t.database.db
      .update(userIdentities)
      .set({ two_factor_method: null, totp_secret: null })
      .where(eq(userIdentities.email, 'warehouse@demo.example'));
  });

  it('needs the setup step before a confirmation', async () => {
    const token = await t.login('user@demo.example');
    const res = await t.call('POST', '/api/auth/2factor/totp/confirm', {
      token,
      body: { code: '123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Start the authenticator setup first');
  });
});
