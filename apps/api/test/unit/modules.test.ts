import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPermissions } from '@portal/contract/permissions';
import { modules, resourceServices } from '../../src/modules.ts';
import {
  checkDeclaredAccess,
  defineModule,
  permissionsOf,
  platformPermissions,
} from '../../src/platform/module.ts';

/** Which modules (or the platform) declare each permission key. */
function declarers(): Map<string, string[]> {
  const by = new Map<string, string[]>();
  const add = (key: string, who: string) => by.set(key, [...(by.get(key) ?? []), who]);
  for (const module of modules) for (const key of permissionsOf(module)) add(key, module.name);
  for (const key of platformPermissions) add(key, 'platform');
  return by;
}

describe('the module list (src/modules.ts)', () => {
  it('lists every module folder that has a descriptor, once, by its folder name', () => {
    const root = join(import.meta.dirname, '../../src/modules');
    const folders = readdirSync(root).filter((name) => existsSync(join(root, name, 'module.ts')));
    expect(modules.map((module) => module.name).sort()).toEqual(folders.sort());
  });

  it('serves each engine resource once', () => {
    const names = resourceServices.map((service) => service.definition.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('module descriptors: permissions', () => {
  it('declare every permission key of the contract, and no other', () => {
    const by = declarers();
    expect(allPermissions.filter((key) => !by.has(key))).toEqual([]);
    // A key named in one module's `permissions` is named in no other's (resources may share one).
    const named = modules.flatMap((module) => module.permissions ?? []);
    expect(named.filter((key, i) => named.indexOf(key) !== i)).toEqual([]);
    expect(
      [...by.keys()].filter((key) => !(allPermissions as readonly string[]).includes(key)),
    ).toEqual([]);
  });

  it("count a module's engine resources' read, write, transition and action keys", () => {
    const orders = modules.find((module) => module.name === 'orders');
    expect(orders && permissionsOf(orders)).toEqual(
      expect.arrayContaining(['read_orders', 'write_orders', 'write_order_fulfillment']),
    );
  });

  it('refuse a route whose permission no module declares, naming it', () => {
    const routes = [
      { method: 'GET', url: '/api/health', access: 'public' },
      { method: 'GET', url: '/api/me', access: 'authenticated' },
      { method: 'GET', url: '/api/things', access: 'read_things' },
    ];
    const thing = defineModule({ name: 'things' });
    expect(() => checkDeclaredAccess([thing], routes)).toThrow(
      /GET \/api\/things \(read_things\).*permissions/,
    );
    expect(() => checkDeclaredAccess(modules, routes.slice(0, 2))).not.toThrow();
    expect(() =>
      checkDeclaredAccess(modules, [
        { method: 'GET', url: '/api/jobs', access: 'read_platform_jobs' },
      ]),
    ).not.toThrow();
  });
});

describe('module descriptors: default sidebar and demo data', () => {
  const items = modules.flatMap((module) => module.sidebar ?? []);

  it('seed OneView first, before the item it shares order 0 with', () => {
    expect(items[0]).toMatchObject({ name: 'OneView', route: '/oneview', order: 0 });
    const sorted = items
      .map((item, id) => ({ ...item, id }))
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((item) => item.name);
    const demoMenu = new Set(['Users', 'Stores', 'Orders', 'Products', 'Manufacturers']);
    demoMenu.add('Adjustment Reasons').add('OneView').add('OneView Admin Panel');
    expect(sorted.filter((name) => demoMenu.has(name) || name === 'Administration')).toEqual([
      'OneView',
      'Users',
      'Stores',
      'Orders',
      'Products',
      'Manufacturers',
      'Adjustment Reasons',
      'OneView Admin Panel',
      'Administration',
    ]);
  });

  it('show each item to a declared permission, at a route given once', () => {
    const by = declarers();
    const all = items.flatMap((item) => [item, ...(item.children ?? [])]);
    expect(all.filter((item) => item.permission && !by.has(item.permission))).toEqual([]);
    const routes = all.flatMap((item) => (item.route ? [item.route] : []));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('carry the catalogue, orders and OneView items on those modules', () => {
    const named = (name: string) =>
      (modules.find((module) => module.name === name)?.sidebar ?? []).map((item) => item.route);
    expect(named('catalog')).toEqual([
      '/products',
      '/accessories',
      '/manufacturers',
      '/device-type-fields',
      '/adjustment-reasons',
    ]);
    // Orders, the price adjustment and accessory count screens, then the Shop folder (shop, carts,
    // CSV order, accessory orders); the Warehouse folder.
    expect(named('orders')).toEqual([
      '/orders',
      '/price-adjustment',
      '/accessory-recon-upload',
      null,
    ]);
    expect(named('inventory')).toEqual([null]);
    expect(named('oneview')).toEqual(['/oneview', '/oneview-admin-panel']);
  });

  it('seed HR demo data before time off (module order)', () => {
    const withDemo = modules.filter((module) => module.demo).map((module) => module.name);
    expect(withDemo.indexOf('hr')).toBeGreaterThanOrEqual(0);
    expect(withDemo.indexOf('hr')).toBeLessThan(withDemo.indexOf('timeoff'));
  });
});
