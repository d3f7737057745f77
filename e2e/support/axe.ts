import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Serious and critical axe findings on the page as it is now (or only within `within`). */
export async function seriousViolations(page: Page, within?: string) {
  // Toasts slide over the page for their 4 s; check the page once they have gone.
  await expect(page.getByRole('alert')).toHaveCount(0);
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`,
    );
}
