import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@portal/contract/permissions';
import { roleKeys, type RoleKey } from '@portal/contract/roles';
import { permissionGroups, rolePermissionGroups, roles } from '../../src/modules/access/schema.ts';
import { hrEmployeeDetails } from '../../src/modules/hr/schema.ts';
import { hrFaceEnrolments } from '../../src/modules/hr-face/schema.ts';
import { stores } from '../../src/modules/organisation/schema.ts';
import { userIdentities, users } from '../../src/modules/users/schema.ts';
import { contextForToken } from '../../src/modules/users/api.ts';
import { hasPermission, type RequestContext } from '../../src/platform/context.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { demoUsers } from '../../src/seed/demo.ts';
import { signInPerson, type Person } from '../support/people.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The rank rule (issue 12), generated: every route that acts on a user, for every pair of demo
 * roles (actor, target). Allowed only when the actor holds the route's permission and ranks
 * strictly above the target; the platform's super admin ranks above every company role.
 */
const expectedRank: Record<RoleKey, number> = {
  super_admin: 5,
  master_agent: 4,
  sub_agent_admin: 3,
  sub_agent_employee: 2,
  warehouse_account: 2,
  call_center_agent: 2,
  base_user: 1,
};

interface Target {
  id: number;
  email: string;
}

/** A route that acts on a user: the permission it needs for someone else, and the request. */
interface ActingRoute {
  name: string;
  permission: Permission;
  request(target: Target, fixtures: Fixtures): { method: string; path: string; body?: unknown };
  /** State the target needs first (reactivation needs a terminated employee). */
  terminated?: boolean;
}

