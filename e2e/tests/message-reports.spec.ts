import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 8: a company admin reads what the portal sent (/sms-reports, /mail-reports):
// here the SMS and the mail a support ticket's closing sent to the one who opened it.
test.describe.configure({ timeout: 90_000 });

const RECIPIENT = 'callcenter@demo.example';
const rows = (page: Page, title: string) =>
  page.getByRole('table', { name: title }).locator('tbody tr');

async function openFromMenu(page: Page, name: string, path: RegExp) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name })
    .click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

async function filterRecipient(page: Page, value: string) {
  await page.getByRole('button', { name: 'Filter Recipient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Recipient' });
  await dialog.getByLabel('Recipient').fill(value);
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

test('an admin sees the SMS and the mail a closed support ticket sent, and their status', async ({
  page,
  request,
}) => {
  const phone = `+1 555 ${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const person = await apiAs(request, RECIPIENT);
  const agent = await apiAs(request, 'agent@demo.example');
  await person.send('PUT', '/notification-preferences', {
    preferences: [{ kind: 'support.ticket_updated', in_app: true, mail: true, sms: true }],
    sms_phone: phone,
  });
  const types = await person.get<{ results: { id: number }[] }>('/support-ticket-types?sort=id');
  const ticket = await person.send<{ id: number }>('POST', '/support-tickets/submit', {
    type_id: types.results[0]?.id,
    detail: `Scanner offline ${phone}`,
  });
  await agent.send('PATCH', `/support-tickets/${ticket.id}`, { status: 'closed' });
  // The delivery job (every 10 s) sends both through the embedded outboxes.
  await expect
    .poll(
      async () =>
        (
          await agent.get<{ results: { status: string }[] }>(
            `/sms-reports?recipient=${encodeURIComponent(phone)}`,
          )
        ).results[0]?.status,
      { timeout: 45_000 },
    )
    .toBe('sent');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'agent@demo.example');
  await openFromMenu(page, 'SMS Reports', /\/sms-reports$/);
  await filterRecipient(page, phone);
  const sms = rows(page, 'SMS Reports').filter({ hasText: phone });
  await expect(sms).toHaveCount(1);
  await expect(sms).toContainText('Support ticket closed');
  await expect(sms).toContainText('Sent');
  await expect(sms).toContainText('Outbox');

  await openFromMenu(page, 'Mail Reports', /\/mail-reports$/);
  await filterRecipient(page, RECIPIENT);
  const mail = rows(page, 'Mail Reports').filter({
    hasText: `Your support ticket #${ticket.id} is closed.`,
  });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(RECIPIENT);
  await expect(mail).toContainText('Sent');
});
