import type { MenuSettings } from '@portal/contract/shell';
import { describe, expect, it } from 'vitest';
import { cartItemCount } from '../../src/app/frame/cart-count.ts';
import {
  buildMenu,
  sectionTabs,
  type MenuEntry,
  type MenuInputs,
} from '../../src/app/frame/menu-model.ts';
import { groupStoresByDistrict } from '../../src/app/frame/store-groups.ts';
import {
  applyMove,
  buildMenuTree,
  planMove,
  type MenuRow,
} from '../../src/features/navigation/menu-tree.ts';
import { sidebarNode as node } from '../sidebar-node.ts';

const standard: MenuSettings = {
  lotus_resources: ['engage', 'real_estate', 'lotus_drive', 'real_time'],
  lotus_group_permission: null,
  reporting_link_host: null,
  reporting_link_url: null,
};

const inputs = (overrides: Partial<MenuInputs> = {}): MenuInputs => ({
  sidebar: [],
  permissions: {},
  seeAll: false,
  accessLevel: 2,
  settings: standard,
  hostname: 'portal.example.com',
  ...overrides,
});

const names = (entries: readonly MenuEntry[]) => entries.map((entry) => entry.name);
const group = (entries: readonly MenuEntry[], name: string) =>
  entries.find((entry) => entry.name === name);

describe('the side menu', () => {
  it('shows items without a permission, and items whose permission title the user holds', () => {
    const sidebar = [
      node({ id: 1, name: 'Open', route: '/open', order: 2 }),
      node({
        id: 2,
        name: 'Users',
        route: '/users',
        order: 1,
        permissions: { title: 'read_users' },
      }),
      node({ id: 3, name: 'Hidden', route: '/hidden', permissions: { title: 'write_companies' } }),
    ];
    const menu = buildMenu(inputs({ sidebar, permissions: { read_users: true } }));
    expect(names(menu).slice(0, 2)).toEqual(['Users', 'Open']);
    expect(names(menu)).not.toContain('Hidden');
    expect(names(buildMenu(inputs({ sidebar, seeAll: true })))).toContain('Hidden');
  });

  it('leaves out folders with nothing the user may open, at every depth', () => {
    const sidebar = [
      node({ id: 1, name: 'Empty Folder' }),
      node({
        id: 2,
        name: 'Admin Only',
        children: [
          node({
            id: 3,
            name: 'Secret',
            route: '/secret',
            permissions: { title: 'write_companies' },
          }),
          node({ id: 4, name: 'Inner Empty', parent_id: 2 }),
        ],
      }),
      node({ id: 5, name: 'Kept', children: [node({ id: 6, name: 'Open', route: '/open' })] }),
    ];
    const menu = buildMenu(inputs({ sidebar }));
    expect(names(menu)).not.toContain('Empty Folder');
    expect(names(menu)).not.toContain('Admin Only');
    expect(names(group(menu, 'Kept')?.children ?? [])).toEqual(['Open']);
  });

  it('lists All Lotus Resources as the company settings say', () => {
    const standardMenu = buildMenu(inputs());
    expect(names(group(standardMenu, 'All Lotus Resources')?.children ?? [])).toEqual([
      'Engage',
      'Leasing Pro',
      'Lotus Drive',
      'Real Time',
    ]);
    const iverify = buildMenu(
      inputs({ settings: { ...standard, lotus_resources: ['iverify', 'membership_services'] } }),
    );
    expect(names(group(iverify, 'All Lotus Resources')?.children ?? [])).toEqual([
      'iVerify',
      'Membership Services',
    ]);
    const gated = { ...standard, lotus_group_permission: 'can_access_lotus_resources' } as const;
    expect(group(buildMenu(inputs({ settings: gated })), 'All Lotus Resources')).toBeUndefined();
    expect(
      group(
        buildMenu(inputs({ settings: gated, permissions: { can_access_lotus_resources: true } })),
        'All Lotus Resources',
      ),
    ).toBeDefined();
    expect(
      group(buildMenu(inputs({ settings: undefined })), 'All Lotus Resources'),
    ).toBeUndefined();
  });

  it('shows the settings group to access level 4 only, the Reporting link on its host only, and Terms last', () => {
    const permissions = { write_sidebar_items: true };
    expect(group(buildMenu(inputs({ permissions, accessLevel: 3 })), 'Settings')).toBeUndefined();
    const admin = buildMenu(inputs({ permissions, accessLevel: 4 }));
    expect(names(group(admin, 'Settings')?.children ?? [])).toEqual(['Menu Management']);

    const reporting = {
      ...standard,
      reporting_link_host: 'bi.example.com',
      reporting_link_url: 'https://r.example.com/',
    };
    expect(group(buildMenu(inputs({ settings: reporting })), 'Reporting')).toBeUndefined();
    const onHost = buildMenu(inputs({ settings: reporting, hostname: 'BI.example.com' }));
    expect(group(onHost, 'Reporting')?.target).toEqual({
      kind: 'external',
      href: 'https://r.example.com/',
    });
    expect(onHost.at(-1)?.name).toBe('Terms of Use');
  });

  it("gives the current group's pages as tabs, without its own {product} Settings page", () => {
    const sidebar = [
      node({
        id: 10,
        name: 'HR',
        children: [
          node({ id: 11, name: 'Dashboard', route: '/hr/dashboard', parent_id: 10 }),
          node({ id: 12, name: 'Team', route: '/hr/team', parent_id: 10, order: 1 }),
          node({ id: 13, name: 'HR Settings', route: '/hr/settings', parent_id: 10, order: 2 }),
        ],
      }),
    ];
    const menu = buildMenu(inputs({ sidebar }));
    expect(names(sectionTabs(menu, '/hr/team/action/4'))).toEqual(['Dashboard', 'Team']);
    expect(sectionTabs(menu, '/elsewhere')).toEqual([]);
  });
});

