import { rmSync } from 'node:fs';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { apiAs } from '../support/api.ts';
import { writeBarcodeCamera } from '../support/barcode-camera.ts';
import { fakeCameraArgs } from '../support/face-camera.ts';
import { AGENT, signIn } from '../support/session.ts';
import { expectToast } from '../support/toasts.ts';

/**
 * Fulfilment and receiving by camera (issue 16 item 4): Chromium's fake camera films a QR code of
 * a serial in the warehouse (written by @zxing/library before the browser starts); "Scan with
 * camera" decodes it, adds it once, and the order ships and is received with it. Generous waits:
 * the decoder's chunk loads and the fake camera starts on a machine shared with other browsers.
 */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

// Each worker loads this file and writes its own camera; the serial is the one it films.
const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`.toUpperCase();
const serial = `IMEI-CAM-${tag}`;
const cameraFile = writeBarcodeCamera(serial, 'scan');
test.afterAll(() => rmSync(cameraFile, { force: true }));

test.use({
  permissions: ['camera'],
  launchOptions: { executablePath: '/usr/bin/chromium', args: fakeCameraArgs(cameraFile) },
});

let orderId = 0;

test.beforeAll(async ({ request }) => {
  const agent = await apiAs(request, AGENT.email);
  const product = await agent.send<{ id: number }>('POST', '/products', {
    name: `Camera Phone ${tag}`,
    sku: `CP-${tag}`,
    price_cents: 39_900,
    is_serialized: true,
  });
  const warehouse = await agent.send<{ id: number }>('POST', '/stock-locations', {
    name: `Camera Warehouse ${tag}`,
  });
  await agent.send('POST', '/inventory-items', {
    product_id: product.id,
    location_id: warehouse.id,
    serials: [serial],
  });
  const stores = await agent.get<{ results: { id: number }[] }>('/stores?perPage=1');
  const order = await agent.send<{ id: number }>('POST', '/orders', {
    store_id: stores.results[0]?.id,
    lines: [{ product_id: product.id, quantity: 1 }],
  });
  await agent.send('POST', `/orders/${order.id}/transition`, { to: 'submitted' });
  orderId = order.id;
});

test('fulfil by camera at 1440 px: the filmed serial is added once and the order ships', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto(`/fulfill-order/${orderId}`);
  await expect(page.getByRole('heading', { name: `Fulfill Order #${orderId}` })).toBeVisible();
  await expect(page.getByText('0 of 1 picked')).toBeVisible();
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan with camera' });
  await expect(dialog.getByLabel('Camera preview')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(`Added ${serial}`);
  // The camera keeps filming the same code: it is not added again.
  await page.waitForTimeout(1_500);
  await expect(dialog.getByText('1 added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: serial })).toHaveCount(1);
  await expect(page.getByText('1 of 1 picked')).toBeVisible();
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order shipped');
});

test('receive by camera at 390 px: the unit matches the manifest and the order is received', async ({
  page,
}) => {
  await signIn(page);
  // A phone's width once signed in (the main navigation is a drawer there).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/receive-order/${orderId}`);
  await expect(page.getByRole('heading', { name: `Receive Order #${orderId}` })).toBeVisible();
  await expect(page.getByText('Missing (1)')).toBeVisible();
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan with camera' });
  await expect(dialog.getByRole('status')).toHaveText(`Added ${serial}`);
  // Full screen on a phone, nothing wider than the screen.
  const box = await dialog.getByLabel('Camera preview').boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Matched (1)')).toBeVisible();
  await expect(page.getByText('Missing (0)')).toBeVisible();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expectToast(page, 'Order received');
});

test('camera refused: a clear message, and typing a serial still works', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await signIn(page);
  await page.goto(`/fulfill-order/${orderId}`);
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan with camera' });
  await expect(dialog.getByRole('alert')).toContainText('Camera permission was denied');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const field = page.getByLabel('Serial or IMEI');
  await field.fill('TYPED-AFTER-REFUSAL');
  await field.press('Enter');
  await expect(page.getByRole('button', { name: 'TYPED-AFTER-REFUSAL' })).toBeVisible();
});
