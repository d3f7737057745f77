import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 Deliver 1: a file attached to a ticket on its task-center page (signed upload), opened
// through its read link, refused when too large, and shown on the ticket's public view.
test.describe.configure({ timeout: 90_000 });

test('a file attached to a ticket, opened, and seen through the public link', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const agent = await apiAs(request, 'agent@demo.example');
  const ticket = await agent.send<{ id: number }>('POST', '/task-tickets', {
    subject: `Leaking roof ${stamp}`,
    detail: 'Water on the floor by the door.',
  });

  await signIn(page);
  await page.goto(`/task-center/${ticket.id}`);
  await expect(page.getByText(`Leaking roof ${stamp}`).first()).toBeVisible();
  const files = page.getByRole('list', { name: 'Files' });
  await page.getByLabel('File to attach').setInputFiles({
    name: `roof-notes-${stamp}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`Bucket under the leak ${stamp}`),
  });
  await expect(files).toContainText(`roof-notes-${stamp}.txt`);
  const href = await files
    .getByRole('link', { name: `roof-notes-${stamp}.txt` })
    .getAttribute('href');
  expect(href).toMatch(/\/api\/uploads\/.+\?expires=\d+&signature=/);
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(await file.text()).toBe(`Bucket under the leak ${stamp}`);

  // Too large: refused with the limit, nothing attached.
  await page.getByLabel('File to attach').setInputFiles({
    name: 'huge.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 97),
  });
  await expect(page.getByText('The file must be smaller than 10MB')).toBeVisible();
  await expect(files.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Create public link' }).click();
  const address = await page.getByLabel('Public link address').inputValue();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(address);
  await expect(
    visitor.getByRole('heading', { name: `Ticket #${ticket.id}: Leaking roof ${stamp}` }),
  ).toBeVisible();
  const seen = visitor.getByRole('list', { name: 'Files' });
  await expect(seen).toContainText(`roof-notes-${stamp}.txt`);
  await expect(visitor.getByLabel('File to attach')).toHaveCount(0);
  const publicHref = await seen
    .getByRole('link', { name: `roof-notes-${stamp}.txt` })
    .getAttribute('href');
  expect((await visitor.request.get(publicHref ?? '')).status()).toBe(200);
});
