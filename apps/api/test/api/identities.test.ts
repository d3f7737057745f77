import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, type LoginResponse } from '@portal/contract/auth';
import { loadConfig } from '../../src/config.ts';
import { chosenIdentity } from '../../src/modules/auth/company-choice.ts';
import { secretBoxFor } from '../../src/platform/secrets.ts';
import { DEMO_COMPANY, DEMO_PASSWORD, SECOND_COMPANY } from '../../src/seed/demo.ts';
import { readMailbox } from '../support/mailbox.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 12: sign-in emails are unique per company, not across companies. Creating a user whose
 * email signs in only at another company succeeds (no cross-company oracle); a sign-in whose email
 * and password match several companies offers those companies; a reset mails each account.
 */
let t: TestApp;
let demoAgent: string;
let northAdmin: string;
let demoId = 0;
let northId = 0;

type List<T> = { data: { results: T[] } };
type Login = LoginResponse & { reason?: string };

beforeAll(async () => {
  t = await startTestApp();
  demoAgent = await t.login('agent@demo.example');
  northAdmin = await t.login('admin@northwind.example');
  const me = async (token: string) =>
    (await t.call<{ data: { company_id: number } }>('GET', '/api/auth/me', { token })).body.data
      .company_id;
  [demoId, northId] = [await me(demoAgent), await me(northAdmin)];
}, 120_000);
afterAll(() => t.close());

/** A role the caller may give (strictly below a master agent). */
async function assignableRole(token: string): Promise<number> {
  const roles = await t.call<List<{ id: number; access_level: number }>>(
    'GET',
    '/api/user-roles?perPage=100',
    { token },
  );
  const role = roles.body.data.results.find((r) => r.access_level < 4);
  if (!role) throw new Error('no assignable role');
  return role.id;
}

const createUser = async (token: string, email: string, password: string) =>
  t.call<{ data: { id: number; company_id: number } }>('POST', '/api/users', {
    token,
    body: {
      email,
      first_name: 'Shared',
      last_name: 'Address',
      role_id: await assignableRole(token),
      password,
    },
  });

const login = (email: string, password: string) =>
  t.call<Login>('POST', '/api/auth/login', { body: { email, password } });

const choose = (token: string, company_id: number) =>
  t.call<Login>('POST', '/api/auth/login/company', { body: { token, company_id } });

describe('an email used in another company', () => {
  it('is no oracle: a user with it is created (200); inside the company it is a 409', async () => {
    // manager@demo.example signs in only at Demo Wireless.
    const created = await createUser(northAdmin, 'manager@demo.example', 'Nw-Secret-Pass-2026!');
    expect(created.status).toBe(200);
    expect(created.body.data.company_id).toBe(northId);
    const again = await createUser(northAdmin, 'Manager@Demo.Example', 'Nw-Secret-Pass-2026!');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A user with this email already exists');
    const inDemo = await createUser(demoAgent, 'manager@demo.example', 'Nw-Secret-Pass-2026!');
    expect(inDemo.status).toBe(409);
    expect(inDemo.body.message).toBe('A user with this email already exists');
  });

  it('with a different password per company, each password signs into its own company', async () => {
    const demo = await login('manager@demo.example', DEMO_PASSWORD);
    expect(demo.status).toBe(200);
    expect(demo.body.user).toMatchObject({ email: 'manager@demo.example', company_id: demoId });
    const north = await login('manager@demo.example', 'Nw-Secret-Pass-2026!');
    expect(north.status).toBe(200);
    expect(north.body.user).toMatchObject({ email: 'manager@demo.example', company_id: northId });
    const wrong = await login('manager@demo.example', 'Neither-Password-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.reason).toBe(authMessages.badCredentials);
  });

  it('is accepted by the users bulk preview and commit, and by the employee bulk upload', async () => {
    const csv = [
      'email,first_name,last_name,role,password,stores',
      'agent@demo.example,Bulk,Shared,base_user,Bulk-Shared-2026!,',
    ].join('\n');
    const bulk = (mode: string) =>
      t.call<{ data: { valid: boolean; errors: unknown[]; created: number } }>(
        'POST',
        '/api/user-bulk-upload',
        { token: northAdmin, body: { mode, csv } },
      );
    const preview = await bulk('preview');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ valid: true, errors: [] });
    const commit = await bulk('commit');
    expect(commit.status).toBe(200);
    expect(commit.body.data.created).toBe(1);
    // Inside the company it is now taken, with the specific message.
    const twice = await bulk('preview');
    expect(twice.body.data.errors).toEqual([
      expect.objectContaining({ field: 'email', message: 'A user with this email already exists' }),
    ]);

    const employees = (mode: string, email: string) =>
      t.call<{ data: { valid: boolean; created: number; errors: { message: string }[] } }>(
        'POST',
        '/api/employees/bulk-upload',
        {
          token: northAdmin,
          body: {
            mode,
            csv: [
              'email,first_name,last_name,role,store,pay_type,supervisor_email,hire_date',
              `${email},Emp,Shared,sub_agent_employee,,hourly,,2026-11-03`,
            ].join('\n'),
          },
        },
      );
    const employeePreview = await employees('preview', 'employee@demo.example');
    expect(employeePreview.status).toBe(200);
    expect(employeePreview.body.data).toMatchObject({ valid: true, errors: [] });
    const employeeCommit = await employees('commit', 'employee@demo.example');
    expect(employeeCommit.status).toBe(200);
    expect(employeeCommit.body.data.created).toBe(1);
    const taken = await employees('preview', 'employee@demo.example');
    expect(taken.body.data.errors.map((e) => e.message)).toEqual([
      'A user with this email already exists',
    ]);
  });
});

