import { expect as baseExpect, test } from '../support/fixtures.ts';
import { type Page } from '@playwright/test';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { expectToast } from '../support/toasts.ts';

// The machine these run on is shared and often busy: generous waits, never timing assertions.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'journeys');
});

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Locations' }).getByRole('row').filter({ hasText: name });

test('a store is created, edited, deactivated and activated, with its toasts and redirects', async ({
  page,
}) => {
  const name = `Journey Store ${Date.now().toString(36)}`;
  await signInAs(page, admin);
  await page.goto('/admin-location-settings');
  await page.getByRole('link', { name: 'Add Store' }).click();
  await expect(page).toHaveURL('/stores/add');
  await expect(page.getByRole('heading', { name: 'Add Store' })).toBeVisible();

  // The contract's schema checks the form before anything is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page).toHaveURL('/stores/add');

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await pick(page, 'District', 'Border');
  await pick(page, 'Time zone', 'Mountain');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Store created');
  // SPEC.md section 2: store create or update goes to /admin-location-settings.
  await expect(page).toHaveURL('/admin-location-settings');

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Border');
  await expect(row).toContainText('Mountain');
  await expect(row).toContainText('Active');

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/stores\/edit\/\d+$/);
  // A reference field names its choice from the first render (the row's district_name), not
  // "#<id>" or an empty box until its choices arrive: the districts list is held back meanwhile.
  let releaseDistricts = () => {};
  const districtsHeld = new Promise<void>((resolve) => (releaseDistricts = resolve));
  await page.route(/\/api\/districts(\?|$)/, async (route) => {
    await districtsHeld;
    // A request the reload cancelled is gone already.
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'District' })).toHaveText('Border');
  releaseDistricts();
  const nameBox = page.getByRole('textbox', { name: 'Name' });
  await expect(nameBox).toHaveValue(name);
  await nameBox.fill(`${name} B`);
  await page.getByRole('textbox', { name: 'Phone' }).fill('312-555-0100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Store updated');
  await expect(page).toHaveURL('/admin-location-settings');

  await page.getByRole('searchbox', { name: 'Search' }).fill(`${name} B`);
  const edited = rowOf(page, `${name} B`);
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText('Border');

  await edited.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Deactivate Store ${name} B?`);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Store deleted');
  await expect(edited).toContainText('Inactive');
  await expect(edited.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);

  await edited.getByRole('button', { name: 'Activate' }).click();
  await expectToast(page, 'Store activated');
  await expect(edited).toContainText('Active');
  await expect(edited).not.toContainText('Inactive');

  // The view page shows what was saved.
  await edited.getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: `Store: ${name} B` })).toBeVisible();
  await expect(page.getByText('312-555-0100')).toBeVisible();
});

test("the server's field errors land on their fields, its message first and the fallback second", async ({
  page,
}) => {
  await signInAs(page, admin);
  let message = 'This district name is already used';
  await page.route('**/api/districts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: { success: false, message, data: null, errors: { name: ['Choose another name'] } },
        })
      : route.fallback(),
  );
  await page.goto('/districts/add');
  await page.getByRole('textbox', { name: 'Name' }).fill('Duplicate');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Choose another name')).toBeVisible();
  await expectToast(page, 'This district name is already used');
  await expect(page).toHaveURL('/districts/add');

  message = '';
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'District not added');
  await expect(page).toHaveURL('/districts/add');
});

test('a role still held by users is flagged, with no success message', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-role-settings');
  const role = page
    .getByRole('table', { name: 'Role Settings' })
    .getByRole('row')
    .filter({ hasText: 'Store Manager' });
  await role.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'This role is assigned to users' }),
  ).toBeVisible();
  await expect(role).toContainText('Held by users');
  await expect(role).toContainText('Active');
  await expect(page.getByRole('alert').filter({ hasText: 'Role deleted' })).toHaveCount(0);
});

test('a CSV of users is checked row by row, then created all at once', async ({ page }) => {
  const tag = Date.now().toString(36);
  const header = 'email,first_name,last_name,role,password,stores,is_b2b';
  const good = [
    `bulk.a.${tag}@example.com,Bulka,Alpha,base_user,,DE001,false`,
    `bulk.b.${tag}@example.com,Bulkb,Beta,sub_agent_employee,,DE002;DE003,false`,
  ];
  const upload = (name: string, lines: string[]) =>
    page.locator('input[type=file]').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(`${[header, ...lines].join('\n')}\n`),
    });

  await signInAs(page, admin);
  await page.goto('/users');
  await page.getByRole('link', { name: 'Bulk upload', exact: true }).click();
  await expect(page).toHaveURL('/csv-upload');

  // A bad row: nothing can be created, and the problem is shown with its line and column.
  await upload('users-bad.csv', [...good, `not-an-email,Bulkc,Gamma,base_user,,DE001,false`]);
  const problems = page.getByRole('table', { name: 'Problems' });
  await expect(problems.getByRole('row').filter({ hasText: 'email' })).toContainText('4');
  await expect(page.getByRole('table', { name: 'Users in the file' })).toContainText(
    `bulk.a.${tag}@example.com`,
  );
  await expect(page.getByRole('button', { name: /Create \d+ users/ })).toBeDisabled();

  await upload('users-good.csv', good);
  await expect(page.getByText('All 2 rows are valid')).toBeVisible();
  await expect(problems).toHaveCount(0);
  await page.getByRole('button', { name: 'Create 2 users' }).click();
  await expectToast(page, '2 users created');
  await expect(page).toHaveURL('/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`.${tag}@example.com`);
  const list = page.getByRole('table', { name: 'Users' });
  await expect(list.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await expect(list.getByRole('row').filter({ hasText: `bulk.b.${tag}` })).toContainText(
    'Sales Associate',
  );
});
