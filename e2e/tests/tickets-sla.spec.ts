import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 items 1 and 2: a ticket from a template (its required field asked for by the server),
// its SLA clocks paused with a reason while it waits, worked to resolution, and the SLA tracker.
test.describe.configure({ timeout: 90_000 });

test('a ticket from a template, paused with a reason, resolved; the SLA tracker lists it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `Till 4 frozen ${stamp}`;
  await signIn(page, 'manager@demo.example');
  await page.goto('/task-tickets/new-from-template');
  await expect(page.getByRole('heading', { name: 'New Ticket from Template' })).toBeVisible();
  await page.getByRole('link', { name: 'Use Till not working' }).click();
  await expect(page).toHaveURL(/\/task-tickets\/new\/\d+$/);
  await expect(page.getByRole('heading', { name: 'New Ticket: Till not working' })).toBeVisible();
  await page.getByLabel('Subject').fill(subject);

  // The template's required field left empty: the server's message lands on the field.
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByText('Till number is required').first()).toBeVisible();
  await page.getByLabel('Till number').fill('4');
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/task-center\/\d+$/);
  const id = Number(/\/task-center\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByText(subject).first()).toBeVisible();

  // The SLA clocks of the template's priority (High) run from creation.
  const clocks = page.getByRole('table', { name: 'SLA clocks' });
  await expect(clocks.getByRole('row', { name: /First response/ })).toContainText('Running');
  await expect(clocks.getByRole('row', { name: /Resolution/ })).toContainText('1440 min');

  const status = page.getByRole('group', { name: 'Status' });
  await status.getByRole('button', { name: 'Start work' }).click();
  await expect(status.getByText('Open', { exact: true })).toBeVisible();
  await page.getByLabel('Waiting for').fill('A new till drawer from the supplier');
  await page.getByRole('button', { name: 'Wait with reason' }).click();
  await expect(page.getByText('Paused: A new till drawer from the supplier')).toBeVisible();
  await expect(clocks.getByRole('row', { name: /Resolution/ })).toContainText('Paused');
  // On a phone the clocks' seven columns scroll in their own box; the page keeps its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(clocks).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Waiting tickets stay on the tracker with their time left frozen.
  await page.goto('/sla-tracker');
  await expect(page.getByRole('heading', { name: 'SLA Tracker' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Paused');
  await expect(row).toContainText('left');
  await row.getByRole('link', { name: `#${id} ${subject}` }).click();
  await expect(page).toHaveURL(new RegExp(`/task-center/${id}$`));

  await status.getByRole('button', { name: 'Start work' }).click();
  await expect(page.getByText(/^Paused:/)).toHaveCount(0);
  await status.getByRole('button', { name: 'Resolve' }).click();
  await expect(status.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(clocks.getByRole('row', { name: /Resolution/ })).toContainText('Met');

  // Resolved: off the tracker.
  await page.goto('/sla-tracker');
  await expect(page.getByRole('heading', { name: 'SLA Tracker' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(0);
});