describe('a sign-in whose email and password match several companies', () => {
  const email = 'both.places@shared.example';
  const password = 'Both-Places-2026!';
  let choiceToken = '';

  beforeAll(async () => {
    expect((await createUser(demoAgent, email, password)).status).toBe(200);
    expect((await createUser(northAdmin, email, password)).status).toBe(200);
  });

  it('answers a company choice with only those companies, and no session', async () => {
    const res = await login(email, password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Choose a company',
      loginStatus: 'company_choice',
      user: null,
      token: null,
      twoFactor: false,
    });
    expect(res.body.companyChoice?.companies).toEqual([
      { id: demoId, name: DEMO_COMPANY },
      { id: northId, name: SECOND_COMPANY },
    ]);
    choiceToken = res.body.companyChoice?.token ?? '';
    // The token tells nothing readable about the companies.
    expect(choiceToken).not.toMatch(/both|demo|north/i);
  });

  it('signs into the chosen company, each choice into its own', async () => {
    for (const companyId of [northId, demoId]) {
      const res = await choose(choiceToken, companyId);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, company_id: companyId });
      const me = await t.call<{ data: { company_id: number } }>('GET', '/api/auth/me', {
        token: res.body.token,
      });
      expect(me.body.data.company_id).toBe(companyId);
    }
  });

  it('refuses a forged, altered, expired token or a company it does not offer (401)', async () => {
    const expired = authMessages.twoFactorExpired;
    const forged = await choose(`v1.${'A'.repeat(16)}.${'B'.repeat(22)}.${'C'.repeat(40)}`, demoId);
    expect(forged.status).toBe(401);
    expect(forged.body.reason).toBe(expired);
    // One character inside the sealed part (the last one may carry only padding bits).
    const at = choiceToken.length - 5;
    const swapped = choiceToken[at] === 'A' ? 'B' : 'A';
    const altered = await choose(
      `${choiceToken.slice(0, at)}${swapped}${choiceToken.slice(at + 1)}`,
      demoId,
    );
    expect(altered.status).toBe(401);
    const other = await choose(choiceToken, northId + 1000);
    expect(other.status).toBe(401);
    expect(other.body.reason).toBe(expired);
    const malformed = await choose('not a token', demoId);
    expect(malformed.status).toBe(400);

    // The token lives 5 minutes: the same token six minutes on names no identity.
    const box = secretBoxFor(loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }));
    const now = await chosenIdentity(t.database.db, box, choiceToken, demoId);
    expect(now).toMatchObject({ email, company_id: demoId });
    const later = await chosenIdentity(
      t.database.db,
      box,
      choiceToken,
      demoId,
      Date.now() + 6 * 60_000,
    );
    expect(later).toBeNull();
  });

  it('a password changed since the choice voids it for that company', async () => {
    const fresh = (await login(email, password)).body.companyChoice?.token ?? '';
    const north = await choose(fresh, northId);
    const changed = await t.call('POST', '/api/users/change-password', {
      token: north.body.token,
      body: { current_password: password, new_password: 'North-Only-2026!' },
    });
    expect(changed.status).toBe(200);
    expect((await choose(fresh, northId)).status).toBe(401);
    expect((await choose(fresh, demoId)).status).toBe(200);
    // Now the passwords differ: each signs straight into its company.
    expect((await login(email, 'North-Only-2026!')).body.user?.company_id).toBe(northId);
    expect((await login(email, password)).body.user?.company_id).toBe(demoId);
  });

  it('with a second factor in the chosen company, the choice leads to the code step', async () => {
    const northManaged = 'two.steps@shared.example';
    expect((await createUser(demoAgent, northManaged, password)).status).toBe(200);
    expect((await createUser(northAdmin, northManaged, password)).status).toBe(200);
    const required = await t.call('PUT', '/api/auth/2factor/company', {
      token: northAdmin,
      body: { required: true },
    });
    expect(required.status).toBe(200);
    try {
      const token = (await login(northManaged, password)).body.companyChoice?.token ?? '';
      const north = await choose(token, northId);
      expect(north.status).toBe(200);
      expect(north.body).toMatchObject({
        user: null,
        twoFactor: true,
        twoFactorMethod: 'email',
        loginStatus: 'two_factor_pending',
      });
      const demo = await choose(token, demoId);
      expect(demo.body.user).toMatchObject({ email: northManaged, company_id: demoId });
    } finally {
      await t.call('PUT', '/api/auth/2factor/company', {
        token: northAdmin,
        body: { required: false },
      });
    }
  });
});

