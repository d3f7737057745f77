import { expect, type Page } from '@playwright/test';

/**
 * A toast (SPEC.md section 8) with this text, titled Message; closed once seen, so the next one
 * shows. Generous waits: the machine these run on is shared and often busy.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('Message');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0, { timeout: 30_000 });
}
