import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../src/seed/demo.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers the login response fields of SPEC.md', async () => {
    const res = await t.call<Record<string, unknown>>('POST', '/api/auth/login', {
      body: { email: 'Agent@Demo.Example ', password: 'Demo@12345' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      theme_color: '#004995',
      timeout_limit: 10,
      clock_in: false,
      isB2BUser: false,
      twoFactor: false,
      HomeScreen: 'OneView',
      user: {
        email: 'agent@demo.example',
        role: 'master_agent',
        access_level: 4,
        company_id: expect.any(Number),
      },
    });
    for (const field of [
      'token',
      'sidebarItems',
      'geolocation_restriction_required',
      'scheduleId',
      'breakPopUpShow',
      'timezone',
      'showAutoClockoutTimeCards',
      'dealer_id',
      'vendor_id',
      'faceAuthPending',
      'faceAuthError',
      'loginStatus',
    ]) {
      expect(res.body, field).toHaveProperty(field);
    }
    const user = res.body.user as Record<string, unknown>;
    for (const field of [
      'id',
      'uuid',
      'auth_uuid',
      'first_name',
      'last_name',
      'current_store',
      'profile_photo',
      'store',
      'logo_url',
      'job_order_type',
      'business_type',
      'permissions',
      'sidebarItems',
    ]) {
      expect(user, field).toHaveProperty(field);
    }
    expect(user.store).toMatchObject({
      id: expect.any(Number),
      unique_id: expect.any(String),
      name: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$argon2/);
  });

  it('signs in every demo user', async () => {
    for (const demo of [...demoUsers, { email: 'admin@northwind.example' }]) {
      expect(await t.login(demo.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('gives the same reason for a wrong password and an unknown email', async () => {
    for (const body of [
      { email: 'agent@demo.example', password: 'wrong-password' },
      { email: 'nobody@demo.example', password: 'Demo@12345' },
    ]) {
      const res = await t.call('POST', '/api/auth/login', { body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        success: false,
        reason: 'Invalid email or password',
        message: 'Invalid email or password',
      });
    }
  });

  it('refuses an empty form with field errors', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: '', password: '' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors ?? {})).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('filters the sidebar by permission', async () => {
    const agent = await t.call<{ sidebarItems: { name: string }[] }>('POST', '/api/auth/login', {
      body: { email: 'agent@demo.example', password: 'Demo@12345' },
    });
    const user = await t.call<{ sidebarItems: { name: string }[] }>('POST', '/api/auth/login', {
      body: { email: 'user@demo.example', password: 'Demo@12345' },
    });
    expect(agent.body.sidebarItems.map((item) => item.name)).toContain('Users');
    expect(user.body.sidebarItems.map((item) => item.name)).not.toContain('Users');
  });

  it('ends the session at logout: the next call gets 460', async () => {
    const token = await t.login('manager@demo.example');
    const me = await t.call<{ data: { email: string } }>('GET', '/api/auth/me', { token });
    expect(me.body.data.email).toBe('manager@demo.example');
    expect((await t.call('POST', '/api/auth/logout', { token })).body).toMatchObject({
      success: true,
      message: 'Logged out',
    });
    expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(460);
  });

  it('ends the sessions of a user who is deleted', async () => {
    const admin = await t.login('agent@demo.example');
    const victim = await t.login('callcenter@demo.example');
    const me = await t.call<{ data: { id: number } }>('GET', '/api/auth/me', { token: victim });
    const removed = await t.call('DELETE', `/api/users/${me.body.data.id}`, { token: admin });
    expect(removed.body).toMatchObject({
      success: true,
      message: 'User Deactivated',
      data: { is_deleted: true },
    });
    expect((await t.call('GET', '/api/auth/me', { token: victim })).status).toBe(460);
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: 'callcenter@demo.example', password: 'Demo@12345' },
        })
      ).status,
    ).toBe(401);
  });
});
