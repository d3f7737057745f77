import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FACES, faceFrame, fakeCameraArgs, writeFakeCamera } from '../support/face-camera.ts';
import { DEMO_PASSWORD, localStorageOf, submitLogin } from '../support/session.ts';

/**
 * The face check of the web clock (issue 6) with Chromium's fake camera. The camera "films" a face
 * from a sample photo that @vladmandic/face-api ships (demo/sample1.jpg, the face on the right:
 * "Alice"); this file writes it as an MJPEG of repeated frames before the browser starts. The
 * server compares with the real model. A pass: the employee enrols from the Verify Face modal
 * (with consent) and clocks in and out. A fail: a manager enrolled someone else's face ("Bea", the
 * face on the left of the same photo), so the camera's face is refused with the red error line.
 */

const aliceFrame = faceFrame(FACES.alice);
const cameraFile = writeFakeCamera('alice', 'face');
test.afterAll(() => rmSync(cameraFile, { force: true }));

test.use({
  permissions: ['camera'],
  launchOptions: { executablePath: '/usr/bin/chromium', args: fakeCameraArgs(cameraFile) },
});
// The model answers in about a second a photo on this machine; toasts queue for 4 s.
test.describe.configure({ timeout: 120_000 });

const EMPLOYEE_PASSWORD = 'Punch-The-Clock-2026';
let hired = 0;

async function agentHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

/**
 * A store of the test's own with the face check required: other suites clock in at the demo
 * stores on the same server, so the policy must not touch those.
 */
