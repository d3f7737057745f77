import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 4: staff make a ticket's public link; someone without an account opens it on a
// phone, reads the ticket and comments; the comment shows on the staff's ticket page.
test.describe.configure({ timeout: 90_000 });

test('a public ticket view and comment without signing in', async ({ page, browser, request }) => {
  const stamp = Date.now().toString(36);
  const agent = await apiAs(request, 'agent@demo.example');
  const ticket = await agent.send<{ id: number }>('POST', '/task-tickets', {
    subject: `Broken shutter ${stamp}`,
    detail: 'The front shutter does not close.',
  });

  await signIn(page);
  await page.goto(`/task-center/${ticket.id}`);
  await expect(page.getByText(`Broken shutter ${stamp}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create public link' }).click();
  const address = await page.getByLabel('Public link address').inputValue();
  expect(address).toContain(`/public/ticket-view?ticket=${ticket.id}&token=`);
  await expect(page.getByRole('list', { name: 'Public links' })).toContainText('Expires');

  const visitor = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await visitor.goto(address);
  await expect(visitor).toHaveURL(/\/public\/ticket-view/);
  await expect(
    visitor.getByRole('heading', { name: `Ticket #${ticket.id}: Broken shutter ${stamp}` }),
  ).toBeVisible();
  await expect(visitor.getByText('The front shutter does not close.')).toBeVisible();
  await visitor.getByLabel('Your name').fill('Vera Visitor');
  await visitor.getByLabel('Add a comment').fill(`Still broken today ${stamp}`);
  await visitor.getByRole('button', { name: 'Comment' }).click();
  await expect(visitor.getByRole('list', { name: 'Comments' })).toContainText(
    `Still broken today ${stamp}`,
  );
  await expect(visitor.getByRole('list', { name: 'Comments' })).toContainText(
    'Vera Visitor (public link)',
  );

  await page.reload();
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText(
    `Still broken today ${stamp}`,
  );
  // Revoked: the visitor's page says so.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Link revoked')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('This link has been revoked.')).toBeVisible();
});
