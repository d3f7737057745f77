import { rmSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FACE_CONSENT_VERSION } from '@portal/contract/hr-face';
import { FACES, faceFrame, fakeCameraArgs, writeFakeCamera } from '../support/face-camera.ts';
import { DEMO_PASSWORD } from '../support/session.ts';

/**
 * The store kiosk with the face check (issue 6), Chromium's fake camera filming "Alice" of the
 * face-api sample photo. The store is one of the test's own, so requiring the face check there
 * changes nothing for other suites. Alice clocks in at the kiosk after the Verify Face modal;
 * Bea, whose enrolled face is not the camera's, is refused in red and nothing is punched.
 */

const cameraFile = writeFakeCamera('alice', 'kiosk-face');
test.afterAll(() => rmSync(cameraFile, { force: true }));

test.use({
  permissions: ['camera'],
  launchOptions: { executablePath: '/usr/bin/chromium', args: fakeCameraArgs(cameraFile) },
});
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Kiosk-Face-2026';
const PIN = '7391';

async function asAgent(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'agent@demo.example', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

/** A store of the test's own that requires the face check (block), with a kiosk enrolled for it. */
async function faceStore(request: APIRequestContext) {
  const headers = await asAgent(request);
  const name = `Face Kiosk ${Date.now().toString(36)}`;
  const created = await request.post('/api/stores', {
    headers,
    data: { name, time_zone: 'America/New_York' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data: store } = (await created.json()) as { data: { id: number } };
  const settings = await request.post('/api/hr-settings-stores', {
    headers,
    data: { store_id: store.id, face_check_required: true, face_check_mode: 'block' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const kiosk = await request.post('/api/hr-kiosks', {
    headers,
    data: { store_id: store.id, name: 'Face tablet' },
  });
  expect(kiosk.status(), await kiosk.text()).toBe(200);
  const { data } = (await kiosk.json()) as { data: { device_token: string } };
  return { storeId: store.id, name, deviceToken: data.device_token };
}

/** An employee of the store with a PIN and an enrolled face (theirs, with consent). */
async function employeeWithFace(
  request: APIRequestContext,
  storeId: number,
  firstName: string,
  face: keyof typeof FACES,
) {
  const headers = await asAgent(request);
  const roles = (await (await request.get('/api/user-roles', { headers })).json()) as {
    data: { results: { id: number; base_role: string }[] };
  };
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@demo.example`;
  const created = await request.post('/api/employees/new', {
    headers,
    data: {
      email,
      first_name: firstName,
      last_name: 'Kiosk',
      role_id: roles.data.results.find((r) => r.base_role === 'sub_agent_employee')?.id,
      password: PASSWORD,
      pay_type: 'salaried',
      current_store: storeId,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const own = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const pin = await request.patch(`/api/users/mobile-pin-change/${user.id}`, {
    headers: own,
    data: { mobile_pin: PIN },
  });
  expect(pin.status()).toBe(200);
  const enrolled = await request.patch(`/api/users/update-face/${user.id}`, {
    headers: own,
    data: {
      faceImage: faceFrame(FACES[face], 480, 480).toString('base64'),
      extension: 'jpeg',
      has_unique_face: false,
      consent: true,
      consent_version: FACE_CONSENT_VERSION,
    },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  await request.post('/api/auth/logout', { headers: own });
  return { name: `${firstName} Kiosk` };
}

async function openKiosk(page: Page, deviceToken: string) {
  await page.goto('/login');
  await page.evaluate(
    (token) => window.localStorage.setItem('kiosk_device_token', token),
    deviceToken,
  );
  await page.goto('/kiosk');
}

async function identify(page: Page, name: string) {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('option', { name }).click();
  await page.getByLabel('PIN').fill(PIN);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Captures once the fake camera has played a second (its very first frames can be blank). */
async function capture(modal: ReturnType<Page['getByRole']>) {
  await expect
    .poll(() =>
      modal
        .locator('video')
        .evaluate((video: HTMLVideoElement) => (video.videoWidth > 0 ? video.currentTime : 0))
        .catch(() => 0),
    )
    .toBeGreaterThan(1);
  await modal.getByRole('button', { name: 'Capture' }).click();
  await expect(modal.getByRole('img', { name: 'Captured face' })).toBeVisible();
}

test('the kiosk asks for the face: the PIN owner passes, someone else is refused', async ({
  page,
  request,
}) => {
  const store = await faceStore(request);
  const alice = await employeeWithFace(request, store.storeId, 'Alice', 'alice');
  const bea = await employeeWithFace(request, store.storeId, 'Bea', 'bea');
  await openKiosk(page, store.deviceToken);
  await expect(page.getByRole('heading', { name: store.name })).toBeVisible();

  // Bea's PIN, Alice's face on the camera: refused in red, nothing punched.
  await identify(page, bea.name);
  await page.getByRole('button', { name: 'Clock In' }).click();
  const modal = page.getByRole('dialog', { name: 'Verify Face' });
  await expect(modal).toContainText('Face verification is required');
  await capture(modal);
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toContainText('The face does not match the enrolled employee', {
    timeout: 30_000,
  });
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('You are not clocked in.')).toBeVisible();
  await page.getByRole('button', { name: 'Not you? Lock' }).click();

  // Alice: the modal, her face, clocked in, and the kiosk locks.
  await identify(page, alice.name);
  await page.getByRole('button', { name: 'Clock In' }).click();
  await expect(modal).toBeVisible();
  await capture(modal);
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Clocked In. Thank you, Alice.' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Hi, Alice' })).toBeHidden();
});
