import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/session.ts';

// Issue 18 Deliver 1: a file attached to a ticket on its task-center page (signed upload), opened
// through its read link, refused when too large, a file sent with a comment shown under it, and
// both shown on the ticket's public view.
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

  // A comment with its own file: shown under the comment, and in the ticket's files saying so.
  await page.getByLabel('File for the comment').setInputFiles({
    name: `receipt-${stamp}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`Receipt ${stamp}`),
  });
  await expect(page.getByLabel('Files for the comment')).toContainText(`receipt-${stamp}.txt`);
  await page.getByLabel('Add a comment').fill(`Receipt for the bucket ${stamp}`);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const commented = page
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ hasText: `Receipt for the bucket ${stamp}` })
    .first();
  const commentFile = commented.getByRole('link', { name: `receipt-${stamp}.txt` });
  await expect(commentFile).toBeVisible();
  const commentHref = (await commentFile.getAttribute('href')) ?? '';
  expect(await (await page.request.get(commentHref)).text()).toBe(`Receipt ${stamp}`);
  await expect(
    files.getByRole('listitem').filter({ hasText: `receipt-${stamp}.txt` }),
  ).toContainText('comment');
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByLabel('Files for the comment')).toHaveCount(0);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  }

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
  await expect(visitor.getByLabel('File for the comment')).toHaveCount(0);
  await expect(
    visitor
      .getByRole('list', { name: 'Comments' })
      .getByRole('link', { name: `receipt-${stamp}.txt` }),
  ).toBeVisible();
  const publicHref = await seen
    .getByRole('link', { name: `roof-notes-${stamp}.txt` })
    .getAttribute('href');
  expect((await visitor.request.get(publicHref ?? '')).status()).toBe(200);
});
