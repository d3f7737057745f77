import { expect, test } from '../support/fixtures.ts';
import type { SidebarNode } from '@portal/contract/resources/navigation';
import { localStorageOf, signIn } from '../support/session.ts';

const DARK_BACKGROUND = 'rgb(18, 18, 18)';

test('the loading spinner goes once the page has loaded', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#page-spinner')).toHaveCount(0);
});

test('dark mode is remembered after a reload', async ({ page }) => {
  // A sign-in and a full reload of the signed-in shell: over 30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page);
  const body = page.locator('body');
  await expect(body).not.toHaveCSS('background-color', DARK_BACKGROUND);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(body).toHaveCSS('background-color', DARK_BACKGROUND);
  expect((await localStorageOf(page)).theme_mode).toBe('dark');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await expect(body).toHaveCSS('background-color', DARK_BACKGROUND);

  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(body).not.toHaveCSS('background-color', DARK_BACKGROUND);
  expect((await localStorageOf(page)).theme_mode).toBe('light');
});

test('an unknown path shows Page not found inside the frame, with a way home', async ({ page }) => {
  await signIn(page);
  await page.goto('/no-such-page/42');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/oneview');
});

test('sidebar items nest their children, and external links open in a new tab', async ({
  page,
}) => {
  await signIn(page);
  // The demo sidebar is flat; give this page's session check a nested one with an external link.
  const group = sidebarNode({ id: 900, name: 'Resources', order: 9 });
  group.children = [
    sidebarNode({ id: 901, name: 'Handbook', route: '/handbook', parent_id: 900, is_root: false }),
    sidebarNode({
      id: 902,
      name: 'Help Centre',
      external_link: 'https://help.example.com/',
      parent_id: 900,
      is_root: false,
      order: 1,
    }),
  ];
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    const reply = (await response.json()) as { data: { sidebarItems: SidebarNode[] } };
    reply.data.sidebarItems.push(group);
    await route.fulfill({ response, json: reply });
  });
  await page.reload();

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Resources', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Handbook' })).toHaveAttribute('href', '/handbook');
  const external = nav.getByRole('link', { name: /Help Centre/ });
  await expect(external).toHaveAttribute('href', 'https://help.example.com/');
  await expect(external).toHaveAttribute('target', '_blank');
});

function sidebarNode(node: Partial<SidebarNode> & Pick<SidebarNode, 'id' | 'name'>): SidebarNode {
  return {
    route: null,
    external_link: null,
    parent_id: null,
    is_root: true,
    order: 0,
    icon: null,
    embed_and_links_id: null,
    embedsAndLinks: null,
    powerbi_report_id: null,
    permissions: null,
    children: [],
    ...node,
  };
}
