import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { menuMoveMessages, storeSwitchMessages } from '@portal/contract/shell';
import { lotusEmbedSlug, lotusResources } from '@portal/contract/lotus';
import { embedsAndLinks, sidebarItems } from '../../src/modules/navigation/schema.ts';
import { companies } from '../../src/modules/organisation/schema.ts';
import { readMenuSettings } from '../../src/modules/shell/company-settings.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let agent: string;
let baseUser: string;
let northwind: string;
beforeAll(async () => {
  t = await startTestApp();
  [agent, baseUser, northwind] = await Promise.all([
    t.login('agent@demo.example'),
    t.login('user@demo.example'),
    t.login('admin@northwind.example'),
  ]);
  // Both companies set up every Lotus resource's page (the menu lists only those set up).
  const companyIds = (await t.database.db.select({ id: companies.id }).from(companies)).map(
    (c) => c.id,
  );
  await t.database.db.insert(embedsAndLinks).values(
    companyIds.flatMap((company_id) =>
      lotusResources.map((resource) => ({
        company_id,
        slug: lotusEmbedSlug(resource),
        title: resource.name,
        url: `https://lotus.example.com${resource.route}`,
      })),
    ),
  );
});
afterAll(() => t.close());

interface Settings {
  home_screen: string | null;
  theme_mode: 'light' | 'dark' | null;
  menu: {
    lotus_resources: string[];
    lotus_group_permission: string | null;
    reporting_link_host: string | null;
    reporting_link_url: string | null;
  };
}
const settingsOf = async (token: string) =>
  (await t.call<{ data: Settings }>('GET', '/api/shell/settings', { token })).body.data;

