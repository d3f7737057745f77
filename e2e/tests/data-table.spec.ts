import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { type Page } from '@playwright/test';
import type { SidebarItem } from '@portal/contract/resources/navigation';
import { apiAs } from '../support/api.ts';
import { createAdminUser, signInAs, type AdminUser } from '../support/admin-user.ts';
import { AGENT, localStorageOf } from '../support/session.ts';

/** 12 regions only these tests use, so other tests' rows never change what they count. */
const PAGING = 'Paging Region';
const pagingNames = Array.from(
  { length: 12 },
  (_, i) => `${PAGING} ${String(i + 1).padStart(2, '0')}`,
);

// The machine these run on is shared and often busy: generous waits, never timing assertions.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let admin: AdminUser;

test.beforeAll(async ({ request }) => {
  admin = await createAdminUser(request, 'tables');
  const api = await apiAs(request, AGENT.email);
  const { results } = await api.get<{ results: { name: string }[] }>(
    `/regions?perPage=100&search=${encodeURIComponent(PAGING)}`,
  );
  const existing = new Set(results.map((row) => row.name));
  await Promise.all(
    pagingNames
      .filter((name) => !existing.has(name))
      .map((name) => api.send('POST', '/regions', { name })),
  );
});

/** Today as export names and PDF headers write it: MMM DD, YYYY (SPEC.md section 9). */
const reportDate = (date = new Date()): string =>
  date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

const table = (page: Page, name: string) => page.getByRole('table', { name });
/** The first cell after the checkbox and details cells: the row's first column. */
const firstColumn = (page: Page, name: string) =>
  table(page, name).locator('tbody tr').locator('td:nth-child(3)');

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

test('sorts by a column, asking the server for the order', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-location-settings');
  const names = firstColumn(page, 'Locations');
  await expect(names.first()).toHaveText('Brooklyn Heights');

  const sorted = page.waitForRequest(
    (r) => r.url().includes('/api/stores?') && r.url().includes('sort=-name'),
  );
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await sorted;
  await expect(names.first()).toHaveText('Times Square');
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('filters a column from its popover, and search narrows the list', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-location-settings');
  const names = firstColumn(page, 'Locations');
  await expect(names.first()).toHaveText('Brooklyn Heights');

  await page.getByRole('button', { name: 'Filter District' }).click();
  const popover = page.getByRole('dialog', { name: 'Filter District' });
  await popover.getByRole('combobox', { name: 'District' }).click();
  await page.getByRole('option', { name: 'Chicagoland' }).click();
  await popover.getByRole('button', { name: 'Apply' }).click();
  await expect(names).toHaveText(['Magnificent Mile', 'Oak Park']);

  await search(page, 'oak');
  await expect(names).toHaveText(['Oak Park']);

  await page.getByRole('button', { name: 'Filter District' }).click();
  await page
    .getByRole('dialog', { name: 'Filter District' })
    .getByRole('button', { name: 'Clear' })
    .click();
  await search(page, '');
  await expect(names.first()).toHaveText('Brooklyn Heights');
  await expect(names).not.toHaveCount(2);
});

