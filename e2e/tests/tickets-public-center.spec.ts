import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 4: a store's QR link to the public ticket center; a guest without a session opens
// a ticket for the store, follows it on its own page, and staff find it unassigned in the ticket
// center.
test.describe.configure({ timeout: 90_000 });

test('a guest opens a ticket for a store through its QR link', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const subject = `Broken entrance door ${stamp}`;
  await signIn(page, 'manager@demo.example');
  await page.goto('/task-tickets/settings');
  await expect(page.getByRole('heading', { name: 'Public Ticket Links' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Make link' }).click();
  await expect(page.getByRole('img', { name: "QR code of the store's ticket link" })).toBeVisible();
  const url = await page.getByLabel('Link (shown once)').inputValue();
  const token = new URL(url).searchParams.get('token') ?? '';
  expect(token).not.toBe('');

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/public/ticket-center?token=${encodeURIComponent(token)}`);
  await expect(guest).toHaveURL(/\/public\/ticket-center/);
  await expect(guest.getByText(/what needs attention at/)).toBeVisible();
  await guest.getByLabel('Name').fill('Gina Guest');
  await guest.getByLabel('Email').fill('gina@example.com');
  await guest.getByLabel('Subject').fill(subject);
  await guest.getByLabel('Details').fill('The door does not close at night');
  await guest.getByRole('button', { name: 'Open ticket' }).click();
  await expect(
    guest.getByText('Thank you. Your ticket is open; keep the link to follow it.'),
  ).toBeVisible();
  await guest.getByRole('link', { name: 'Follow your ticket' }).click();
  await expect(guest).toHaveURL(/\/public\/ticket-view\?ticket=\d+/);
  await expect(guest.getByText(subject)).toBeVisible();

  // A tampered link shows a refusal, not a form.
  await guest.goto(`/public/ticket-center?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
  await expect(guest.getByText('This ticket link is not valid.')).toBeVisible();

  await page.goto('/ticket-center/dashboard');
  await expect(page.getByRole('heading', { name: 'Ticket Center' })).toBeVisible({
    timeout: 30_000,
  });
  const unassigned = page.getByRole('table', { name: 'Unassigned' });
  await expect(unassigned.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
});
