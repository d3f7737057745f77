import { expect, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { type Locator, type Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { AGENT, localStorageOf, signIn, submitLogin } from '../support/session.ts';

interface Item {
  id: number;
  parent_id: number | null;
}
interface List<T> {
  results: T[];
}

// One worker, in order: the Menu Management tests drag within the same company's menu, which
// another test's new items would shift under the pointer.
test.describe.configure({ mode: 'default' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the root path lands on the page of the Home Screen title, with an overlay while it loads', async ({
  page,
  request,
}) => {
  // Six full page loads on a busy machine.
  test.setTimeout(120_000);
  // Northwind's setting: the demo company's tests expect its OneView home.
  const admin = await apiAs(request, 'admin@northwind.example');
  const fields = await admin.get<List<{ id: number }>>(
    '/required-fields?filter[type]=Home%20Screen&sort=order',
  );
  const field = fields.results[0];
  if (!field) throw new Error('Northwind has no Home Screen field');
  await signIn(page, 'admin@northwind.example');

  const cases: [string, string][] = [
    ['Sales', '/sales-center'],
    ['HR', '/hr/dashboard'],
    ['OneView', '/oneview'],
    ['Task/Ticket Center', '/ticket-center/dashboard'],
    ['Communication Center', '/communications/dashboard'],
    ['Anything Else', '/oneview'],
  ];
  // The first load's settings are held back, to see the overlay.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route('**/api/shell/settings', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  for (const [index, [title, path]] of cases.entries()) {
    await admin.send('PATCH', `/required-fields/${field.id}`, { title });
    await page.goto('/');
    if (index === 0) {
      await expect(page.getByRole('progressbar', { name: 'Loading home screen' })).toBeVisible();
    }
    release();
    await expect(page, title).toHaveURL(path, { timeout: 20_000 });
  }
});

test('menu items show by permission, and the settings group by access level 4', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'user@demo.example');
  let nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Stores' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Settings' })).toHaveCount(0);

  await page.getByRole('button', { name: /User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Company Settings' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await submitLogin(page, AGENT.email);
  nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  // The home-screen load cached the company's carriers (SPEC.md section 7).
  await expect
    .poll(async () => {
      const cached = JSON.parse((await localStorageOf(page)).company_carriers ?? '[]') as {
        carrier: { name: string } | null;
      }[];
      return cached.filter((row) => row.carrier?.name).length;
    })
    .toBeGreaterThan(0);
  await expect(nav.getByRole('button', { name: 'Settings' })).toBeVisible();
  await nav.getByRole('link', { name: 'Menu Management' }).click();
  await expect(page.getByRole('heading', { name: 'Menu Management' })).toBeVisible();

  await page.getByRole('button', { name: /User menu/ }).click();
  const menu = page.getByRole('menu');
  const userLinks: [string, string][] = [
    ['Edit Account', '/account'],
    ['Control Notifications', '/user/control-notifications'],
    ['Mobile pin update', '/mobile-pin-update'],
    ['Company Settings', '/my-company-settings'],
  ];
  for (const [name, href] of userLinks) {
    await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href);
  }
});

test('a user without the permission gets Access denied at /drag', async ({ page }) => {
  await signIn(page, 'user@demo.example');
  await page.goto('/drag');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText("Sorry you don't have a valid access")).toBeVisible();
  await page.goto('/unauth');
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  await expect(page.getByText(/not part of your current plan/)).toBeVisible();
});

