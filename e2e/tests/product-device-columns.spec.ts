import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { AGENT, signIn } from '../support/session.ts';

// Issue 16 item 1: a device type field's values are a column of /products, sorted and filtered
// on the server (extra_fields.<key>).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const tag = Date.now().toString(36).toUpperCase();
const label = `Screen ${tag}`;

test.beforeAll(async ({ request }) => {
  const agent = await apiAs(request, AGENT.email);
  const category = await agent.send<{ id: number }>('POST', '/categories', {
    name: `Columns ${tag}`,
  });
  await agent.send('POST', '/device-type-fields', {
    category_id: category.id,
    key: 'screen_inches',
    label,
    field_type: 'number',
  });
  for (const [name, screen] of [
    ['Mid', 6.1],
    ['Big', 10.9],
    ['Small', 5.4],
  ] as const)
    await agent.send('POST', '/products', {
      name: `${name} ${tag}`,
      sku: `DC-${name}-${tag}`,
      price_cents: 20_000,
      category_id: category.id,
      extra_fields: { screen_inches: screen },
    });
});

test('a device type field is a product list column, sorted and filtered by the server', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/products');
  const products = page.getByRole('table', { name: 'Products' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const names = products.locator('tbody tr').locator('td:nth-child(3)');
  await expect(names).toHaveCount(3);
  // Past the first few fields a column waits in the Columns menu: show it if it is hidden.
  await page.getByRole('button', { name: 'Columns' }).click();
  const item = page.getByRole('menuitemcheckbox', { name: label });
  if ((await item.getAttribute('aria-checked')) === 'false') await item.click();
  await page.keyboard.press('Escape');
  await expect(products.getByRole('columnheader', { name: label })).toBeVisible();
  await expect(products.getByRole('cell', { name: '10.9' })).toBeVisible();

  // A number column sorts from the largest first; either way the server orders it.
  const sorted = page.waitForRequest(
    (r) => r.url().includes('/api/products?') && /sort=-?extra_fields\.screen_inches/.test(r.url()),
  );
  await page.getByRole('button', { name: label, exact: true }).click();
  const descending = (await sorted).url().includes('sort=-extra_fields');
  const ascending = [`Small ${tag}`, `Mid ${tag}`, `Big ${tag}`];
  await expect(names).toHaveText(descending ? [...ascending].reverse() : ascending);
  const other = page.waitForRequest(
    (r) =>
      r.url().includes('/api/products?') &&
      r.url().includes(`sort=${descending ? '' : '-'}extra_fields.screen_inches`),
  );
  await page.getByRole('button', { name: label, exact: true }).click();
  await other;
  await expect(names).toHaveText(descending ? ascending : [...ascending].reverse());

  await page.getByRole('button', { name: `Filter ${label}` }).click();
  const popover = page.getByRole('dialog', { name: `Filter ${label}` });
  await popover.getByRole('textbox').fill('10.9');
  await popover.getByRole('button', { name: 'Apply' }).click();
  await expect(names).toHaveText([`Big ${tag}`]);
});