interface Fixtures {
  baseUserRoleId: number;
  storeId: number;
  regionId: number;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;

export const actingRoutes: ActingRoute[] = [
  {
    name: 'POST /users/change-password-admin',
    permission: 'write_users',
    request: (t) => ({
      method: 'POST',
      path: '/api/users/change-password-admin',
      body: { user_id: t.id, password: 'Rank-Matrix-2026!' },
    }),
  },
  {
    name: 'PATCH /users/mobile-pin-change/:user_id',
    permission: 'write_users',
    request: (t) => ({
      method: 'PATCH',
      path: `/api/users/mobile-pin-change/${t.id}`,
      body: { mobile_pin: '4821' },
    }),
  },
  {
    name: 'POST /lock-user',
    permission: 'write_users',
    request: (t) => ({ method: 'POST', path: '/api/lock-user', body: { user_id: t.id } }),
  },
  {
    name: 'POST /unlock-user',
    permission: 'write_users',
    request: (t) => ({ method: 'POST', path: '/api/unlock-user', body: { user_id: t.id } }),
  },
  {
    name: 'PATCH /users/enable/:id',
    permission: 'write_users',
    request: (t) => ({ method: 'PATCH', path: `/api/users/enable/${t.id}` }),
  },
  {
    name: 'PATCH /users/disable/:id',
    permission: 'write_users',
    request: (t) => ({ method: 'PATCH', path: `/api/users/disable/${t.id}` }),
  },
  {
    name: 'PATCH /users/:id (email)',
    permission: 'write_users',
    request: (t) => ({
      method: 'PATCH',
      path: `/api/users/${t.id}`,
      body: { email: `moved.${unique()}@demo.example` },
    }),
  },
  {
    name: 'PATCH /users/:id (role)',
    permission: 'write_users',
    request: (t, f) => ({
      method: 'PATCH',
      path: `/api/users/${t.id}`,
      body: { role_id: f.baseUserRoleId },
    }),
  },
  {
    name: 'PATCH /users/:id (name)',
    permission: 'write_users',
    request: (t) => ({
      method: 'PATCH',
      path: `/api/users/${t.id}`,
      body: { first_name: 'Renamed' },
    }),
  },
  {
    name: 'DELETE /users/:id',
    permission: 'write_users',
    request: (t) => ({ method: 'DELETE', path: `/api/users/${t.id}` }),
  },
  {
    name: 'PATCH /employees/:id',
    permission: 'write_employees',
    request: (t) => ({
      method: 'PATCH',
      path: `/api/employees/${t.id}`,
      body: { pay_type: 'salaried' },
    }),
  },
  {
    name: 'DELETE /employees/:id',
    permission: 'write_employees',
    request: (t) => ({ method: 'DELETE', path: `/api/employees/${t.id}` }),
  },
  {
    name: 'POST /employee-termination',
    permission: 'write_employees',
    request: (t) => ({
      method: 'POST',
      path: '/api/employee-termination',
      body: { user_id: t.id, termination_notes: 'Rank matrix' },
    }),
  },
  {
    name: 'POST /employees/reactivate',
    permission: 'write_employees',
    terminated: true,
    request: (t) => ({
      method: 'POST',
      path: '/api/employees/reactivate',
      body: { user_id: t.id },
    }),
  },
  {
    name: 'DELETE /users/update-face/:user_id',
    permission: 'write_employees',
    request: (t) => ({ method: 'DELETE', path: `/api/users/update-face/${t.id}` }),
  },
  {
    name: 'POST /employees/:id/compensation',
    permission: 'write_hr_compensation',
    request: (t) => ({
      method: 'POST',
      path: `/api/employees/${t.id}/compensation`,
      body: { pay_type: 'hourly', rate: 99.5, effective_from: '2026-01-01' },
    }),
  },
  {
    name: 'POST /employees/:id/store-access',
    permission: 'write_employees',
    request: (t, f) => ({
      method: 'POST',
      path: `/api/employees/${t.id}/store-access`,
      body: { store_id: f.storeId, starts_on: '2026-01-01', ends_on: '2026-01-31' },
    }),
  },
  {
    name: 'POST /user-stores',
    permission: 'write_user_stores',
    request: (t, f) => ({
      method: 'POST',
      path: '/api/user-stores',
      body: { user_id: t.id, store_id: f.storeId, is_primary: false },
    }),
  },
  {
    name: 'POST /user-regions',
    permission: 'write_user_regions',
    request: (t, f) => ({
      method: 'POST',
      path: '/api/user-regions',
      body: { user_id: t.id, region_id: f.regionId },
    }),
  },
];

const emailOf = (role: RoleKey) => {
  const demo = demoUsers.find((user) => user.role === role);
  if (!demo) throw new Error(`no demo user for ${role}`);
  return demo.email;
};

let t: TestApp;
const actors = new Map<RoleKey, Person & { ctx: RequestContext }>();
let companyId = 0;
let fixtures: Fixtures;
const roleIds = new Map<RoleKey, number>();

beforeAll(async () => {
  t = await startTestApp();
  for (const role of roleKeys) {
    const person = await signInPerson(t, emailOf(role));
    const ctx = await contextForToken(t.database.db, person.token);
    if (!ctx) throw new Error(`no session for ${role}`);
    actors.set(role, { ...person, ctx });
  }
  companyId = actors.get('master_agent')?.companyId ?? 0;
  const companyRoles = await t.database.db
    .select({ id: roles.id, base_role: roles.base_role })
    .from(roles)
    .where(eq(roles.company_id, companyId))
    .orderBy(roles.id);
  for (const role of companyRoles)
    if (!roleIds.has(role.base_role as RoleKey)) roleIds.set(role.base_role as RoleKey, role.id);
  const [store] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.company_id, companyId))
    .limit(1);
  const regions = await t.call<{ data: { results: { id: number }[] } }>(
    'GET',
    '/api/regions?perPage=1',
    { token: actors.get('master_agent')?.token },
  );
  fixtures = {
    baseUserRoleId: roleIds.get('base_user') ?? 0,
    storeId: store?.id ?? 0,
    regionId: regions.body.data.results[0]?.id ?? 0,
  };
}, 120_000);
afterAll(() => t.close());

/** Fresh users of a role in the demo company, each with an identity and an employee record. */
async function freshTargets(role: RoleKey, count: number, terminated: boolean): Promise<Target[]> {
  const roleId = roleIds.get(role);
  if (!roleId) throw new Error(`no ${role} role`);
  const tag = unique();
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        company_id: companyId,
        email: `rank.${role}.${tag}.${i}@demo.example`,
        first_name: 'Rank',
        last_name: role,
        role_id: roleId,
        access_level: Math.min(expectedRank[role], 4),
        is_active: !terminated,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const passwordHash = await hashPassword('Rank-Target-2026!');
  await t.database.db.insert(userIdentities).values(
    rows.map((row) => ({
      email: row.email,
      company_id: companyId,
      user_id: row.id,
      password_hash: passwordHash,
    })),
  );
  await t.database.db.insert(hrEmployeeDetails).values(
    rows.map((row) => ({
      company_id: companyId,
      user_id: row.id,
      pay_type: 'hourly',
      terminated_at: terminated ? new Date().toISOString() : null,
    })),
  );
  // Enrolled faces, so that withdrawing one succeeds when allowed (no biometric data: zeros).
  await t.database.db.insert(hrFaceEnrolments).values(
    rows.map((row) => ({
      company_id: companyId,
      user_id: row.id,
      descriptor: [0, 0, 0],
      model: 'rank-test',
      enrolled_by: row.id,
      consent_at: new Date().toISOString(),
      consent_by: row.id,
      consent_version: 'rank-test',
    })),
  );
  return rows;
}

