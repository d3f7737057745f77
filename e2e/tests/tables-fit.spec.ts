import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';

// Issue 14 item 3: lists with row actions never widen the page, on a desktop or a phone, and the
// top bar's controls stay on screen. The machine is shared and busy: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'tablesfit');
});

const LISTS = [
  { path: '/users', actions: ['View', 'Edit', 'Delete'] },
  { path: '/employees', actions: ['Edit'] },
  { path: '/admin-location-settings', actions: ['View', 'Edit', 'Deactivate'] },
  { path: '/admin-role-settings', actions: ['View', 'Edit'] },
] as const;

const SIZES = [
  { name: 'a 1440x900 desktop', width: 1440, height: 900 },
  { name: 'a 390x844 phone', width: 390, height: 844 },
] as const;

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const size of SIZES) {
  test(`on ${size.name}, Users, Employees, Stores and Roles fit the page with their row actions and the top bar in view`, async ({
    page,
  }) => {
    await signInAs(page, admin);
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const list of LISTS) {
      await page.goto(list.path);
      // The first row's actions: in the table's last column, or in the first card on a phone.
      for (const action of list.actions) {
        const main = page.getByRole('main');
        const target = main
          .getByRole('link', { name: action, exact: true })
          .or(main.getByRole('button', { name: action, exact: true }))
          .first();
        await expect(target, `${list.path}: ${action}`).toBeVisible();
        // Scroll the page down to it, never sideways: a button cut off at the right stays cut off.
        await target.evaluate((element) =>
          window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 200),
        );
        await expect(target, `${list.path}: ${action} on screen`).toBeInViewport({ ratio: 1 });
      }
      expect(await pageWidth(page), `${list.path} is no wider than the screen`).toBeLessThanOrEqual(
        size.width,
      );
      for (const control of [
        page.getByRole('button', { name: /^Store: / }),
        page.getByRole('button', { name: /^User menu/ }),
        page.getByRole('button', { name: /^Time clock/ }),
      ]) {
        await expect(control).toBeVisible();
        await expect(control).toBeInViewport({ ratio: 1 });
      }
    }
    await page.getByRole('button', { name: /^User menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  });
}
