import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 6: the bell's unread count rises the moment a notification arrives (server-sent
// events, no reload); opening it marks it read; Control Notifications is in the user menu.
const USER = 'user@demo.example';
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
const unreadOf = async (page: Page) =>
  Number((await bell(page).getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? NaN);

test('the bell counts a new notification live, opens it and marks it read', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  await signIn(page, USER);
  await expect(bell(page)).toBeVisible();
  const before = await unreadOf(page);

  const user = await apiAs(request, USER);
  const agent = await apiAs(request, 'agent@demo.example');
  const types = await user.get<{ results: { id: number }[] }>('/support-ticket-types?sort=id');
  const ticket = await user.send<{ id: number }>('POST', '/support-tickets/submit', {
    type_id: types.results[0]?.id,
    detail: `Printer jam ${stamp}`,
  });
  await agent.send('PATCH', `/support-tickets/${ticket.id}`, { status: 'closed' });

  await expect(bell(page)).toHaveAccessibleName(`Notifications: ${before + 1} unread`);
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByText(`Your support ticket #${ticket.id} is closed.`).click();
  await expect(page).toHaveURL(/\/notifications\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Support ticket closed' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(`Notifications: ${before} unread`);
});

test('Control Notifications opens from the user menu and saves the choice', async ({ page }) => {
  await signIn(page, USER);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^User menu:/ }).click();
  await page.getByRole('menuitem', { name: 'Control Notifications' }).click();
  await expect(page).toHaveURL(/\/user\/control-notifications$/);
  await expect(page.getByRole('heading', { name: 'Control Notifications' })).toBeVisible();
  const sms = page.getByRole('checkbox', { name: 'A ticket is assigned to me: By SMS' });
  await sms.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Mobile number for SMS')).toHaveAccessibleDescription(
    'Enter the phone number SMS go to',
  );
  await page.getByLabel('Mobile number for SMS').fill('+1 555 010 0199');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved').first()).toBeVisible();
  await page.reload();
  await expect(sms).toBeChecked();
  await sms.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved').first()).toBeVisible();
});