test('All Lotus Resources lists the pages set up, as the company settings say', async ({
  page,
  request,
}) => {
  // Six embeds and four page loads on a busy machine.
  test.setTimeout(90_000);
  const agent = await apiAs(request, AGENT.email);
  const standard = ['Engage', 'Leasing Pro', 'Lotus Drive', 'Real Time'];
  const created: number[] = [];
  try {
    // Nothing set up: no group, so no page that only says "not set up".
    await signIn(page, 'user@demo.example');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Stores' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'All Lotus Resources' })).toHaveCount(0);

    // The company sets up every resource's page (an embed whose slug is the route).
    for (const [slug, title] of [
      ['engage', 'Engage'],
      ['real-estate', 'Leasing Pro'],
      ['lotus-drive', 'Lotus Drive'],
      ['real-time', 'Real Time'],
      ['iverify', 'iVerify'],
      ['membership-services', 'Membership Services'],
    ] as const) {
      const embed = await agent.send<{ id: number }>('POST', '/embeds', {
        slug,
        title,
        url: `https://lotus.example.com/${slug}`,
      });
      created.push(embed.id);
    }
    await page.reload();
    await expect(nav.getByRole('button', { name: 'All Lotus Resources' })).toBeVisible();
    for (const name of standard) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'iVerify' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Leasing Pro' }).click();
    await expect(page).toHaveURL('/real-estate');
    await expect(page.getByRole('heading', { name: 'Leasing Pro' })).toBeVisible();
    await expect(page.getByText(/is not set up/)).toHaveCount(0);

    // Company 37's rule: iVerify instead of the standard four, plus Membership Services.
    await agent.send('PATCH', '/company-settings/menu', {
      lotus_resources: ['iverify', 'membership_services'],
    });
    await page.reload();
    await expect(nav.getByRole('link', { name: 'iVerify' })).toHaveAttribute('href', '/iverify');
    await expect(nav.getByRole('link', { name: 'Membership Services' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Engage' })).toHaveCount(0);

    // Company 52's rule: the group needs can_access_lotus_resources, which a base user lacks.
    await agent.send('PATCH', '/company-settings/menu', {
      lotus_group_permission: 'can_access_lotus_resources',
    });
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Stores' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'All Lotus Resources' })).toHaveCount(0);
  } finally {
    await agent.send('PATCH', '/company-settings/menu', {
      lotus_resources: ['engage', 'real_estate', 'lotus_drive', 'real_time'],
      lotus_group_permission: null,
    });
    for (const id of created) await agent.send('DELETE', `/embeds/${id}`);
  }
});

test('switching store updates the server and survives a reload; B2B users have no switcher', async ({
  page,
  request,
}) => {
  const agent = await apiAs(request, AGENT.email);
  const roles = await agent.get<List<{ id: number; base_role: string }>>('/roles?perPage=100');
  const role = roles.results.find((each) => each.base_role === 'sub_agent_employee');
  const stores = await agent.get<List<{ id: number; name: string; district_id: number | null }>>(
    '/stores?perPage=100&sort=name',
  );
  const [first, second] = stores.results;
  if (!role || !first || !second) throw new Error('demo data missing');
  const email = `switcher.${Date.now()}@demo.example`;
  const password = 'Switch-Stores-2026!';
  const user = await agent.send<{ id: number }>('POST', '/users', {
    email,
    first_name: 'Sam',
    last_name: 'Switcher',
    role_id: role.id,
    current_store: first.id,
    password,
  });
  for (const store of [first, second]) {
    await agent.send('POST', '/user-stores', {
      user_id: user.id,
      store_id: store.id,
      is_primary: store === first,
    });
  }

  await page.goto('/login');
  await submitLogin(page, email, password);
  const switcher = page.getByRole('button', { name: /Change store/ });
  await expect(switcher).toContainText(first.name);
  await switcher.click();
  const menu = page.getByRole('menu');
  const option = (name: string) =>
    menu.getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(name)}`) });
  await expect(option(first.name)).toHaveAttribute('aria-disabled', 'true');
  await option(second.name).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Store changed' })).toBeVisible();
  await expect(switcher).toContainText(second.name);
  expect((await localStorageOf(page)).store_id).toBe(String(second.id));

  await page.reload();
  await expect(switcher).toContainText(second.name);
  const me = await (
    await apiAs(request, AGENT.email)
  ).get<{ results: { current_store: number }[] }>(`/users?filter[id]=${user.id}`);
  expect(me.results[0]?.current_store).toBe(second.id);
  await switcher.click();
  await expect(option(second.name)).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  await page.evaluate(() => window.localStorage.setItem('isB2BUser', 'true'));
  await page.reload();
  await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
  await expect(switcher).toHaveCount(0);
});

test('Get Support: a type preselected, Details required, the ticket sent with where it came from', async ({
  page,
}) => {
  await signIn(page, 'user@demo.example');
  await page.goto('/unauth');
  await page.getByRole('button', { name: 'Get Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support Ticket' });
  const firstType = dialog.getByRole('radio').first();
  await expect(firstType).toBeChecked();
  const firstTypeId = Number(await firstType.getAttribute('value'));

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Details is required')).toBeVisible();

  await dialog.getByLabel('Details').fill('The receipt printer at the front desk is jammed.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/support-tickets/submit'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  const stored = await localStorageOf(page);
  expect(body).toMatchObject({
    type_id: firstTypeId,
    detail: 'The receipt printer at the front desk is jammed.',
    email: 'user@demo.example',
    store_id: Number(stored.store_id),
    sent_from_route: '/unauth',
  });
  await expect(page.getByRole('alert').filter({ hasText: 'SupportTicket added' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Closing without sending keeps nothing.
  await page.getByRole('button', { name: 'Get Support' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

/**
 * Brings a node of the menu tree into view: the tree grows with every module's menu items and
 * scrolls inside the page. The tests drag between neighbouring nodes at its end, so both are then
 * on screen for the mouse.
 */
async function scrollTreeTo(node: Locator) {
  await expect(node).toBeVisible();
  await node.evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

test('Menu Management: dragging an item into another folder re-parents it for good', async ({
  page,
  request,
}) => {
  // The tree loads lazily; the shared test machine is often busy.
  test.slow();
  const agent = await apiAs(request, AGENT.email);
  const source = await agent.send<Item>('POST', '/sidebar-items', {
    name: 'Drag Source',
    order: 90,
  });
  const child = await agent.send<Item>('POST', '/sidebar-items', {
    name: 'Drag Me',
    route: '/unauth',
    parent_id: source.id,
  });
  const target = await agent.send<Item>('POST', '/sidebar-items', {
    name: 'Drag Target',
    order: 91,
  });

  // Tall enough that the whole tree (the seeded menu grows with every screen) is on screen to drag.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await signIn(page);
  await page.goto('/drag');
  await expect(page.getByRole('heading', { name: 'Menu Management' })).toBeVisible();
  // A root item has no handle: it cannot be dragged.
  await expect(page.getByRole('button', { name: 'Move Drag Source' })).toHaveCount(0);

  const handle = page.getByRole('button', { name: 'Move Drag Me' });
  await scrollTreeTo(handle);
  const from = await handle.boundingBox();
  const to = await page.getByTestId(`menu-node-${target.id}`).boundingBox();
  if (!from || !to) throw new Error('tree not drawn');
  const moved = page.waitForResponse((r) => r.url().endsWith('/api/sidebar-items/move'));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  const response = await moved;
  expect(response.ok()).toBe(true);
  expect(response.request().postDataJSON()).toEqual({
    id: child.id,
    parent_id: target.id,
    orderedIds: [child.id],
  });

  // The sidebar follows without a reload.
  const nav = mainNav(page);
  const targetGroup = nav.locator('li', { has: page.getByRole('button', { name: 'Drag Target' }) });
  await expect(targetGroup.getByRole('link', { name: 'Drag Me' })).toHaveAttribute(
    'href',
    '/unauth',
  );

  await page.reload();
  const targetBranch = page.locator('li', { has: page.getByTestId(`menu-node-${target.id}`) });
  await expect(targetBranch.getByTestId(`menu-node-${child.id}`)).toBeVisible();
  const stored = await agent.get<Item>(`/sidebar-items/${child.id}`);
  expect(stored.parent_id).toBe(target.id);
});

test('Menu Management: Add New Menu Folder saves a folder; Cancel saves nothing', async ({
  page,
}) => {
  // The tree loads lazily; the shared test machine is often busy.
  test.slow();
  await signIn(page);
  await page.goto('/drag');
  await page.getByRole('button', { name: 'Add New Menu Folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Menu Folder' });
  await dialog.getByLabel('Menu Name').fill('Not Kept');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add New Menu Folder' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Menu Name').fill('Seasonal Promotions');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'SidebarItem added' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Menu items' }).getByText('Seasonal Promotions'),
  ).toBeVisible();
  // Empty, it stays out of the side menu until something is put in it.
  await expect(mainNav(page).getByText('Seasonal Promotions')).toHaveCount(0);

  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Menu items' }).getByText('Seasonal Promotions'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Menu items' }).getByText('Not Kept')).toHaveCount(0);
});

// Issue 14 item 10: SPEC.md section 2 says "A root item with no parent cannot be dragged", so roots
// stay locked; every other item can be regrouped, and a folder made with Add New Menu Folder can be
// filled: then it shows in the side menu with what was put in it.
test('Menu Management: a new folder is filled by dragging an item into it, then shows in the menu', async ({
  page,
  request,
}) => {
  // The tree loads lazily; the shared test machine is often busy.
  test.slow();
  const agent = await apiAs(request, AGENT.email);
  const stamp = Date.now().toString(36);
  const source = await agent.send<Item>('POST', '/sidebar-items', {
    name: `Old Folder ${stamp}`,
    order: 92,
  });
  const child = await agent.send<Item>('POST', '/sidebar-items', {
    name: `Regroup Me ${stamp}`,
    route: '/unauth',
    parent_id: source.id,
  });

  // The whole tree, the new folder last, on screen to drag onto.
  await page.setViewportSize({ width: 1280, height: 4000 });
  await signIn(page);
  await page.goto('/drag');
  await expect(page.getByRole('heading', { name: 'Menu Management' })).toBeVisible({
    timeout: 60_000,
  });
  const folderName = `New Folder ${stamp}`;
  await page.getByRole('button', { name: 'Add New Menu Folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Menu Folder' });
  await dialog.getByLabel('Menu Name').fill(folderName);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const tree = page.getByRole('list', { name: 'Menu items' });
  await expect(tree.getByText(folderName)).toBeVisible();
  // Empty, the new folder is not in the side menu.
  await expect(mainNav(page).getByText(folderName)).toHaveCount(0);

  const folders = await agent.get<List<Item & { name: string }>>(
    `/sidebar-items?search=${encodeURIComponent(folderName)}&perPage=10`,
  );
  const folder = folders.results.find((row) => row.name === folderName);
  if (!folder) throw new Error('folder not saved');

  const handle = page.getByRole('button', { name: `Move Regroup Me ${stamp}` });
  await scrollTreeTo(handle);
  const from = await handle.boundingBox();
  if (!from) throw new Error('tree not drawn');
  const moved = page.waitForResponse((r) => r.url().endsWith('/api/sidebar-items/move'));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  // Where the folder is once the drag has started (the drop zones open up then).
  const to = await page.getByTestId(`menu-node-${folder.id}`).boundingBox();
  if (!to) throw new Error('folder not drawn');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  // The tree shifts while an item is held: aim again at where the folder is now.
  await page.waitForTimeout(300);
  const settled = await page.getByTestId(`menu-node-${folder.id}`).boundingBox();
  if (!settled) throw new Error('folder not drawn');
  await page.mouse.move(settled.x + settled.width / 2, settled.y + settled.height / 2, {
    steps: 5,
  });
  await page.mouse.up();
  expect((await moved).ok()).toBe(true);

  // Filled, the folder shows in the side menu with the item inside.
  const group = mainNav(page).locator('li', {
    has: page.getByRole('button', { name: folderName }),
  });
  await expect(group.getByRole('link', { name: `Regroup Me ${stamp}` })).toHaveAttribute(
    'href',
    '/unauth',
  );
  expect((await agent.get<Item>(`/sidebar-items/${child.id}`)).parent_id).toBe(folder.id);
});

test('the Terms of Use entry opens the agreement', async ({ page }) => {
  await signIn(page, 'user@demo.example');
  await mainNav(page).getByRole('button', { name: 'Terms of Use' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms of Use' });
  await expect(dialog.getByText('Last updated April 15, 2019')).toBeVisible();
  for (const text of [
    '60 days notice',
    '10 days notice',
    'within 7 days',
    '6% monthly charge',
    'unpaid for 30 days',
    'deleted 30 days later',
    'within 15 days',
  ]) {
    await expect(dialog.getByText(text, { exact: false })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the wide sidebar collapses and comes back; the footer shows the version', async ({
  page,
}) => {
  await signIn(page, 'user@demo.example');
  const nav = mainNav(page);
  // The drawer's paper: 260 px open (SPEC.md section 9).
  await expect(nav.locator('..')).toHaveCSS('width', '260px');
  await page.getByRole('button', { name: 'Hide navigation' }).click();
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Show navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Stores' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Version 2.0.0');
});

test('the light or dark choice follows the user past a sign-out', async ({ page }) => {
  test.setTimeout(60_000);
  const dark = 'rgb(18, 18, 18)';
  await signIn(page, 'user@demo.example');
  const body = page.locator('body');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(body).toHaveCSS('background-color', dark);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/shell/theme'));
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await saved;
  const savedDark = page.waitForResponse((r) => r.url().endsWith('/api/shell/theme'));
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await savedDark;

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await localStorageOf(page)).toEqual({});
  await expect(body).not.toHaveCSS('background-color', dark);

  await submitLogin(page, 'user@demo.example');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await expect(body).toHaveCSS('background-color', dark);
});

test('the shell has no serious or critical accessibility violations', async ({ page }) => {
  // Two axe scans of the full shell (the agent's side menu lists every module): over 30 s when busy.
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/unauth');
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Get Support' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Support Ticket' }).getByRole('radio').first(),
  ).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a slide-in drawer that closes after a pick, and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitLogin(page, 'user@demo.example');
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    // The open drawer is modal: the page behind it is inert under a backdrop, so check the drawer.
    expect(await seriousViolations(page, '[aria-label="Navigation menu"]')).toEqual([]);
    await nav.getByRole('link', { name: 'Stores', exact: true }).click();
    await expect(page).toHaveURL('/admin-location-settings');
    await expect(nav).toBeHidden();

    // Keyboard: open with Enter, close with Escape.
    await page.getByRole('button', { name: 'Open navigation' }).focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });

  test('at 360 px the top bar still fits', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await submitLogin(page, 'user@demo.example');
    await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});
