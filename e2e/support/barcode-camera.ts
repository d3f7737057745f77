import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Zxing from '@zxing/library';
import jpeg from 'jpeg-js';

/**
 * A fake camera for Chromium that films a QR code of a text (a serial), drawn by @zxing/library's
 * writer, black on white in the middle of a grey frame. Like face-camera.ts it writes an MJPEG of
 * repeated frames that must exist before the browser starts (pass `fakeCameraArgs(file)` from
 * face-camera.ts in the launch options).
 */
const require = createRequire(import.meta.url);
// The package is CommonJS: Node's ESM loader does not see its named exports.
const zxing = require('@zxing/library') as typeof Zxing;

/** One width × height JPEG frame with the text's QR code, `size` pixels wide with its margin. */
export function barcodeFrame(text: string, width = 640, height = 480, size = 360): Buffer {
  const hints = new Map([[zxing.EncodeHintType.MARGIN, 4]]);
  const matrix = new zxing.QRCodeWriter().encode(
    text,
    zxing.BarcodeFormat.QR_CODE,
    size,
    size,
    hints,
  );
  const left = Math.round((width - matrix.getWidth()) / 2);
  const top = Math.round((height - matrix.getHeight()) / 2);
  const out = Buffer.alloc(width * height * 4, 160);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = (y * width + x) * 4;
      out[d + 3] = 255;
      const mx = x - left;
      const my = y - top;
      if (mx < 0 || my < 0 || mx >= matrix.getWidth() || my >= matrix.getHeight()) continue;
      const value = matrix.get(mx, my) ? 0 : 255;
      out[d] = value;
      out[d + 1] = value;
      out[d + 2] = value;
    }
  return Buffer.from(jpeg.encode({ data: out, width, height }, 90).data);
}

/**
 * Writes an MJPEG filming the text's QR code and answers its path. Only test workers write it:
 * the runner also loads spec files to list their tests, and would leave a file behind.
 */
export function writeBarcodeCamera(text: string, name: string): string {
  const file = join(tmpdir(), `portal-e2e-${name}-${process.pid}.mjpeg`);
  if (process.env.TEST_WORKER_INDEX !== undefined) {
    const frame = barcodeFrame(text);
    writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
  }
  return file;
}
