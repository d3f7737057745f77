import type { Locator, Page } from '@playwright/test';

/** Opens the select labelled `label` and picks the option of exactly that name. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a searchable select (in `scope`: the page or a dialog) and picks the option that names the row. */
export async function search(
  page: Page,
  scope: Locator | Page,
  label: string,
  text: string,
  option: RegExp,
): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: option }).click();
}
