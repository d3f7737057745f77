import { expect, test, type Page } from '@playwright/test';
import { submitLogin } from '../support/session.ts';

// Toasts queue for 4 s each, and this journey waits for several.
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Unique per attempt, so a retry does not meet the people its first try created. */
const runTag = () => Date.now().toString(36);

/** A 1x1 PNG, as a picture the employee form uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('employees: create with a profile picture, terminate with notes, reactivate', async ({
  page,
}) => {
  const email = `ola.onboard.${runTag()}@demo.example`;
  await page.goto('/login');
  await submitLogin(page, 'agent@demo.example');
  await expect(toast(page, 'Logged in')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Employees' })
    .click();
  await expect(page).toHaveURL('/employees');
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row', { name: /Eli Employee/ })).toBeVisible();

  await page.getByRole('link', { name: 'New Employee' }).click();
  await expect(page.getByRole('heading', { name: 'New Employee' })).toBeVisible();
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'ola.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(toast(page, 'Click on save to attach image with the user')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
    'src',
    /\/api\/uploads\//,
  );
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Last name').fill('Onboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Onboarding-Day-2026');
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Sales Associate' }).click();
  await page.getByLabel('Supervisor').click();
  await page.getByRole('option', { name: 'Mina Manager' }).click();
  await page.getByLabel('Hire date').fill('2026-11-02');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Employee created')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL('/employees');

  await page.getByLabel('Search').fill(email);
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Mina Manager');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Terminate' }).click();
  const terminate = page.getByRole('dialog', { name: 'Terminate Ola Onboard' });
  await expect(terminate.getByRole('button', { name: 'Terminate' })).toBeDisabled();
  await terminate.getByLabel('Termination notes').fill('Returned to school');
  await terminate.getByRole('button', { name: 'Terminate' }).click();
  await expect(toast(page, 'User termination notes updated')).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Terminated');

  await row.getByRole('button', { name: 'Reactivate' }).click();
  const reactivate = page.getByRole('dialog', { name: 'Reactivate Ola Onboard' });
  await expect(reactivate).toContainText('Returned to school');
  await reactivate.getByRole('button', { name: 'Reactivate' }).click();
  await expect(toast(page, 'User reactivated')).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('Active');
});

test('employees bulk upload: problems by line, then all rows created at once', async ({ page }) => {
  const tag = runTag();
  const one = `csv.one.${tag}@demo.example`;
  const two = `csv.two.${tag}@demo.example`;
  await page.goto('/login');
  await submitLogin(page, 'agent@demo.example');
  await expect(toast(page, 'Logged in')).toBeVisible();
  await page.goto('/employees');
  await page.getByRole('link', { name: 'Bulk Upload', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Employees Bulk Upload' })).toBeVisible();

  const header = 'email,first_name,last_name,role,store,pay_type,supervisor_email,hire_date';
  const file = (rows: string[]) => ({
    name: 'employees.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...rows].join('\n')),
  });
  await page
    .getByLabel('CSV file')
    .setInputFiles(
      file([`${one},Cy,One,Sales Associate,,hourly,,`, 'broken,Cy,Two,Sales Associate,,hourly,,']),
    );
  await page.getByRole('button', { name: 'Preview' }).click();
  const problems = page.getByRole('table', { name: 'Problems by line' });
  await expect(problems.getByRole('row', { name: /^3 email/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create employees' })).toBeDisabled();

  await page
    .getByLabel('CSV file')
    .setInputFiles(
      file([
        `${one},Cy,One,Sales Associate,,hourly,manager@demo.example,2026-11-05`,
        `${two},Cy,Two,Sales Associate,,salaried,${one},`,
      ]),
    );
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('All 2 rows are valid.')).toBeVisible();
  await page.getByRole('button', { name: 'Create employees' }).click();
  await expect(toast(page, '2 employees created')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL('/employees');
  await page.getByLabel('Search').fill(two);
  await expect(
    page.getByRole('table', { name: 'Employees' }).getByRole('row').filter({ hasText: two }),
  ).toContainText('Cy One');
});
