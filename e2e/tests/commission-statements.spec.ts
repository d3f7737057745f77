import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Commission statements on a fresh start (issue 17 item 11): the demo's plans have computed lines,
// each named by what earned it; a bill payment by its reference, customer and amount.
test.describe.configure({ timeout: 90_000 });

test('the team statement names the demo bill payment and sale lines by what they are', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/commissions/statements');
  await expect(page.getByRole('heading', { name: 'Team Commissions', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('Statement summary')).toContainText('Open');
  await expect(
    page.getByText(/^Bill payment Verizon LT-[0-9A-F]{10} · Grace Hodge · \$85\.00$/),
  ).toBeVisible();
  await expect(page.getByText(/^Sale #\d+ · Clear Case for iPhone 16 × 1$/)).toBeVisible();
  await expect(page.getByText('Activation 3405550191 (Verizon)', { exact: true })).toBeVisible();
  await expect(page.getByText(/Sale line #/)).toHaveCount(0);
});
