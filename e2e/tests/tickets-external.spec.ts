import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 item 3: the call center works its tickets from outside the company in the external
// ticket center: a reduced frame (no company menus), its queues, the ticket's status moves,
// SLA clocks and comments.
test.describe.configure({ timeout: 90_000 });

test('the call center works an assigned ticket in the external ticket center', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `Customer callback ${stamp}`;
  const agent = await apiAs(request, 'agent@demo.example');
  const people = await agent.get<{ results: { id: number; email: string }[] }>(
    '/users?search=callcenter%40demo.example',
  );
  const caller = people.results.find((person) => person.email === 'callcenter@demo.example');
  await agent.send('POST', '/task-tickets', {
    subject,
    detail: 'Call the customer back about the charger',
    assignee_id: caller?.id,
  });

  await signIn(page, 'callcenter@demo.example');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'External Ticket Center', exact: true })
    .click();
  await expect(page).toHaveURL(/\/external\/ticket-center$/);
  await expect(page.getByText('External Ticket Center', { exact: true })).toBeVisible();
  // The reduced frame: no sidebar, no company menus.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  await page.getByRole('tab', { name: /^Assigned to me/ }).click();
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page).toHaveURL(/\/external\/ticket-center\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'SLA clocks' })).toBeVisible();

  const status = page.getByRole('group', { name: 'Status' });
  await status.getByRole('button', { name: 'Start work' }).click();
  await expect(status.getByText('Open', { exact: true })).toBeVisible();

  await page.getByLabel('Add a comment').fill(`Called back ${stamp}`);
  await page.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText(`Called back ${stamp}`);

  await status.getByRole('button', { name: 'Resolve' }).click();
  await expect(status.getByText('Resolved', { exact: true })).toBeVisible();
});

test('the external ticket center shows another user’s change without a reload', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `Live ticket ${stamp}`;
  const agent = await apiAs(request, 'agent@demo.example');
  const people = await agent.get<{ results: { id: number; email: string }[] }>(
    '/users?search=callcenter%40demo.example',
  );
  const caller = people.results.find((person) => person.email === 'callcenter@demo.example');
  const ticket = await agent.send<{ id: number }>('POST', '/task-tickets', {
    subject,
    detail: 'Watch this one',
    assignee_id: caller?.id,
  });

  await signIn(page, 'callcenter@demo.example');
  await page.goto(`/external/ticket-center/${ticket.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
  const status = page.getByRole('group', { name: 'Status' });
  await expect(status.getByText('New', { exact: true })).toBeVisible();

  // The owner, in another session, comments and starts work: the agent's page follows.
  await agent.send('POST', `/task-tickets/${ticket.id}/comments`, { body: `From HQ ${stamp}` });
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText(`From HQ ${stamp}`);
  await agent.send('POST', `/task-tickets/${ticket.id}/transition`, { to: 'open' });
  await expect(status.getByText('Open', { exact: true })).toBeVisible();

  // The queue too: a new ticket assigned to them appears without a reload.
  await page.goto('/external/ticket-center');
  await page.getByRole('tab', { name: /^Assigned to me/ }).click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await agent.send('POST', '/task-tickets', {
    subject: `Second live ${stamp}`,
    detail: 'Appears by itself',
    assignee_id: caller?.id,
  });
  await expect(page.getByRole('link', { name: new RegExp(`Second live ${stamp}`) })).toBeVisible();
});