async function ownStore(
  request: APIRequestContext,
  headers: Record<string, string>,
  mode: 'block' | 'flag',
): Promise<number> {
  const created = await request.post('/api/stores', {
    headers,
    data: {
      name: `Face Store ${Date.now().toString(36)}${hired++}`,
      time_zone: 'America/New_York',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data: store } = (await created.json()) as { data: { id: number } };
  const policy = await request.post('/api/hr-settings-stores', {
    headers,
    data: { store_id: store.id, face_check_required: true, face_check_mode: mode },
  });
  expect(policy.status(), await policy.text()).toBe(200);
  return store.id;
}

/** A new hourly employee whose current store is one of the test's own, requiring the face check (block). */
async function faceCheckedEmployee(request: APIRequestContext, firstName: string) {
  const headers = await agentHeaders(request);
  const roles = (await (await request.get('/api/user-roles', { headers })).json()) as {
    data: { results: { id: number; base_role: string }[] };
  };
  const role = roles.data.results.find((r) => r.base_role === 'sub_agent_employee');
  const storeId = await ownStore(request, headers, 'block');
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}${hired++}@demo.example`;
  const created = await request.post('/api/employees/new', {
    headers,
    data: {
      email,
      first_name: firstName,
      last_name: 'Face',
      role_id: role?.id,
      password: EMPLOYEE_PASSWORD,
      pay_type: 'hourly',
      current_store: storeId,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { id: number } };
  return { email, userId: data.id, headers };
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email, EMPLOYEE_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * 'playing' once the modal's preview shows a decoded frame some way into the stream (the first
 * frames of a fresh stream may be blank); else what it shows, for the report of a failed wait.
 */
const previewState = (modal: ReturnType<Page['getByRole']>) =>
  modal
    .locator('video')
    .evaluate(
      (video: HTMLVideoElement) => {
        if (video.readyState >= 2 && video.currentTime > 0.5 && video.videoWidth > 0)
          return 'playing';
        const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0];
        const alert = video.closest('[role="dialog"]')?.querySelector('[role="alert"]');
        return [
          `readyState ${video.readyState}, currentTime ${video.currentTime.toFixed(2)}`,
          video.paused ? 'paused' : 'not paused',
          track ? `track ${track.readyState}${track.muted ? ' (muted)' : ''}` : 'no stream',
          alert ? `alert '${alert.textContent ?? ''}'` : 'no alert',
        ].join(', ');
      },
      undefined,
      { timeout: 2_000 },
    )
    .catch((error: Error) => `no preview (${error.message.split('\n')[0]})`);

/** Waits for the fake camera's picture in the modal, then captures it. */
async function capture(modal: ReturnType<Page['getByRole']>) {
  // The fake camera starts slowly on a busy machine.
  await expect.poll(() => previewState(modal), { timeout: 30_000 }).toBe('playing');
  await modal.getByRole('button', { name: 'Capture' }).click();
  await expect(modal.getByRole('img', { name: 'Captured face' })).toBeVisible();
}

test('face check passes: enrol from the Verify Face modal with consent, clock in, clock out', async ({
  page,
  request,
}) => {
  const { email } = await faceCheckedEmployee(request, 'Alice');
  await signInAs(page, email);
  const prompt = page.getByRole('dialog', { name: 'Hi, Alice' });
  await prompt.getByRole('button', { name: 'Clock In' }).click();

  const modal = page.getByRole('dialog', { name: 'Verify Face' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('You have not enrolled your face yet');
  // The fake camera is listed and preselected.
  await expect(modal.getByRole('combobox', { name: 'Camera' })).toHaveText(/fake|\w+/i);
  const confirm = modal.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  await capture(modal);
  // Clear goes back to the live picture; capture again.
  await modal.getByRole('button', { name: 'Clear' }).click();
  await expect(confirm).toBeDisabled();
  await capture(modal);
  // Enrolment needs consent.
  await expect(confirm).toBeDisabled();
  await modal
    .getByRole('checkbox', { name: /I agree that my employer may create a face template/ })
    .check();
  await confirm.click();

  await expect(toast(page, 'Clocked In')).toBeVisible({ timeout: 30_000 });
  await expect(modal).toBeHidden();
  const fab = page.getByRole('button', { name: /^Time clock:/ });
  await expect(fab).toHaveText('Clocked In');

  // Clock out: the enrolled face is asked for and matches.
  await fab.click();
  await page
    .getByRole('dialog', { name: 'Time Clock' })
    .getByRole('button', { name: 'Clock Out' })
    .click();
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Face verification is required');
  await capture(modal);
  await confirm.click();
  await expect(toast(page, 'Clocked Out')).toBeVisible({ timeout: 30_000 });
  await expect(fab).toHaveText('Clock In');
  expect((await localStorageOf(page)).clock_in).toBe('false');
});

test('face check fails: another person’s enrolled face is refused in red, and closing drops the clock-in', async ({
  page,
  request,
}) => {
  const { email, userId, headers } = await faceCheckedEmployee(request, 'Bea');
  // A manager enrolled Bea's face (with her signed consent); the camera shows Alice.
  const consent = (await (
    await request.get(`/api/users/update-face/${userId}`, { headers })
  ).json()) as { data: { current_consent_version: string } };
  const enrolled = await request.patch(`/api/users/update-face/${userId}`, {
    headers,
    data: {
      faceImage: faceFrame(FACES.bea, 480, 480).toString('base64'),
      extension: 'jpeg',
      has_unique_face: false,
      consent: true,
      consent_version: consent.data.current_consent_version,
    },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);

  await signInAs(page, email);
  await page
    .getByRole('dialog', { name: 'Hi, Bea' })
    .getByRole('button', { name: 'Clock In' })
    .click();
  const modal = page.getByRole('dialog', { name: 'Verify Face' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('checkbox')).toHaveCount(0);
  await capture(modal);
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'The face does not match the enrolled employee. Try again, or ask your manager.',
    { timeout: 30_000 },
  );
  await expect(modal.getByRole('alert')).toHaveCSS('color', /rgb\(2\d\d, \d{1,2}, \d{1,2}\)/);
  // Still held: the modal stays for another try; closing it drops the clock-in without a message.
  await modal.getByRole('button', { name: 'close' }).click();
  await expect(modal).toBeHidden();
  await expect(toast(page, 'Clocked In')).toHaveCount(0);
  const session = await page.request.get('/api/hr-web-clockin', {
    headers: { authorization: `Bearer ${(await localStorageOf(page)).authentication_token}` },
  });
  expect(((await session.json()) as { data: { status: number } }).data.status).toBe(1);
});

test('the employee sees, enrols and deletes their face at /hr/my-face; a manager reviews a flagged punch', async ({
  browser,
  page,
  request,
}) => {
  const { email, userId, headers } = await faceCheckedEmployee(request, 'Cy');
  await signInAs(page, email);
  await page
    .getByRole('dialog', { name: 'Hi, Cy' })
    .getByRole('button', { name: 'Not Now' })
    .click();
  await page.getByRole('link', { name: 'My Face Check' }).click();
  await expect(page.getByRole('heading', { name: 'My face check' })).toBeVisible();
  await expect(page.getByText('No face is enrolled for you.')).toBeVisible();
  await page.getByRole('button', { name: 'Enrol my face' }).click();
  const modal = page.getByRole('dialog', { name: 'Enrol Face' });
  await capture(modal);
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Face updated')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Your face is enrolled \(since .+, consent version/)).toBeVisible();

  // Under the flag policy a different face passes, flagged; the manager's review list shows it.
  const storeId = await ownStore(request, headers, 'flag');
  // The clock takes a clock-in only at a store the person works at.
  const assigned = await request.post('/api/user-stores', {
    headers,
    data: { user_id: userId, store_id: storeId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const token = (await localStorageOf(page)).authentication_token;
  const flagged = await page.request.post('/api/hr-web-clockin', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      user_id: userId,
      store_id: storeId,
      faceImage: faceFrame(FACES.bea, 480, 480).toString('base64'),
      extension: 'jpeg',
      has_unique_face: false,
    },
  });
  expect(flagged.status(), await flagged.text()).toBe(200);
  const timecard = ((await flagged.json()) as { data: { timecard: { id: number } } }).data.timecard;
  await page.request.patch('/api/hr-web-clockin', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      id: timecard.id,
      user_id: userId,
      faceImage: aliceFrame.toString('base64'),
      extension: 'jpeg',
    },
  });

  await page.getByRole('button', { name: 'Withdraw consent and delete my face data' }).click();
  await expect(toast(page, 'Face data deleted')).toBeVisible();
  await expect(page.getByText('No face is enrolled for you.')).toBeVisible();

  const manager = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const managerPage = await manager.newPage();
  await managerPage.goto('/login');
  await submitLogin(managerPage, 'agent@demo.example', DEMO_PASSWORD);
  await expect(managerPage).not.toHaveURL(/\/login/);
  // Straight to the review list: a click on its menu link could race the landing page's redirect.
  await expect(managerPage.getByRole('link', { name: 'Face Check Review' })).toBeVisible();
  await managerPage.goto('/hr/face-checks');
  // The timecard's own cell: its id as bare text could also be part of another row's time or id.
  const row = managerPage
    .getByRole('row')
    .filter({ hasText: 'Cy Face' })
    .filter({ has: managerPage.getByRole('cell', { name: String(timecard.id), exact: true }) });
  await expect(row).toContainText('Accepted, flagged');
  await row.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(row).toHaveCount(0);
  await manager.close();
});
