import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { pick } from '../support/combobox.ts';
import { signIn } from '../support/session.ts';

test.describe.configure({ timeout: 90_000 });

test('the demo admin opens Sales Reports, groups by employee and exports the CSV', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/sales-reports');
  await expect(page.getByRole('heading', { name: 'Sales Reports', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const table = page.getByRole('table', { name: 'Sales Reports' });
  await expect(table.getByRole('columnheader', { name: 'Store' })).toBeVisible();

  await pick(page, 'Report by', 'Employee');
  await expect(page).toHaveURL(/group=employee/);
  await expect(table.getByRole('columnheader', { name: 'Employee' })).toBeVisible();
  await expect(page.getByLabel('Loading')).toHaveCount(0);

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Sales Reports by Employee .*\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe(
    'Employee,Sales,Units,Revenue,Returns,Refunds,Net,Activations,Attach rate,Hours worked,Sales per labour hour',
  );
});
