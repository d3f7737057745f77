import { expect as baseExpect, test } from '../support/fixtures.ts';
import { submitLogin } from '../support/session.ts';

// Bill pay (issue 17 item 6): a store associate pays a customer's carrier bill at /billpay/new and
// lands on its receipt, confirmed by the (local test) provider. The machine is shared: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('an associate pays a bill and sees it confirmed on its receipt', async ({ page }) => {
  // A fresh account number (never ending 0000, which the test provider refuses).
  const account = `340${String(Date.now() % 10_000_000).padStart(7, '0')}`.replace(/0000$/, '0001');
  await page.goto('/login');
  await submitLogin(page, 'employee@demo.example');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu).toBeVisible();
  const entry = menu.getByRole('link', { name: 'Pay a Bill', exact: true });
  if (!(await entry.isVisible())) await menu.getByRole('button', { name: 'Bill Pay' }).click();
  await entry.click();
  await expect(page).toHaveURL('/billpay/new');
  await expect(page.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Account or phone number' }).fill(account);
  await page.getByRole('textbox', { name: 'Account holder' }).fill('Walk-in Customer');
  await page.getByRole('textbox', { name: 'Amount' }).fill('45.00');
  await page.getByRole('textbox', { name: 'Fee' }).fill('2.00');
  await expect(page.getByRole('status')).toHaveText('Payments match the total of $47.00');
  await page.getByRole('button', { name: 'Pay bill' }).click();

  await expect(page).toHaveURL(/\/billpay\/new\/\d+$/);
  const receipt = page.getByLabel('Receipt', { exact: true });
  await expect(page.getByTestId('payment-status')).toHaveText('Confirmed');
  await expect(receipt).toContainText(account);
  await expect(receipt).toContainText('$47.00');
  await expect(receipt).toContainText('Confirmation');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
});
