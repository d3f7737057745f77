import { expect as baseExpect, test } from '../support/fixtures.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';

// Issue 14 item 4: leaving a form with changes asks first. The machine is shared and busy.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const QUESTION = 'You have unsaved changes. Leave this page and lose them?';

let admin: AdminUser;
test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'unsaved');
});

test('a form with changes asks before a side-menu link leaves it: Stay keeps the work, Leave goes', async ({
  page,
}) => {
  await signInAs(page, admin);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const question = page.getByRole('dialog').filter({ hasText: QUESTION });

  // Untouched: nothing to lose, nothing asked.
  await page.goto('/stores/add');
  await expect(page.getByRole('heading', { name: 'Add Store' })).toBeVisible();
  await nav.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL('/users');
  await expect(question).toHaveCount(0);

  await page.goto('/stores/add');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Half-typed store');
  await nav.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL('/stores/add');
  await expect(name).toHaveValue('Half-typed store');

  await nav.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
});