const pairs = roleKeys.flatMap((actor) => roleKeys.map((target) => [actor, target] as const));

describe('rank: every route that acts on a user, for every pair of roles', () => {
  it.each(actingRoutes.map((route) => [route.name, route] as const))(
    '%s',
    async (_name, route) => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const targetRole of roleKeys) {
        const targets = await freshTargets(targetRole, roleKeys.length, route.terminated ?? false);
        for (const [index, actorRole] of roleKeys.entries()) {
          const actor = actors.get(actorRole);
          const target = targets[index];
          if (!actor || !target) throw new Error('missing actor or target');
          const allowed =
            hasPermission(actor.ctx, route.permission) &&
            expectedRank[actorRole] > expectedRank[targetRole];
          const { method, path, body } = route.request(target, fixtures);
          const res = await t.call(method, path, { token: actor.token, body });
          const pair = `${actorRole} -> ${targetRole}`;
          outcomes.push(`${pair}: ${res.status}${res.status >= 400 ? ` ${res.body.message}` : ''}`);
          expected.push(`${pair}: ${allowed ? 200 : 403}`);
        }
      }
      // One readable diff per route: every pair's status, expected against actual.
      expect(outcomes.map((line) => line.replace(/^(.*: \d+).*$/, '$1'))).toEqual(expected);
    },
    120_000,
  );

  it('covers every pair of the seven demo roles', () => {
    expect(pairs).toHaveLength(49);
    expect(actingRoutes.length).toBeGreaterThanOrEqual(19);
  });
});

describe('self-service: a user acts on themselves where the route allows it', () => {
  it('sets their own mobile PIN, whatever their role', async () => {
    for (const actor of actors.values()) {
      const res = await t.call('PATCH', `/api/users/mobile-pin-change/${actor.id}`, {
        token: actor.token,
        body: { mobile_pin: '2468' },
      });
      expect(res.status).toBe(200);
    }
  });

  it('edits their own name through PATCH /users/{id} with write_users', async () => {
    const manager = actors.get('sub_agent_admin');
    const res = await t.call('PATCH', `/api/users/${manager?.id}`, {
      token: manager?.token,
      body: { first_name: 'Mina' },
    });
    expect(res.status).toBe(200);
  });

  it('never raises their own pay or grants themselves store access', async () => {
    const manager = actors.get('sub_agent_admin');
    const pay = await t.call('POST', `/api/employees/${manager?.id}/compensation`, {
      token: manager?.token,
      body: { pay_type: 'hourly', rate: 500, effective_from: '2026-01-01' },
    });
    expect(pay.status).toBe(403);
  });
});

