import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';

/**
 * A fake camera for Chromium that films a face of the sample photo @vladmandic/face-api ships
 * (demo/sample1.jpg): "Alice" is the face on the right, "Bea" the one on the left. The MJPEG file
 * must exist before the browser starts; pass `fakeCameraArgs(file)` in the launch options.
 */
const require = createRequire(import.meta.url);
const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = jpeg.decode(readFileSync(join(demo, 'sample1.jpg')), {
  useTArray: true,
  maxMemoryUsageInMB: 512,
});

export const FACES = {
  alice: [1476, 200, 203, 241],
  bea: [414, 355, 178, 238],
} as const satisfies Record<string, readonly [number, number, number, number]>;

/** A crop of sample1.jpg around a face box, fitted into a width × height JPEG frame on grey. */
export function faceFrame(
  box: readonly [number, number, number, number],
  width = 640,
  height = 480,
): Buffer {
  const [bx, by, bw, bh] = box;
  const x0 = Math.max(0, Math.round(bx - bw * 0.6));
  const y0 = Math.max(0, Math.round(by - bh * 0.6));
  const x1 = Math.min(sample.width, Math.round(bx + bw * 1.6));
  const y1 = Math.min(sample.height, Math.round(by + bh * 1.6));
  const scale = Math.min(width / (x1 - x0), height / (y1 - y0));
  const left = Math.round((width - (x1 - x0) * scale) / 2);
  const top = Math.round((height - (y1 - y0) * scale) / 2);
  const out = Buffer.alloc(width * height * 4, 128);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.floor((x - left) / scale) + x0;
      const sy = Math.floor((y - top) / scale) + y0;
      const d = (y * width + x) * 4;
      out[d + 3] = 255;
      if (sx < x0 || sx >= x1 || sy < y0 || sy >= y1) continue;
      const s = (sy * sample.width + sx) * 4;
      out[d] = sample.data[s] ?? 0;
      out[d + 1] = sample.data[s + 1] ?? 0;
      out[d + 2] = sample.data[s + 2] ?? 0;
    }
  return Buffer.from(jpeg.encode({ data: out, width, height }, 90).data);
}

/**
 * Writes an MJPEG of one face for the fake camera and answers its path. Only test workers write
 * it: the runner also loads spec files to list their tests, and would leave a file behind.
 */
export function writeFakeCamera(face: keyof typeof FACES, name: string): string {
  const file = join(tmpdir(), `portal-e2e-${name}-${process.pid}.mjpeg`);
  if (process.env.TEST_WORKER_INDEX !== undefined) {
    const frame = faceFrame(FACES[face]);
    writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
  }
  return file;
}

/** Chromium's switches for a fake camera playing `file`, with the permission prompt answered. */
export const fakeCameraArgs = (file: string) => [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