describe('password reset for an email in several companies', () => {
  it('mails one link per company, each naming it; the reply is the same as for no account', async () => {
    const email = 'reset.both@shared.example';
    expect((await createUser(demoAgent, email, 'Reset-Demo-2026!')).status).toBe(200);
    expect((await createUser(northAdmin, email, 'Reset-North-2026!')).status).toBe(200);
    const asked = await t.call('POST', '/api/auth/forgot-password', { body: { email } });
    const nobody = await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'nobody.here@shared.example' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(nobody.body);

    let mails: Awaited<ReturnType<typeof readMailbox>> = [];
    await expect
      .poll(async () => (mails = await readMailbox(t, email)).length, { timeout: 15_000 })
      .toBe(2);
    const byCompany = (name: string) => mails.find((mail) => mail.subject.includes(name));
    for (const name of [DEMO_COMPANY, SECOND_COMPANY]) {
      expect(byCompany(name)?.text).toContain(`(${email}) at ${name}`);
    }
    // Each link resets its own company's password only.
    const token = /reset-password\?token=([\w-]+)/.exec(byCompany(SECOND_COMPANY)?.text ?? '')?.[1];
    const reset = await t.call('POST', `/api/auth/reset_password/${token}`, {
      body: { password: 'Reset-North-New-2026!' },
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'Reset-North-New-2026!')).body.user?.company_id).toBe(northId);
    expect((await login(email, 'Reset-Demo-2026!')).body.user?.company_id).toBe(demoId);
    expect((await login(email, 'Reset-North-2026!')).status).toBe(401);
  });
});

describe('sign-up with an email used only in another company', () => {
  it('creates the account in the sign-up company', async () => {
    const open = await startTestApp({ ALLOW_SIGNUP: 'true', SIGNUP_COMPANY_ID: String(demoId) });
    try {
      const body = {
        email: 'admin@northwind.example',
        password: 'Signup-Shared-2026!',
        first_name: 'Nora',
        last_name: 'Again',
      };
      const created = await open.call('POST', '/api/auth/signup', { body });
      expect(created.status).toBe(200);
      const duplicate = await open.call('POST', '/api/auth/signup', { body });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('A user with this email already exists');
      const signedIn = await open.call<Login>('POST', '/api/auth/login', {
        body: { email: body.email, password: body.password },
      });
      expect(signedIn.body.user).toMatchObject({ company_id: demoId, role: 'base_user' });
    } finally {
      await open.close();
    }
  });
});