describe('shell settings', () => {
  it('give every signed-in user the Home Screen title and the menu settings', async () => {
    const settings = await settingsOf(baseUser);
    expect(settings.home_screen).toBe('OneView');
    expect(settings.theme_mode).toBeNull();
    expect(settings.menu).toEqual({
      lotus_resources: ['engage', 'real_estate', 'lotus_drive', 'real_time'],
      lotus_group_permission: null,
      reporting_link_host: null,
      reporting_link_url: null,
    });
    expect((await t.call('GET', '/api/shell/settings')).status).toBe(460);
  });

  it('list only the Lotus resources whose page is set up, keeping the company settings', async () => {
    const [demo] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Demo Wireless'));
    if (!demo) throw new Error('no demo company');
    const engage = and(eq(embedsAndLinks.company_id, demo.id), eq(embedsAndLinks.slug, 'engage'));
    const [saved] = await t.database.db.delete(embedsAndLinks).where(engage).returning();
    expect((await settingsOf(baseUser)).menu.lotus_resources).toEqual([
      'real_estate',
      'lotus_drive',
      'real_time',
    ]);
    expect((await readMenuSettings(t.database.db, demo.id)).lotus_resources).toContain('engage');
    if (saved) await t.database.db.insert(embedsAndLinks).values(saved);
    expect((await settingsOf(baseUser)).menu.lotus_resources).toContain('engage');
  });

  it("remember the user's theme on the server, past a sign-out", async () => {
    const token = await t.login('employee@demo.example');
    const saved = await t.call('PUT', '/api/shell/theme', { token, body: { theme_mode: 'dark' } });
    expect(saved.status).toBe(200);
    await t.call('POST', '/api/auth/logout', { token });
    const again = await t.login('employee@demo.example');
    expect((await settingsOf(again)).theme_mode).toBe('dark');
    // Only that user's choice: others keep theirs.
    expect((await settingsOf(baseUser)).theme_mode).toBeNull();
    const bad = await t.call('PUT', '/api/shell/theme', {
      token: again,
      body: { theme_mode: 'blue' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('per-company menu settings', () => {
  it("start from SPEC.md's rules for companies 25, 36, 37 and 52, standard for the rest", async () => {
    const db = t.database.db;
    const standard = ['engage', 'real_estate', 'lotus_drive', 'real_time'];
    expect((await readMenuSettings(db, 25)).lotus_resources).toEqual([
      ...standard,
      'membership_services',
    ]);
    expect((await readMenuSettings(db, 36)).lotus_resources).toEqual([
      ...standard,
      'membership_services',
    ]);
    const c37 = await readMenuSettings(db, 37);
    expect(c37.lotus_resources).toEqual(['iverify', 'membership_services']);
    expect(c37.lotus_group_permission).toBeNull();
    const c52 = await readMenuSettings(db, 52);
    expect(c52.lotus_resources).toEqual(standard);
    expect(c52.lotus_group_permission).toBe('can_access_lotus_resources');
    expect(await readMenuSettings(db, 24)).toEqual(await readMenuSettings(db, 1));
  });

  it('are changed by a user with can_edit_own_company_settings, for their own company only', async () => {
    const changed = await t.call<{ data: Settings['menu'] }>(
      'PATCH',
      '/api/company-settings/menu',
      {
        token: agent,
        body: {
          lotus_resources: ['membership_services', 'iverify'],
          lotus_group_permission: 'can_access_lotus_resources',
          reporting_link_host: 'Portal.Example.com',
          reporting_link_url: 'https://bi.example.com/',
        },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Menu settings updated');
    expect(changed.body.data).toEqual({
      lotus_resources: ['iverify', 'membership_services'],
      lotus_group_permission: 'can_access_lotus_resources',
      reporting_link_host: 'portal.example.com',
      reporting_link_url: 'https://bi.example.com/',
    });
    expect((await settingsOf(baseUser)).menu.lotus_resources).toEqual([
      'iverify',
      'membership_services',
    ]);
    // A partial change keeps the rest; another company is untouched.
    await t.call('PATCH', '/api/company-settings/menu', {
      token: agent,
      body: { lotus_group_permission: null },
    });
    const after = (await settingsOf(agent)).menu;
    expect(after.lotus_group_permission).toBeNull();
    expect(after.reporting_link_host).toBe('portal.example.com');
    expect((await settingsOf(northwind)).menu.lotus_resources).toEqual([
      'engage',
      'real_estate',
      'lotus_drive',
      'real_time',
    ]);
  });

  it('refuse users without the permission and bad values', async () => {
    const denied = await t.call('PATCH', '/api/company-settings/menu', {
      token: baseUser,
      body: { lotus_resources: [] },
    });
    expect(denied.status).toBe(403);
    for (const body of [
      { lotus_resources: ['nope'] },
      { lotus_resources: ['engage', 'engage'] },
      { lotus_group_permission: 'fly' },
      { reporting_link_url: 'http://insecure.example.com' },
      { reporting_link_host: 'not a host' },
      { company_id: 2 },
    ]) {
      const bad = await t.call('PATCH', '/api/company-settings/menu', { token: agent, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });
});

interface Item {
  id: number;
  company_id: number;
  parent_id: number | null;
  order: number;
  name: string;
}
const createItem = async (token: string, name: string, parent_id: number | null, order = 0) => {
  const created = await t.call<{ data: Item }>('POST', '/api/sidebar-items', {
    token,
    body: { name, parent_id, order },
  });
  expect(created.status).toBe(200);
  return created.body.data;
};
const itemRow = async (id: number) => {
  const [row] = await t.database.db
    .select({ parent_id: sidebarItems.parent_id, order: sidebarItems.order })
    .from(sidebarItems)
    .where(eq(sidebarItems.id, id));
  return row;
};
const move = (token: string, body: unknown) =>
  t.call('POST', '/api/sidebar-items/move', { token, body });

describe('the menu move', () => {
  it('re-parents an item and renumbers its new siblings in one call', async () => {
    const folder = await createItem(agent, 'Move Folder', null, 50);
    const a = await createItem(agent, 'Move A', folder.id, 0);
    const b = await createItem(agent, 'Move B', folder.id, 1);
    const other = await createItem(agent, 'Move Other', null, 51);
    const c = await createItem(agent, 'Move C', other.id, 0);

    const reorder = await move(agent, { id: b.id, parent_id: folder.id, orderedIds: [b.id, a.id] });
    expect(reorder.status).toBe(200);
    expect(await itemRow(b.id)).toEqual({ parent_id: folder.id, order: 0 });
    expect(await itemRow(a.id)).toEqual({ parent_id: folder.id, order: 1 });

    const across = await move(agent, {
      id: c.id,
      parent_id: folder.id,
      orderedIds: [b.id, c.id, a.id],
    });
    expect(across.status).toBe(200);
    expect(await itemRow(c.id)).toEqual({ parent_id: folder.id, order: 1 });
    expect(await itemRow(a.id)).toEqual({ parent_id: folder.id, order: 2 });

    // To the top level: parent_id null, ordered among the root items.
    const roots = await t.database.db
      .select({ id: sidebarItems.id })
      .from(sidebarItems)
      .where(
        and(eq(sidebarItems.company_id, folder.company_id), eq(sidebarItems.is_deleted, false)),
      );
    const rootIds = [];
    for (const { id } of roots) if ((await itemRow(id))?.parent_id === null) rootIds.push(id);
    const top = await move(agent, { id: a.id, parent_id: null, orderedIds: [a.id, ...rootIds] });
    expect(top.status).toBe(200);
    expect(await itemRow(a.id)).toEqual({ parent_id: null, order: 0 });

    // The sidebar tree reflects it.
    const tree = await t.call<{ data: { id: number; children: { id: number }[] }[] }>(
      'GET',
      '/api/sidebar',
      { token: agent },
    );
    const folderNode = tree.body.data.find((node) => node.id === folder.id);
    expect(folderNode?.children.map((child) => child.id)).toEqual([b.id, c.id]);
  });

  it('refuses a move that does not list the new siblings exactly, writing nothing', async () => {
    const folder = await createItem(agent, 'Strict Folder', null, 60);
    const a = await createItem(agent, 'Strict A', folder.id, 0);
    const b = await createItem(agent, 'Strict B', folder.id, 1);
    const target = await createItem(agent, 'Strict Target', null, 61);
    const t1 = await createItem(agent, 'Strict T1', target.id, 0);

    for (const orderedIds of [[a.id], [a.id, t1.id, t1.id], [a.id, t1.id, b.id], [t1.id]]) {
      const bad = await move(agent, { id: a.id, parent_id: target.id, orderedIds });
      expect(bad.status, JSON.stringify(orderedIds)).toBe(400);
    }
    expect(await itemRow(a.id)).toEqual({ parent_id: folder.id, order: 0 });
    expect(await itemRow(t1.id)).toEqual({ parent_id: target.id, order: 0 });
  });

  it('keeps root items in place and refuses cycles', async () => {
    const root = await createItem(agent, 'Cycle Root', null, 70);
    const child = await createItem(agent, 'Cycle Child', root.id, 0);
    const grandchild = await createItem(agent, 'Cycle Grandchild', child.id, 0);

    const rootMove = await move(agent, { id: root.id, parent_id: child.id, orderedIds: [root.id] });
    expect(rootMove.status).toBe(400);
    expect(rootMove.body.message).toBe(menuMoveMessages.rootFixed);

    const cycle = await move(agent, {
      id: child.id,
      parent_id: grandchild.id,
      orderedIds: [child.id],
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe(menuMoveMessages.intoItself);
    expect(await itemRow(child.id)).toEqual({ parent_id: root.id, order: 0 });
  });

  it('answers 400 for malformed ids and 404 for items of another company or none', async () => {
    for (const body of [
      { id: 'abc', parent_id: null, orderedIds: [1] },
      { id: -1, parent_id: null, orderedIds: [-1] },
      { id: 1, parent_id: null, orderedIds: [] },
      { id: 1, parent_id: null },
      { id: 1, parent_id: 1.5, orderedIds: [1] },
    ]) {
      expect((await move(agent, body)).status, JSON.stringify(body)).toBe(400);
    }
    const folder = await createItem(agent, 'Tenant Folder', null, 80);
    const item = await createItem(agent, 'Tenant Item', folder.id, 0);
    const theirs = await createItem(northwind, 'Northwind Folder', null, 80);

    // Another company's item, or an item under another company's parent: not found.
    const foreign = await move(northwind, {
      id: item.id,
      parent_id: theirs.id,
      orderedIds: [item.id],
    });
    expect(foreign.status).toBe(404);
    const foreignParent = await move(agent, {
      id: item.id,
      parent_id: theirs.id,
      orderedIds: [item.id],
    });
    expect(foreignParent.status).toBe(404);
    const missing = await move(agent, { id: 999999, parent_id: null, orderedIds: [999999] });
    expect(missing.status).toBe(404);
    expect(await itemRow(item.id)).toEqual({ parent_id: folder.id, order: 0 });
  });

  it('needs write_sidebar_items', async () => {
    const denied = await move(baseUser, { id: 1, parent_id: null, orderedIds: [1] });
    expect(denied.status).toBe(403);
  });
});

interface MyStore {
  id: number;
  name: string;
  district: { name: string } | null;
}
interface Me {
  id: number;
  company_id: number;
  current_store: number | null;
  store: { name: string } | null;
}
const me = async (token: string) =>
  (await t.call<{ data: Me }>('GET', '/api/auth/me', { token })).body.data;

describe('the store switcher', () => {
  it("lists the user's own stores with their district", async () => {
    const stores = await t.call<{ data: MyStore[] }>('GET', '/api/me/stores', { token: baseUser });
    expect(stores.status).toBe(200);
    expect(stores.body.data.length).toBeGreaterThanOrEqual(2);
    const user = await me(baseUser);
    expect(stores.body.data.map((store) => store.id)).toContain(user.current_store);
    expect(stores.body.data.every((store) => store.district?.name)).toBe(true);
  });

  it('switches the current store to one of them, on the server', async () => {
    const token = await t.login('manager@demo.example');
    const user = await me(token);
    const stores = (await t.call<{ data: MyStore[] }>('GET', '/api/me/stores', { token })).body
      .data;
    const next = stores.find((store) => store.id !== user.current_store);
    if (!next) throw new Error('the demo manager has one store only');
    const switched = await t.call<{ data: MyStore }>('PATCH', '/api/me/current-store', {
      token,
      body: { id: user.id, current_store: next.id, company_id: user.company_id },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.message).toBe(storeSwitchMessages.switched);
    expect(switched.body.data.name).toBe(next.name);
    const after = await me(token);
    expect(after.current_store).toBe(next.id);
    expect(after.store?.name).toBe(next.name);
  });

  it("refuses a store that is not the user's, and anyone else's switch", async () => {
    const token = await t.login('employee@demo.example');
    const user = await me(token);
    const mine = (await t.call<{ data: MyStore[] }>('GET', '/api/me/stores', { token })).body.data;
    const all = await t.call<{ data: { results: { id: number }[] } }>(
      'GET',
      '/api/stores?perPage=100',
      { token },
    );
    const notMine = all.body.data.results.find((store) => !mine.some((own) => own.id === store.id));
    if (!notMine) throw new Error('the demo employee is assigned to every store');
    const refused = await t.call('PATCH', '/api/me/current-store', {
      token,
      body: { current_store: notMine.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(storeSwitchMessages.notYours);

    const northwindUser = await me(northwind);
    const otherCompanyStore = await t.call('PATCH', '/api/me/current-store', {
      token,
      body: { current_store: northwindUser.current_store },
    });
    expect(otherCompanyStore.status).toBe(403);

    const own = mine[0];
    if (!own) throw new Error('the demo employee has no store');
    const otherUser = await t.call('PATCH', '/api/me/current-store', {
      token,
      body: { id: user.id + 1, current_store: own.id },
    });
    expect(otherUser.status).toBe(403);
    const otherCompany = await t.call('PATCH', '/api/me/current-store', {
      token,
      body: { company_id: user.company_id + 1, current_store: own.id },
    });
    expect(otherCompany.status).toBe(403);
    const malformed = await t.call('PATCH', '/api/me/current-store', {
      token,
      body: { current_store: 'two' },
    });
    expect(malformed.status).toBe(400);
    expect((await me(token)).current_store).toBe(user.current_store);
  });
});
