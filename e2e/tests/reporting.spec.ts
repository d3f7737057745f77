import { expect, test } from '../support/fixtures.ts';
import { pick } from '../support/combobox.ts';
import { seriousViolations } from '../support/axe.ts';
import { signIn } from '../support/session.ts';

test.describe.configure({ timeout: 90_000 });

const MANAGER = 'manager@demo.example';
const NOT_CONFIGURED =
  'Power BI is not configured on this server: an administrator must set the POWERBI_* environment variables (see the README) before reports can be shown.';

test('the chart builder offers the sales and orders datasets with their measures', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  await page.goto('/reporting/charts/new');
  await expect(page.getByRole('combobox', { name: 'Dataset' })).toBeVisible({ timeout: 30_000 });
  await pick(page, 'Dataset', 'Sales');
  await pick(page, 'Measure', 'Revenue');
  await pick(page, 'Group by', 'Store');
  await expect(page.getByRole('img', { name: /Revenue by store/ })).toBeVisible();
  // Revenue is money: the table shows dollars, not cents.
  await pick(page, 'Chart type', 'Table');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Revenue by store' })).toBeVisible();
  await expect(table.getByRole('cell', { name: /^-?\$[\d,]+\.\d{2}$/ }).first()).toBeVisible();
  await pick(page, 'Chart type', 'Bar');
  await pick(page, 'Dataset', 'Store orders');
  await pick(page, 'Measure', 'Orders');
  await pick(page, 'Group by', 'Month');
  await expect(page.getByRole('img', { name: /Orders by month/ })).toBeVisible();
});

test('builds a chart of clocked hours by day, saves it and finds it in the lists', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  await page.goto('/reporting/charts');
  // The chart screens carry the chart library: slow to load on a busy machine.
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'New chart' }).click();
  await expect(page).toHaveURL(/\/reporting\/charts\/new$/);
  await pick(page, 'Dataset', 'Timecards');
  await pick(page, 'Measure', 'Clocked hours');
  await pick(page, 'Group by', 'Day');
  await pick(page, 'Chart type', 'Line');
  await pick(page, 'Period', 'Last 14 days');
  const chart = page.getByRole('img', { name: /Clocked hours by day/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByText(/Clocked hours by day · .* · total \d/)).toBeVisible();

  // Saving without a name says so and saves nothing.
  await page.getByRole('button', { name: 'Save chart' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  const name = `Hours by day ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save chart' }).click();
  await expect(page.getByText('Chart saved')).toBeVisible();
  await expect(page).toHaveURL(/\/reporting\/charts\/\d+\/edit$/);

  // The exports: a CSV of the points and a PNG of the chart.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/\.csv$/);
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PNG' }).click();
  expect((await png).suggestedFilename()).toBe(`${name}.png`);

  await page.goto('/reporting/charts');
  await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
  await page.goto('/user-reporting');
  await page.getByRole('link', { name }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(name) })).toBeVisible();

  // Pinned to OneView: a widget below the others, drawing the chart for the scope bar's scope.
  await page.getByRole('button', { name: 'Pin to OneView' }).click();
  await expect(page.getByText('Widget added')).toBeVisible();
  await page.goto('/oneview');
  const widget = page.getByRole('region', { name });
  await expect(
    widget.getByRole('img', { name: new RegExp(`^${name}: Clocked hours by day · `) }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(widget.locator('svg.recharts-surface')).toBeVisible();
  // Back to the default layout: the chart leaves the manager's OneView.
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(widget).toHaveCount(0);
});

test('the Power BI page says Power BI is not configured, with no empty frame', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/reporting/pbi/0b9e7f3c-5b8a-4a55-9c44-1d2e3f4a5b6c');
  await expect(page.getByText(NOT_CONFIGURED)).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('the organization chart finds a person by name, with their store', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/organization-chart');
  await expect(page.getByRole('heading', { name: 'Organization chart', level: 1 })).toBeVisible();
  const tree = page.getByRole('list', { name: 'Organization chart' });
  await expect(tree.getByText('Leo Lopez')).toBeVisible();
  await page.getByRole('searchbox', { name: /Search people/ }).fill('tara');
  await expect(tree.getByText('Tara Tran')).toBeVisible();
  await expect(tree.getByText('Leo Lopez')).toHaveCount(0);
  await expect(tree.getByText('Charlotte Amalie', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search people/ }).fill('nobody-like-this');
  await expect(page.getByText('Nothing matches “nobody-like-this”')).toBeVisible();
});

test('/reporting/charts has no serious axe findings and fits a phone', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/reporting/charts');
  // The chart screens carry the chart library: slow to load on a busy machine.
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: 'New chart' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reporting/charts/new');
  await expect(page.getByRole('img', { name: /by employee/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the daily snapshot shows a store day with its figures, and prints', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.goto('/daily-snapshot');
  await expect(page.getByRole('heading', { name: /^Daily snapshot · / })).toBeVisible();
  await pick(page, 'Store or district', 'Store: Charlotte Amalie');
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Day').fill(day);
  await expect(
    page.getByRole('heading', { name: `Charlotte Amalie · ${day}`, level: 2 }),
  ).toBeVisible();
  await expect(page.getByText('Worked', { exact: true }).first()).toBeVisible();
  // The day's sales and store orders beside the hours, money as dollars.
  await expect(page.getByText('Revenue', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Order value', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^\$\d[\d,]*\.\d\d$/).first()).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(
    page.getByRole('heading', { name: `Charlotte Amalie · ${day}`, level: 2 }),
  ).toBeVisible();
});
