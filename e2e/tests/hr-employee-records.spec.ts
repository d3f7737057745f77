import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, submitLogin } from '../support/session.ts';

/**
 * An employee's records on the edit page (issue 6): compensation with its history, a document
 * uploaded, downloaded and deleted, and temporary access to another store. The agent (every
 * permission) works on an employee of its own.
 */

test.describe.configure({ timeout: 90_000 });

async function hire(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const roles = (await (await request.get('/api/user-roles', { headers })).json()) as {
    data: { results: { id: number; base_role: string }[] };
  };
  const stores = (await (
    await request.get('/api/stores?perPage=50&sort=id', { headers })
  ).json()) as { data: { results: { id: number; name: string }[] } };
  const [own, other] = stores.data.results;
  if (!own || !other) throw new Error('the demo company needs two stores');
  const created = await request.post('/api/employees/new', {
    headers,
    data: {
      email: `rita.${Date.now().toString(36)}@demo.example`,
      first_name: 'Rita',
      last_name: 'Records',
      role_id: roles.data.results.find((r) => r.base_role === 'sub_agent_employee')?.id,
      password: 'Records-Kept-2026',
      pay_type: 'salaried',
      current_store: own.id,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { id: number } };
  return { id: data.id, otherStore: other.name };
}

test('compensation, documents and store access on the employee edit page', async ({
  page,
  request,
}) => {
  const employee = await hire(request);
  await page.goto('/login');
  await submitLogin(page, 'agent@demo.example');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/employees/edit/${employee.id}`);
  const records = page.getByRole('tablist', { name: 'Employee records' });
  await expect(records).toBeVisible();

  // Compensation: hourly from 2024, then a raise; the latest in effect is current.
  await expect(page.getByText('No compensation recorded yet.')).toBeVisible();
  const pay = page.getByRole('form', { name: 'Add compensation' });
  // A blank rate is refused under its field before anything is sent.
  await pay.getByRole('button', { name: 'Add compensation' }).click();
  await expect(pay.getByText('Enter the rate')).toBeVisible();
  await pay.getByRole('combobox', { name: 'Pay type' }).click();
  await page.getByRole('option', { name: 'Hourly' }).click();
  await pay.getByLabel('Rate per hour').fill('17.25');
  await pay.getByLabel('Effective from').fill('2024-01-01');
  await pay.getByRole('button', { name: 'Add compensation' }).click();
  await expect(page.getByText('Current: Hourly · 17.25 per hour, since 2024-01-01')).toBeVisible();
  await pay.getByLabel('Rate per hour').fill('19');
  await pay.getByLabel('Effective from').fill('2025-03-01');
  await pay.getByLabel('Note').fill('Raise');
  await pay.getByRole('button', { name: 'Add compensation' }).click();
  await expect(page.getByText('Current: Hourly · 19.00 per hour, since 2025-03-01')).toBeVisible();
  const history = page.getByRole('table', { name: 'Compensation history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  // The same record on its own page (SPEC.md's /employees/compensation/{id}).
  await page.goto(`/employees/compensation/${employee.id}`);
  await expect(page.getByRole('heading', { name: 'Compensation: Rita Records' })).toBeVisible();
  await expect(page.getByText('Current: Hourly · 19.00 per hour, since 2025-03-01')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the employee' }).click();
  await expect(records).toBeVisible();

  // Documents: upload, download, delete.
  await records.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByText('No documents yet.')).toBeVisible();
  const upload = page.getByRole('form', { name: 'Upload a document' });
  await upload.getByLabel('Document title').fill('Signed handbook');
  await upload.getByLabel('Document file').setInputFiles({
    name: 'handbook.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('I have read the handbook.'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  const link = page.getByRole('link', { name: 'Signed handbook' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(await (await request.get(href ?? '')).text()).toBe('I have read the handbook.');
  // The engine's row Delete, asked first.
  await page
    .getByRole('table', { name: 'Documents' })
    .getByRole('row', { name: /Signed handbook/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Delete Document Signed handbook?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('No documents yet.')).toBeVisible();

  // Store access: a range including today, wherever the store's today falls, is active.
  await records.getByRole('tab', { name: 'Store access' }).click();
  const grant = page.getByRole('form', { name: 'Grant store access' });
  await grant.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: employee.otherStore, exact: true }).click();
  await grant.getByRole('textbox', { name: 'From' }).fill('2020-01-01');
  await grant.getByRole('textbox', { name: 'To' }).fill('2999-12-31');
  await grant.getByRole('button', { name: 'Grant access' }).click();
  const access = page.getByRole('table', { name: 'Store access' });
  await expect(access.getByRole('row', { name: new RegExp(employee.otherStore) })).toContainText(
    'Active',
  );
});
