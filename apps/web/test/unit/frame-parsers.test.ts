import { sessionUserSchema, type SessionUser } from '@portal/contract/auth';
import { companyCarriers } from '@portal/contract/resources/company';
import { describe, expect, it } from 'vitest';
import { COMPANY_CARRIERS_PATH } from '../../src/app/company-carriers.ts';
import { isSessionUser } from '../../src/features/auth/me.ts';
import { deferredParser } from '../../src/platform/api.ts';
import { sidebarNode } from '../sidebar-node.ts';

// The signed-in frame checks what it draws before the server answers without zod (me.ts): these
// hold its hand-written checks to the contract's schemas.

const user: SessionUser = {
  id: 7,
  uuid: 'u-7',
  auth_uuid: 'a-7',
  email: 'agent@demo.example',
  first_name: 'Ada',
  last_name: 'Agent',
  company_id: 1,
  role: 'Agent',
  access_level: 3,
  current_store: 2,
  profile_photo: null,
  store: { id: 2, unique_id: 'S-2', name: 'Main Street' },
  logo_url: null,
  job_order_type: null,
  business_type: 'retail',
  permissions: { read_users: true },
  sidebarItems: [
    sidebarNode({
      id: 1,
      children: [
        sidebarNode({
          id: 2,
          parent_id: 1,
          is_root: false,
          route: '/users',
          embedsAndLinks: { slug: 'x' },
          permissions: { title: 'read_users' },
        }),
      ],
    }),
  ],
  dealer_id: null,
  vendor_id: null,
};

/** Values that break the schema at one field (wrong type, a missing field, a bad nested node). */
const broken: [string, unknown][] = [
  ...Object.keys(sessionUserSchema.shape).map((key): [string, unknown] => [
    `without ${key}`,
    Object.fromEntries(Object.entries(user).filter(([field]) => field !== key)),
  ]),
  ...Object.keys(sessionUserSchema.shape).map((key): [string, unknown] => [
    `${key} as an object`,
    { ...user, [key]: { not: 'valid' } },
  ]),
  ['id 0', { ...user, id: 0 }],
  ['access_level 1.5', { ...user, access_level: 1.5 }],
  ['a permission set to false', { ...user, permissions: { read_users: false } }],
  ['a store without its name', { ...user, store: { id: 2, unique_id: 'S-2' } }],
  [
    'a child node without children',
    { ...user, sidebarItems: [{ ...sidebarNode({}), children: [{ id: 3 }] }] },
  ],
  ['a node with order 0.5', { ...user, sidebarItems: [sidebarNode({ order: 0.5 })] }],
  ['null', null],
  ['an array', [user]],
];

describe('the stored session user check', () => {
  it('accepts what sessionUserSchema accepts', () => {
    expect(sessionUserSchema.safeParse(user).success).toBe(true);
    expect(isSessionUser(user)).toBe(true);
    expect(isSessionUser(JSON.parse(JSON.stringify(user)))).toBe(true);
  });

  it.each(broken)('refuses what sessionUserSchema refuses: %s', (_, value) => {
    expect(sessionUserSchema.safeParse(value).success).toBe(false);
    expect(isSessionUser(value)).toBe(false);
  });
});

describe('the frame calls', () => {
  it('ask the carriers at the contract path', () => {
    expect(COMPANY_CARRIERS_PATH).toBe(companyCarriers.path);
  });

  it('load a deferred parser once, and again after a failed load', async () => {
    let loads = 0;
    const parser = deferredParser(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk missing');
      return sessionUserSchema;
    });
    await expect(parser.load()).rejects.toMatchObject({ name: 'ApiError', status: 0 });
    const first = await parser.load();
    const second = await parser.load();
    expect(first).toBe(second);
    expect(loads).toBe(2);
  });
});