describe('the store switcher', () => {
  it('groups stores by district name, with unnamed district when none', () => {
    const store = (id: number, name: string, district: string | null) => ({
      id,
      name,
      unique_id: `S${id}`,
      time_zone: 'America/Chicago',
      district: district === null ? null : { name: district },
    });
    const groups = groupStoresByDistrict([
      store(1, 'Oak Park', 'Chicagoland'),
      store(2, 'Kiosk', null),
      store(3, 'Magnificent Mile', 'Chicagoland'),
    ]);
    expect(groups.map((each) => [each.district, each.stores.map((s) => s.name)])).toEqual([
      ['Chicagoland', ['Magnificent Mile', 'Oak Park']],
      ['unnamed district', ['Kiosk']],
    ]);
  });
});

describe('the cart count', () => {
  it('adds up qty or quantity and ignores what is not a cart', () => {
    expect(cartItemCount([{ qty: 2 }, { quantity: 3 }, {}])).toBe(6);
    expect(cartItemCount('nope')).toBe(0);
    expect(cartItemCount([{ qty: -4 }, null])).toBe(0);
  });
});

describe('Menu Management moves', () => {
  const rows: MenuRow[] = [
    { id: 1, name: 'Root A', route: null, external_link: null, parent_id: null, order: 0 },
    { id: 2, name: 'Root B', route: null, external_link: null, parent_id: null, order: 1 },
    { id: 3, name: 'A1', route: '/a1', external_link: null, parent_id: 1, order: 0 },
    { id: 4, name: 'A2', route: '/a2', external_link: null, parent_id: 1, order: 1 },
    { id: 5, name: 'A2x', route: '/a2x', external_link: null, parent_id: 4, order: 0 },
  ];

  it('builds the tree in sibling order', () => {
    const tree = buildMenuTree(rows);
    expect(tree.map((each) => each.id)).toEqual([1, 2]);
    expect(tree[0]?.children.map((each) => each.id)).toEqual([3, 4]);
  });

  it('moves into an item (last), before a sibling, or to the top level', () => {
    expect(planMove(rows, 3, { kind: 'into', id: 2 })).toEqual({
      id: 3,
      parent_id: 2,
      orderedIds: [3],
    });
    expect(planMove(rows, 4, { kind: 'before', id: 3 })).toEqual({
      id: 4,
      parent_id: 1,
      orderedIds: [4, 3],
    });
    expect(planMove(rows, 5, { kind: 'top' })).toEqual({
      id: 5,
      parent_id: null,
      orderedIds: [1, 2, 5],
    });
    const moved = applyMove(rows, { id: 4, parent_id: 1, orderedIds: [4, 3] });
    expect(buildMenuTree(moved)[0]?.children.map((each) => each.id)).toEqual([4, 3]);
  });

  it('never drags a root item, into itself or its children, or for nothing', () => {
    expect(planMove(rows, 1, { kind: 'into', id: 2 })).toBeNull();
    expect(planMove(rows, 4, { kind: 'into', id: 5 })).toBeNull();
    expect(planMove(rows, 4, { kind: 'into', id: 4 })).toBeNull();
    expect(planMove(rows, 3, { kind: 'before', id: 4 })).toBeNull();
  });
});
