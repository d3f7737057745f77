import { expect, type Page } from '@playwright/test';

/**
 * A toast (SPEC.md section 8) with this text, titled Message; closed once seen, so the next one
 * shows. Generous waits: the machine these run on is shared and often busy.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('Message');
  // It may hide itself (4 s) before a slow machine clicks: closing is only to make room.
  await toast
    .getByRole('button', { name: 'Close' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0, { timeout: 30_000 });
}