test('hides and shows columns, with Select all', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-location-settings');
  const locations = table(page, 'Locations');
  await expect(locations.getByRole('columnheader', { name: 'Store ID' })).toBeVisible();
  await expect(locations.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Store ID' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Store ID' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('Escape');
  await expect(locations.getByRole('columnheader', { name: 'Store ID' })).toHaveCount(0);
  await expect(locations.getByRole('cell', { name: 'DE001' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Select all' }).click();
  await page.keyboard.press('Escape');
  await expect(locations.getByRole('columnheader', { name: 'Store ID' })).toBeVisible();
  await expect(locations.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  await expect(locations.getByRole('columnheader', { name: 'Address' })).toBeVisible();
});

test('groups rows by a column, each group opening to its rows', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-location-settings');
  await expect(firstColumn(page, 'Locations').first()).toHaveText('Brooklyn Heights');

  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'District' }).click();
  const locations = table(page, 'Locations');
  await expect(locations.getByRole('row', { name: /District: Chicagoland \(2\)/ })).toBeVisible();
  await expect(
    locations.getByRole('row', { name: /District: Metro New York \(2\)/ }),
  ).toBeVisible();
  await expect(locations.getByRole('cell', { name: 'Oak Park' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Expand group Chicagoland' }).click();
  await expect(locations.getByRole('cell', { name: 'Oak Park' })).toBeVisible();
  await expect(locations.getByRole('cell', { name: 'Magnificent Mile' })).toBeVisible();
  await expect(locations.getByRole('cell', { name: 'Times Square' })).toHaveCount(0);
});

test('pages with sizes 10 to 50, 50 by default, the server sending each page', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/regions');
  await search(page, PAGING);
  const names = firstColumn(page, 'Regions');
  await expect(page.getByText('1–12 of 12')).toBeVisible();
  await expect(names).toHaveCount(12);

  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await expect(page.getByRole('option')).toHaveText(['10', '20', '30', '40', '50']);
  const paged = page.waitForRequest(
    (r) => r.url().includes('/api/regions?') && r.url().includes('perPage=10'),
  );
  await page.getByRole('option', { name: '10' }).click();
  await paged;
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await expect(names).toHaveCount(10);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(names.first()).toHaveText(`${PAGING} 11`);
});

test('exports the whole filtered list as CSV, named from the report and the day', async ({
  page,
}) => {
  await signInAs(page, admin);
  await page.goto('/regions');
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '10' }).click();
  await search(page, PAGING);
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toBe(`Regions ${reportDate()}.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  // Every page, not only the one on screen; the visible columns only (Created is hidden).
  expect(lines[0]).toBe('Name,B2B,Status');
  expect(lines.slice(1)).toEqual(pagingNames.map((name) => `${name},No,Active`));
});

test('exports PDF headed by the store name, the report name and the day', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/regions');
  await search(page, PAGING);
  await expect(page.getByText('1–12 of 12')).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toBe(`Regions ${reportDate()}.pdf`);
  const pdf = (await readFile(await download.path())).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  const storeName = (await localStorageOf(page)).store_name;
  expect(storeName).toBeTruthy();
  for (const text of [storeName, 'Regions', reportDate(), `${PAGING} 01`, `${PAGING} 12`]) {
    expect(pdf).toContain(`(${text ?? ''})`);
  }
});

test('totals columns in the footer, over the rows shown', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/admin-location-settings');
  await page.getByRole('link', { name: 'Store report' }).click();
  await expect(page).toHaveURL('/stores/report');
  const report = table(page, 'Store Report');
  await expect(report.getByRole('cell', { name: 'Chicagoland' })).toBeVisible();

  const footerOf = (column: number) => report.locator(`tfoot td:nth-child(${column})`);
  const sumOf = async (column: number) =>
    (await report.locator(`tbody tr td:nth-child(${column})`).allInnerTexts())
      .map(Number)
      .reduce((sum, value) => sum + value, 0);
  await expect(footerOf(1)).toHaveText('Total');
  const stores = await sumOf(3);
  expect(stores).toBeGreaterThanOrEqual(8);
  await expect(footerOf(3)).toHaveText(String(stores));
  await expect(footerOf(4)).toHaveText(String(await sumOf(4)));

  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Central' }).click();
  await expect(report.locator('tbody tr')).toHaveCount(1);
  await expect(report.locator('tbody tr td:nth-child(1)')).toHaveText('Chicagoland');
  await expect(footerOf(3)).toHaveText(
    await report.locator('tbody tr td:nth-child(3)').innerText(),
  );
});

test('row checkboxes drive bulk actions, and a row opens to its details', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, AGENT.email);
  const tag = Date.now().toString(36);
  const names = [`Bulk Region ${tag} A`, `Bulk Region ${tag} B`];
  for (const name of names) await api.send('POST', '/regions', { name });

  await signInAs(page, admin);
  await page.goto('/regions');
  await search(page, `Bulk Region ${tag}`);
  const regions = table(page, 'Regions');
  const rows = regions.locator('tbody tr');
  await expect(rows).toHaveCount(2);

  await regions.getByRole('checkbox', { name: 'Select all rows' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate selected' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Region deleted (2 rows)' }),
  ).toBeVisible();
  await expect(rows.filter({ hasText: 'Inactive' })).toHaveCount(2);
  await expect(page.getByText('2 selected')).toHaveCount(0);

  await rows.first().getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Activate selected', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Region activated' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Inactive' })).toHaveCount(1);

  await rows.first().getByRole('button', { name: 'Show details' }).click();
  const details = regions.locator('dl');
  await expect(details).toContainText(names[0] ?? '');
  await expect(details).toContainText('Created');
  await regions.getByRole('button', { name: 'Hide details' }).click();
  await expect(details).toHaveCount(0);
});

test('shows the empty-state message when nothing matches', async ({ page }) => {
  await signInAs(page, admin);
  await page.goto('/regions');
  await search(page, 'no region is called this');
  await expect(page.getByText('Sorry we could not find any results')).toBeVisible();
  await expect(firstColumn(page, 'Regions')).toHaveCount(0);
});

test('stays smooth on 10,000 rows: only the rows in view are drawn', async ({ page }) => {
  const rows: SidebarItem[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: i + 1,
    company_id: 1,
    name: `Item ${i + 1}`,
    route: `/item/${i + 1}`,
    external_link: null,
    parent_id: null,
    is_root: true,
    order: i + 1,
    icon: null,
    embed_and_links_id: null,
    powerbi_report_id: null,
    permission: null,
    is_deleted: false,
    created_at: '2026-01-01T00:00:00.000Z',
  }));
  await signInAs(page, admin);
  await page.route(/\/api\/sidebar-items\?/, (route) =>
    route.fulfill({
      json: { success: true, message: '', data: { results: rows, total: rows.length } },
    }),
  );
  await page.goto('/admin/sidebar-items');
  const items = table(page, 'Sidebar Items');
  await expect(page.getByText('10,000 rows')).toBeVisible();
  await expect(items.getByRole('cell', { name: 'Item 1', exact: true })).toBeVisible();
  expect(await items.locator('tbody tr').count()).toBeLessThan(100);

  // Scrolled to the end, the last rows are drawn in place of the first.
  await items.evaluate((element) => {
    const scroller = element.parentElement;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(items.getByRole('cell', { name: 'Item 10000', exact: true })).toBeVisible();
  await expect(items.getByRole('cell', { name: 'Item 1', exact: true })).toHaveCount(0);

  // Sorting all 10,000 in the browser.
  await items.evaluate((element) => {
    const scroller = element.parentElement;
    if (scroller) scroller.scrollTop = 0;
  });
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(firstColumn(page, 'Sidebar Items').first()).toHaveText('Item 10000');
});
