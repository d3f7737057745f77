import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { passwordResets } from '../../src/modules/auth/schema.ts';
import { hashToken } from '../../src/modules/users/api.ts';
import { mailOutbox } from '../../src/modules/mail/schema.ts';
import { userIdentities } from '../../src/modules/users/schema.ts';
import { readMailbox, superAdminToken } from '../support/mailbox.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Signed in before any test changes sign-in rules: the dev mailbox answers super admins only.
  await superAdminToken(t);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Violet-Harbour-Lantern-42';

const loginStatus = async (email: string, password: string) =>
  (await t.call('POST', '/api/auth/login', { body: { email, password } })).status;

async function userId(token: string): Promise<number> {
  const me = await t.call<{ data: { id: number } }>('GET', '/api/auth/me', { token });
  return me.body.data.id;
}

/** Waits for the reset mail (it is sent after the reply) and returns the token in its link. */
async function mailedResetToken(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const box = await readMailbox(t, email);
    const mail = box.find((m) => m.id > after && m.text.includes('/reset-password?'));
    const token = mail && /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail for ${email}`);
}

const lastMailId = async () =>
  (
    await t.database.db
      .select({ id: sql<number>`coalesce(max(${mailOutbox.id}), 0)` })
      .from(mailOutbox)
  )[0]?.id ?? 0;

describe('password hashing', () => {
  it('stores argon2id with 19 MiB, 2 iterations, parallelism 1', async () => {
    const [identity] = await t.database.db
      .select({ hash: userIdentities.password_hash })
      .from(userIdentities)
      .where(eq(userIdentities.email, 'agent@demo.example'));
    expect(identity?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the email exists, and mails only a real user', async () => {
    const before = await lastMailId();
    const unknown = await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@demo.example' },
    });
    const known = await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'Employee@Demo.Example' },
    });
    for (const res of [unknown, known]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Reset email sent',
        data: null,
        reason: null,
      });
    }
    const token = await mailedResetToken('employee@demo.example', before);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.some((m) => m.to === 'nobody@demo.example')).toBe(false);
    // Only the token's hash is kept.
    const rows = await t.database.db.select().from(passwordResets);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
  });

  it('sets a new password once, ends the sessions and refuses common passwords', async () => {
    const session = await t.login('manager@demo.example');
    const before = await lastMailId();
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'manager@demo.example' } });
    const token = await mailedResetToken('manager@demo.example', before);

    const common = await t.call('POST', `/api/auth/reset_password/${token}`, {
      body: { password: 'Password123!' },
    });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({
      message: 'This password is too common. Choose one that is harder to guess.',
      errors: { password: ['This password is too common. Choose one that is harder to guess.'] },
    });
    const short = await t.call('POST', `/api/auth/reset_password/${token}`, {
      body: { password: 'x1!' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors?.password?.[0]).toBe('Password must be at least 8 characters');

    const reset = await t.call('POST', `/api/auth/reset_password/${token}`, {
      body: { password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ success: true, message: 'Password updated' });
    expect((await t.call('GET', '/api/auth/me', { token: session })).status).toBe(460);
    expect(await loginStatus('manager@demo.example', 'Demo@12345')).toBe(401);
    expect(await loginStatus('manager@demo.example', NEW_PASSWORD)).toBe(200);

    const again = await t.call('POST', `/api/auth/reset_password/${token}`, {
      body: { password: 'Another-Fine-Phrase-77' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'This reset link is invalid or has expired. Ask for a new one.',
    );
  });

  it('refuses an expired link, a malformed one, and an older link once a newer was sent', async () => {
    let before = await lastMailId();
    await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'warehouse@demo.example' },
    });
    const older = await mailedResetToken('warehouse@demo.example', before);
    before = await lastMailId();
    await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'warehouse@demo.example' },
    });
    const newer = await mailedResetToken('warehouse@demo.example', before);
    const body = { password: NEW_PASSWORD };
    const invalid = 'This reset link is invalid or has expired. Ask for a new one.';

    expect((await t.call('POST', `/api/auth/reset_password/${older}`, { body })).body.message).toBe(
      invalid,
    );
    await t.database.db
      .update(passwordResets)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.token_hash, hashToken(newer)));
    const expired = await t.call('POST', `/api/auth/reset_password/${newer}`, { body });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(invalid);
    const malformed = await t.call('POST', '/api/auth/reset_password/not-a-token', { body });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(invalid);
    expect(await loginStatus('warehouse@demo.example', 'Demo@12345')).toBe(200);
  });

  it('rejects a bad email with a field error', async () => {
    const res = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.email).toBeDefined();
  });
});

describe('change password', () => {
  it('checks the current password and the new one, then ends the other sessions', async () => {
    const token = await t.login('callcenter@demo.example');
    const other = await t.login('callcenter@demo.example');
    const change = (body: Record<string, string>) =>
      t.call('POST', '/api/users/change-password', { token, body });

    const wrongCurrent = await change({ current_password: 'nope', new_password: NEW_PASSWORD });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body).toMatchObject({
      message: 'Your current password is not correct',
      errors: { current_password: ['Your current password is not correct'] },
    });
    const same = await change({ current_password: 'Demo@12345', new_password: 'Demo@12345' });
    expect(same.body.message).toBe('The new password must differ from the current one');
    const common = await change({ current_password: 'Demo@12345', new_password: 'sunshine2024' });
    expect(common.body.message).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    const withEmail = await change({
      current_password: 'Demo@12345',
      new_password: 'callcenter-Quartz-9',
    });
    expect(withEmail.body.message).toBe('The password must not contain your email address');
    const short = await change({ current_password: 'Demo@12345', new_password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors?.new_password).toBeDefined();

    const ok = await change({ current_password: 'Demo@12345', new_password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: 'Password updated', data: null });
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: other })).status).toBe(460);
    expect(await loginStatus('callcenter@demo.example', NEW_PASSWORD)).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.call('POST', '/api/users/change-password', {
      body: { current_password: 'Demo@12345', new_password: NEW_PASSWORD },
    });
    expect(res.status).toBe(460);
  });
});

describe('change password as admin', () => {
  it("sets a user's password and ends that user's sessions", async () => {
    const admin = await t.login('agent@demo.example');
    const victim = await t.login('user@demo.example');
    const id = await userId(victim);
    const res = await t.call('POST', '/api/users/change-password-admin', {
      token: admin,
      body: { user_id: id, password: NEW_PASSWORD },
    });
    expect(res.body).toMatchObject({ success: true, message: 'Password updated' });
    expect((await t.call('GET', '/api/auth/me', { token: victim })).status).toBe(460);
    expect(await loginStatus('user@demo.example', NEW_PASSWORD)).toBe(200);

    const common = await t.call('POST', '/api/users/change-password-admin', {
      token: admin,
      body: { user_id: id, password: 'iloveyou1' },
    });
    expect(common.status).toBe(400);
  });

  it('is refused without write_users, across companies and above the caller', async () => {
    const employee = await t.login('employee@demo.example');
    const manager = await t.login('manager@demo.example', NEW_PASSWORD);
    const northwind = await t.login('admin@northwind.example');
    const agentId = await userId(await t.login('agent@demo.example'));
    const body = { user_id: agentId, password: NEW_PASSWORD };

    const noPermission = await t.call('POST', '/api/users/change-password-admin', {
      token: employee,
      body,
    });
    expect(noPermission.status).toBe(403);
    const otherCompany = await t.call('POST', '/api/users/change-password-admin', {
      token: northwind,
      body,
    });
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.message).toBe('User not found');
    const higher = await t.call('POST', '/api/users/change-password-admin', {
      token: manager,
      body,
    });
    expect(higher.status).toBe(403);
    // The rank rule: only users strictly below the caller (a store manager is below the owner).
    expect(higher.body.message).toBe('You cannot change a user at or above your own level');
  });
});

describe('mobile PIN', () => {
  it('sets your own PIN, stored hashed', async () => {
    const token = await t.login('employee@demo.example');
    const id = await userId(token);
    const res = await t.call('PATCH', `/api/users/mobile-pin-change/${id}`, {
      token,
      body: { mobile_pin: '4321' },
    });
    expect(res.body).toMatchObject({ success: true, message: 'Mobile Pin updated' });
    const [identity] = await t.database.db
      .select({ pin: userIdentities.mobile_pin_hash })
      .from(userIdentities)
      .where(eq(userIdentities.email, 'employee@demo.example'));
    expect(identity?.pin).toMatch(/^\$argon2id\$/);

    const bad = await t.call('PATCH', `/api/users/mobile-pin-change/${id}`, {
      token,
      body: { mobile_pin: '12a' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.mobile_pin).toEqual(['The PIN must be 4 to 6 digits']);
  });

  it("sets another user's PIN only with write_users in the same company", async () => {
    const employee = await t.login('employee@demo.example');
    const agent = await t.login('agent@demo.example');
    const northwind = await t.login('admin@northwind.example');
    const targetId = await userId(await t.login('warehouse@demo.example'));
    const path = `/api/users/mobile-pin-change/${targetId}`;
    const body = { mobile_pin: '908172' };
    expect((await t.call('PATCH', path, { token: employee, body })).status).toBe(403);
    expect((await t.call('PATCH', path, { token: northwind, body })).status).toBe(404);
    const ok = await t.call('PATCH', path, { token: agent, body });
    expect(ok.body.message).toBe('Mobile Pin updated');
  });
});

describe('sign-up', () => {
  it('is closed unless the deployment allows it', async () => {
    const res = await t.call('POST', '/api/auth/signup', {
      body: {
        email: 'new@demo.example',
        password: NEW_PASSWORD,
        first_name: 'New',
        last_name: 'Person',
      },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Sign-up is not available on this portal. Ask your admin for an account.',
    );
    const options = await t.call('GET', '/api/auth/options');
    expect(options.body.data).toEqual({ signup: false, devMailbox: true });
  });

  it('creates a base user in the configured company when allowed', async () => {
    const open = await startTestApp({ ALLOW_SIGNUP: 'true', SIGNUP_COMPANY_ID: '1' });
    try {
      const body = {
        email: 'New.Person@demo.example',
        password: NEW_PASSWORD,
        first_name: 'New',
        last_name: 'Person',
      };
      const created = await open.call('POST', '/api/auth/signup', { body });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Account created. You can sign in now.',
        data: { email: 'new.person@demo.example' },
      });
      const login = await open.call<{ user: { role: string; company_id: number } }>(
        'POST',
        '/api/auth/login',
        { body: { email: 'new.person@demo.example', password: NEW_PASSWORD } },
      );
      expect(login.body.user).toMatchObject({ role: 'base_user', company_id: 1 });

      const duplicate = await open.call('POST', '/api/auth/signup', { body });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('A user with this email already exists');
      const common = await open.call('POST', '/api/auth/signup', {
        body: { ...body, email: 'other@demo.example', password: 'qwerty123' },
      });
      expect(common.status).toBe(400);
      const missing = await open.call('POST', '/api/auth/signup', {
        body: { email: 'x@demo.example' },
      });
      expect(Object.keys(missing.body.errors ?? {})).toEqual(
        expect.arrayContaining(['password', 'first_name', 'last_name']),
      );
      expect((await open.call('GET', '/api/auth/options')).body.data).toMatchObject({
        signup: true,
      });
    } finally {
      await open.close();
    }
  });
});

describe('edit account', () => {
  it('changes your own name', async () => {
    const token = await t.login('admin@northwind.example');
    const res = await t.call('PATCH', '/api/auth/me', {
      token,
      body: { first_name: 'Nora', last_name: 'Northwind' },
    });
    expect(res.body).toMatchObject({
      success: true,
      message: 'Account updated',
      data: { first_name: 'Nora', last_name: 'Northwind', email: 'admin@northwind.example' },
    });
    const empty = await t.call('PATCH', '/api/auth/me', {
      token,
      body: { first_name: '', last_name: 'X' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.first_name).toEqual(['Name is required']);
  });
});