describe('the original findings, reproduced', () => {
  it('a master agent cannot take over the super admin (password, lock, disable, delete, email)', async () => {
    const agent = actors.get('master_agent');
    const admin = actors.get('super_admin');
    if (!agent || !admin) throw new Error('demo users missing');
    const takeover = await t.call('POST', '/api/users/change-password-admin', {
      token: agent.token,
      body: { user_id: admin.id, password: 'Taken-Over-2026!' },
    });
    expect(takeover.status).toBe(403);
    const signIn = await t.call('POST', '/api/auth/login', {
      body: { email: emailOf('super_admin'), password: 'Taken-Over-2026!' },
    });
    expect(signIn.status).not.toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/lock-user', { user_id: admin.id }],
      ['PATCH', `/api/users/disable/${admin.id}`, undefined],
      ['DELETE', `/api/users/${admin.id}`, undefined],
      ['PATCH', `/api/users/${admin.id}`, { email: 'mine@evil.example' }],
      ['PATCH', `/api/users/mobile-pin-change/${admin.id}`, { mobile_pin: '1111' }],
    ] as const) {
      const res = await t.call(method, path, { token: agent.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // The super admin is untouched and still signs in.
    expect((await t.call('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it("a store manager cannot change a master agent's email or role with PATCH /users/{id}", async () => {
    const manager = actors.get('sub_agent_admin');
    const agent = actors.get('master_agent');
    if (!manager || !agent) throw new Error('demo users missing');
    const email = await t.call('PATCH', `/api/users/${agent.id}`, {
      token: manager.token,
      body: { email: 'owner.moved@evil.example' },
    });
    expect(email.status).toBe(403);
    const role = await t.call('PATCH', `/api/users/${agent.id}`, {
      token: manager.token,
      body: { role_id: fixtures.baseUserRoleId },
    });
    expect(role.status).toBe(403);
    const [row] = await t.database.db
      .select({ email: users.email, role_id: users.role_id })
      .from(users)
      .where(eq(users.id, agent.id));
    expect(row).toEqual({ email: emailOf('master_agent'), role_id: roleIds.get('master_agent') });
  });

  it('a master agent cannot grant itself write_companies through a permission group', async () => {
    const agent = actors.get('master_agent');
    if (!agent) throw new Error('demo users missing');
    const created = await t.call('POST', '/api/permission-groups', {
      token: agent.token,
      body: { name: 'Company Maker', permissions: ['write_companies'] },
    });
    expect(created.status).toBe(403);
    expect(created.body.message).toBe('Only the super admin can give this permission');

    // Nor by editing a group on its own role, nor by attaching a group to its own role.
    const [ownGroup] = await t.database.db
      .select({ id: permissionGroups.id, permissions: permissionGroups.permissions })
      .from(permissionGroups)
      .innerJoin(
        rolePermissionGroups,
        and(
          eq(rolePermissionGroups.company_id, permissionGroups.company_id),
          eq(rolePermissionGroups.permission_group_id, permissionGroups.id),
        ),
      )
      .where(eq(rolePermissionGroups.role_id, roleIds.get('master_agent') ?? 0));
    const edited = await t.call('PATCH', `/api/permission-groups/${ownGroup?.id}`, {
      token: agent.token,
      body: { permissions: [...(ownGroup?.permissions ?? []), 'write_companies'] },
    });
    expect(edited.status).toBe(403);
    const harmless = await t.call<{ data: { id: number } }>('POST', '/api/permission-groups', {
      token: agent.token,
      body: { name: 'Harmless', permissions: ['read_stores'] },
    });
    expect(harmless.status).toBe(200);
    const attached = await t.call('PATCH', `/api/roles/${roleIds.get('master_agent')}`, {
      token: agent.token,
      body: { permission_group_ids: [ownGroup?.id, harmless.body.data.id] },
    });
    expect(attached.status).toBe(403);

    // Even a group that holds it (written behind the API's back) gives a company role nothing.
    await t.database.db
      .update(permissionGroups)
      .set({ permissions: [...(ownGroup?.permissions ?? []), 'write_companies'] })
      .where(eq(permissionGroups.id, ownGroup?.id ?? 0));
    const company = await t.call('POST', '/api/companies', {
      token: agent.token,
      body: { name: 'Shadow Co' },
    });
    expect(company.status).toBe(403);
    await t.database.db
      .update(permissionGroups)
      .set({ permissions: ownGroup?.permissions ?? [] })
      .where(eq(permissionGroups.id, ownGroup?.id ?? 0));
  });

  it('nobody creates a role at or above their own, nor gives a role granting more than they hold', async () => {
    const manager = actors.get('sub_agent_admin');
    const agent = actors.get('master_agent');
    if (!manager || !agent) throw new Error('demo users missing');
    const peer = await t.call('POST', '/api/roles', {
      token: manager.token,
      body: { name: 'Co-manager', base_role: 'sub_agent_admin' },
    });
    expect(peer.status).toBe(403);
    const above = await t.call('POST', '/api/roles', {
      token: agent.token,
      body: { name: 'Shadow Admin', base_role: 'super_admin' },
    });
    expect(above.status).toBe(403);
    // The call center role writes support tickets, which a store manager may not.
    const res = await t.call('POST', '/api/users', {
      token: manager.token,
      body: {
        email: `climber.${unique()}@demo.example`,
        first_name: 'Climb',
        last_name: 'Er',
        role_id: roleIds.get('call_center_agent'),
        password: 'Long-enough-9!',
      },
    });
    expect(res.status).toBe(403);
  });

  it('GET /user-roles offers only roles the caller may give (no Super Admin for the agent)', async () => {
    const agent = actors.get('master_agent');
    const res = await t.call<{ data: { results: { id: number; base_role: string }[] } }>(
      'GET',
      '/api/user-roles',
      { token: agent?.token },
    );
    const offered = res.body.data.results.map((role) => role.base_role);
    expect(offered).not.toContain('super_admin');
    // Not their own rank either: nobody makes a peer.
    expect(offered).not.toContain('master_agent');
    expect(offered).toContain('sub_agent_admin');
  });

  it('nobody creates a peer at their own rank, nor raises a user below to it', async () => {
    const rankMessage = 'You cannot give a role at or above your own level';
    for (const role of ['master_agent', 'sub_agent_admin'] as const) {
      const actor = actors.get(role);
      const email = `peer.${role}.${unique()}@demo.example`;
      const peer = await t.call('POST', '/api/users', {
        token: actor?.token,
        body: {
          email,
          first_name: 'Peer',
          last_name: 'Made',
          role_id: roleIds.get(role),
          password: 'Long-enough-9!',
        },
      });
      expect(peer.status, role).toBe(403);
      expect(peer.body.message).toBe(rankMessage);
      const [made] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      expect(made, 'no user was written').toBeUndefined();
    }
    // The same through the employee screen, and by promoting someone below.
    const agent = actors.get('master_agent');
    const employee = await t.call('POST', '/api/employees/new', {
      token: agent?.token,
      body: {
        email: `peer.employee.${unique()}@demo.example`,
        first_name: 'Peer',
        last_name: 'Employee',
        role_id: roleIds.get('master_agent'),
        password: 'Long-enough-9!',
        pay_type: 'hourly',
        hire_date: '2026-11-01',
      },
    });
    expect(employee.status).toBe(403);
    expect(employee.body.message).toBe(rankMessage);
    const [below] = await freshTargets('sub_agent_admin', 1, false);
    const raised = await t.call('PATCH', `/api/users/${below?.id}`, {
      token: agent?.token,
      body: { role_id: roleIds.get('master_agent') },
    });
    expect(raised.status).toBe(403);
    expect(raised.body.message).toBe(rankMessage);
    // Resending a user's own role with another change is no promotion.
    const same = await t.call('PATCH', `/api/users/${below?.id}`, {
      token: agent?.token,
      body: { role_id: roleIds.get('sub_agent_admin'), first_name: 'Still' },
    });
    expect(same.status).toBe(200);
    // The super admin still makes a master agent.
    const admin = actors.get('super_admin');
    const made = await t.call('POST', '/api/users', {
      token: admin?.token,
      body: {
        email: `peer.by-admin.${unique()}@demo.example`,
        first_name: 'Made',
        last_name: 'ByAdmin',
        role_id: roleIds.get('master_agent'),
        password: 'Long-enough-9!',
      },
    });
    expect(made.status).toBe(200);
  });

  it('marks employees with can_manage too (GET /employees/{id})', async () => {
    const manager = actors.get('sub_agent_admin');
    const [above] = await freshTargets('master_agent', 1, false);
    const [below] = await freshTargets('sub_agent_employee', 1, false);
    for (const [target, expected] of [
      [above, false],
      [below, true],
    ] as const) {
      const res = await t.call<{ data: { can_manage: boolean } }>(
        'GET',
        `/api/employees/${target?.id}`,
        { token: manager?.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.can_manage).toBe(expected);
    }
  });

  it('marks each row of GET /users with can_manage, as the server decides', async () => {
    const manager = actors.get('sub_agent_admin');
    const res = await t.call<{ data: { results: { id: number; can_manage: boolean }[] } }>(
      'GET',
      '/api/users?perPage=1000',
      { token: manager?.token },
    );
    const byId = new Map(res.body.data.results.map((row) => [row.id, row.can_manage]));
    for (const [role, actor] of actors)
      expect(byId.get(actor.id), role).toBe(role === 'sub_agent_admin' || expectedRank[role] < 3);
    // The role's base_role is read beside the row for this; the reply's schema keeps it inside.
    for (const row of res.body.data.results) expect(row).not.toHaveProperty('base_role');
  });
});
