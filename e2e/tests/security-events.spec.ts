import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 12 item 10: the company's admins (write_roles) read its security events from the
// Administration menu, filtered by event, user and days; the super admin reads every company's.
test.describe.configure({ timeout: 90_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Security Events' });
const rows = (page: Page) => table(page).locator('tbody tr');

async function openFromMenu(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', {
      name: 'Security Events',
    })
    .click();
  await expect(page).toHaveURL(/\/security-events$/);
  await expect(page.getByRole('heading', { name: 'Security Events' })).toBeVisible();
}

async function filterColumn(page: Page, header: string, apply: () => Promise<void>) {
  await page.getByRole('button', { name: `Filter ${header}` }).click();
  await apply();
  await page
    .getByRole('dialog', { name: `Filter ${header}` })
    .getByRole('button', { name: 'Apply' })
    .click();
}

test('a company admin lists, filters by event, user and day, from the Administration menu', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const stranger = `nobody.${stamp}@demo.example`;
  // A failed sign-in by a member of the company (the agent) is the company's event.
  expect(
    (
      await request.post('/api/auth/login', {
        data: { email: 'employee@demo.example', password: `wrong-${stamp}` },
      })
    ).status(),
  ).toBe(401);
  await request.post('/api/auth/login', { data: { email: stranger, password: `x-${stamp}` } });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'agent@demo.example');
  await openFromMenu(page);
  await expect(rows(page).filter({ hasText: 'Signed in' }).first()).toBeVisible();
  // No company column for a company admin, and no event of an address outside the company.
  await expect(table(page).getByRole('columnheader', { name: /^Company/ })).toHaveCount(0);
  await expect(rows(page).filter({ hasText: stranger })).toHaveCount(0);

  await filterColumn(page, 'Event', async () => {
    await page.getByRole('dialog', { name: 'Filter Event' }).getByLabel('Event').click();
    await page.getByRole('option', { name: 'Sign-in failed' }).click();
  });
  await expect(rows(page).first()).toContainText('Sign-in failed');
  await expect(rows(page).filter({ hasText: 'Signed in' })).toHaveCount(0);

  await filterColumn(page, 'User', async () => {
    await page.getByRole('dialog', { name: 'Filter User' }).getByLabel('User').fill('employee@');
  });
  await expect(rows(page).first()).toContainText('employee@demo.example');
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Sign-in failed');

  // Days: today keeps them, a range in the past empties the list.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await expect(rows(page).first()).toContainText('employee@demo.example');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2020-01-01');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-31');
  await expect(page.getByText('Sorry we could not find any results')).toBeVisible();
});

test('the super admin sees every company, named', async ({ page, request }) => {
  const northwind = await request.post('/api/auth/login', {
    data: { email: 'admin@northwind.example', password: 'Demo@12345' },
  });
  expect(northwind.status()).toBe(200);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.example');
  await openFromMenu(page);
  await expect(table(page).getByRole('columnheader', { name: /^Company/ })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await filterColumn(page, 'User', async () => {
    await page.getByRole('dialog', { name: 'Filter User' }).getByLabel('User').fill('northwind');
  });
  await expect(rows(page).first()).toContainText('Northwind Mobile');
  await expect(rows(page).first()).toContainText('admin@northwind.example');
});

test('an employee is not offered the screen and is refused it', async ({ page }) => {
  await signIn(page, 'employee@demo.example');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'Security Events',
    }),
  ).toHaveCount(0);
  await page.goto('/security-events');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
