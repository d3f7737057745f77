import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 3: a Get Support ticket lands in the ticket center, where the call center works
// it through its statuses with a comment; moves the status table does not allow are not offered.
test.describe.configure({ timeout: 90_000 });

test('Get Support to the ticket center, worked to resolution', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const detail = `The till drawer is stuck ${stamp}`;
  await signIn(page, 'user@demo.example');
  await page.goto('/unauth');
  await page.getByRole('button', { name: 'Get Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support Ticket' });
  await dialog.getByLabel('Details').fill(detail);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();

  const agentPage = await (await browser.newContext()).newPage();
  await signIn(agentPage, 'agent@demo.example');
  await agentPage
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Ticket Center', exact: true })
    .click();
  await expect(agentPage).toHaveURL(/\/ticket-center\/dashboard$/);
  const unassigned = agentPage.getByRole('table', { name: 'Unassigned' });
  const row = unassigned.getByRole('row').filter({ hasText: 'Support:' }).first();
  await expect(unassigned.getByRole('link', { name: /Support:/ }).first()).toBeVisible();
  await row.getByRole('link').click();
  await expect(agentPage).toHaveURL(/\/task-center\/\d+$/);
  await expect(agentPage.getByText(detail)).toBeVisible();
  await expect(agentPage.getByText('/unauth')).toBeVisible();

  const status = agentPage.getByRole('group', { name: 'Status' });
  await expect(status.getByText('New')).toBeVisible();
  await expect(status.getByRole('button', { name: 'Wait' })).toHaveCount(0);
  await status.getByRole('button', { name: 'Start work' }).click();
  await expect(status.getByText('Open', { exact: true })).toBeVisible();

  await agentPage.getByLabel('Add a comment').fill(`On it ${stamp}`);
  await agentPage.getByRole('button', { name: 'Comment' }).click();
  await expect(agentPage.getByRole('list', { name: 'Comments' })).toContainText(`On it ${stamp}`);

  await status.getByRole('button', { name: 'Resolve' }).click();
  await expect(status.getByText('Resolved', { exact: true })).toBeVisible();
  await status.getByRole('button', { name: 'Close' }).click();
  await expect(status.getByText('Closed', { exact: true })).toBeVisible();
  await expect(agentPage.getByText('This ticket is closed.')).toBeVisible();
  await expect(agentPage.getByLabel('Add a comment')).toHaveCount(0);
});
