import { expect as baseExpect, test } from '../support/fixtures.ts';
import { AGENT, submitLogin } from '../support/session.ts';

// Commissions (issue 17 item 11): a carrier statement uploaded at /commission-processing is
// classified line by line. The machine is shared and often busy: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('an admin uploads a carrier statement and sees its lines classified', async ({ page }) => {
  const stamp = String(Date.now() % 1e6).padStart(6, '0');
  // A month without activations: both lines are statement lines with nothing in the POS.
  const csv = [
    'Phone Number,IMEI,ICCID,Activation Date,Amount Paid',
    `3105${stamp},,,2024-01-10,45.00`,
    `3115${stamp},,,2024-01-12,30.00`,
  ].join('\n');

  await page.goto('/login');
  await submitLogin(page, AGENT.email);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu).toBeVisible();
  const entry = menu.getByRole('link', { name: 'Commission Processing', exact: true });
  if (!(await entry.isVisible())) await menu.getByRole('button', { name: 'Commissions' }).click();
  await entry.click();
  await expect(page).toHaveURL('/commission-processing');
  await expect(page.getByRole('heading', { name: 'Commission Processing' })).toBeVisible();

  await page.getByLabel('Month').fill('2024-01');
  await page.getByLabel('Statement file').setInputFiles({
    name: `visible-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Statement imported: 2 lines classified' }),
  ).toBeVisible();
  await expect(page.getByLabel('Counts by class')).toContainText('Not in POS: 2');
  await expect(page.getByRole('row').filter({ hasText: `3105${stamp}` })).toContainText(
    'Not in POS',
  );
});
