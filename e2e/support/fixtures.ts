import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** Registers the answers on a page once, whichever way the page was opened. */
const answered = new WeakSet<Page>();
async function answerHrDialogs(page: Page): Promise<void> {
  if (answered.has(page)) return;
  answered.add(page);
  await page.addLocatorHandler(page.getByRole('dialog', { name: /^Hi, / }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Not Now' }).click();
  });
  await page.addLocatorHandler(
    page.getByRole('dialog', { name: 'Clocked in at another store' }),
    async (dialog) => {
      await dialog.getByRole('button', { name: 'No', exact: true }).click();
    },
  );
  await page.addLocatorHandler(
    page.getByRole('dialog', { name: 'Auto Clocked Out Schedules' }),
    async (dialog) => {
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    },
  );
}

/**
 * Every spec but the time-clock ones runs with the HR dialogs answered as a user passing by would:
 * the demo users are hourly employees whom other tests clock in and out, so after sign-in the
 * clock-in prompt, the other-store question or the auto clock-out list may cover the screen under
 * test. Playwright answers them whenever they appear, before an action or an assertion, on the
 * test's page and on any other page the test opens in its context (e.g. a second tab).
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    context.on('page', (page) => void answerHrDialogs(page));
    await use(context);
  },
  page: async ({ page }, use) => {
    await answerHrDialogs(page);
    await use(page);
  },
});
