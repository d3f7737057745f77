import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 9: a visitor sends the contact form without signing in (on a phone); the
// company's admin reads it under Contact Us Messages.
test('a visitor sends /contact-us without a session and the admin reads it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact-us');
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText(/Send a message to /)).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name').fill('Vera Visitor');
  await page.getByLabel('Email').fill(`vera.${stamp}@example.com`);
  await page.getByLabel('Message').fill(`Do you repair phones? ${stamp}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you. Your message has been sent')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Contact Us Messages' })
    .click();
  await expect(page.getByRole('heading', { name: 'Contact Us Messages' })).toBeVisible();
  await expect(page.getByText(`Do you repair phones? ${stamp}`)).toBeVisible();
});
