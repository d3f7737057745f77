import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Test photos cut from the sample photos @vladmandic/face-api ships (demo/sample1..6.jpg, group
 * photos of several people). A "face" is a box found by the package's detector; a different crop,
 * a mirror image, a smaller scale, other light or a lower JPEG quality of the same face stands in
 * for "the same person, another capture" (the package has no second photo known to be of the same
 * person); two faces of the same photo are two different people.
 */

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** Face boxes (x, y, width, height) the detector found, per sample photo. */
export const sampleFaces = {
  s1f0: [1, 414, 355, 178, 238],
  s1f1: [1, 838, 421, 187, 227],
  s1f2: [1, 1476, 200, 203, 241],
  s2f0: [2, 361, 127, 153, 258],
  s2f1: [2, 901, 218, 151, 235],
  s2f2: [2, 1447, 153, 193, 243],
  s3f0: [3, 585, 329, 199, 271],
  s3f1: [3, 1075, 215, 221, 299],
  s3f2: [3, 1514, 292, 170, 279],
  s4f0: [4, 257, 184, 162, 246],
  s4f1: [4, 664, 52, 187, 258],
  s4f2: [4, 988, 180, 169, 228],
  s4f3: [4, 1277, 144, 145, 243],
  s5f0: [5, 377, 859, 172, 300],
  s5f1: [5, 597, 415, 167, 249],
  s5f2: [5, 787, 109, 156, 212],
  s5f3: [5, 1112, 198, 159, 237],
  s5f4: [5, 1406, 390, 166, 270],
  s6f0: [6, 250, 467, 210, 291],
  s6f1: [6, 681, 321, 159, 306],
  s6f2: [6, 1181, 305, 188, 280],
  s6f3: [6, 1487, 263, 212, 294],
} as const;
export type SampleFace = keyof typeof sampleFaces;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

const decoded = new Map<number, Rgba>();
function sample(n: number): Rgba {
  let image = decoded.get(n);
  if (!image) {
    const raw = jpeg.decode(readFileSync(join(demoDir, `sample${n}.jpg`)), {
      useTArray: true,
      maxMemoryUsageInMB: 512,
    });
    image = { width: raw.width, height: raw.height, data: raw.data };
    decoded.set(n, image);
  }
  return image;
}

export interface Capture {
  /** extra room around the face box, as a fraction of its size (default 0.6) */
  margin?: number;
  /** shifts the crop by this fraction of the face size (x, y) */
  shift?: [number, number];
  mirror?: boolean;
  /** output size relative to the crop (nearest pixel) */
  scale?: number;
  /** multiplies every channel */
  brightness?: number;
  quality?: number;
}

/** A JPEG of one sample face, as a capture would be. */
export function faceJpeg(face: SampleFace, capture: Capture = {}): Buffer {
  const [n, bx, by, bw, bh] = sampleFaces[face];
  const image = sample(n);
  const margin = capture.margin ?? 0.6;
  const [sx, sy] = capture.shift ?? [0, 0];
  const x0 = Math.max(0, Math.round(bx - bw * margin + bw * sx));
  const y0 = Math.max(0, Math.round(by - bh * margin + bh * sy));
  const x1 = Math.min(image.width, Math.round(bx + bw * (1 + margin) + bw * sx));
  const y1 = Math.min(image.height, Math.round(by + bh * (1 + margin) + bh * sy));
  return cropJpeg(image, [x0, y0, x1 - x0, y1 - y0], capture);
}

/**
 * A PNG of one sample face, as a browser canvas's toDataURL() makes by default (RGBA, opaque;
 * `transparentBorder` clears a frame of that many pixels, as a cut-out would).
 */
export function facePng(face: SampleFace, transparentBorder = 0): Buffer {
  const [n, bx, by, bw, bh] = sampleFaces[face];
  const image = sample(n);
  const x0 = Math.max(0, Math.round(bx - bw * 0.6));
  const y0 = Math.max(0, Math.round(by - bh * 0.6));
  const width = Math.min(image.width, Math.round(bx + bw * 1.6)) - x0;
  const height = Math.min(image.height, Math.round(by + bh * 1.6)) - y0;
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const s = ((y0 + y) * image.width + x0 + x) * 4;
      const d = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) png.data[d + c] = image.data[s + c] ?? 0;
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y);
      png.data[d + 3] = edge < transparentBorder ? 0 : 255;
    }
  return PNG.sync.write(png);
}

/** A whole sample photo (several faces), scaled. */
export function sampleJpeg(n: number, scale = 0.5): Buffer {
  const image = sample(n);
  return cropJpeg(image, [0, 0, image.width, image.height], { scale });
}

function cropJpeg(
  image: Rgba,
  [x0, y0, w, h]: [number, number, number, number],
  capture: Capture,
): Buffer {
  const scale = capture.scale ?? 1;
  const brightness = capture.brightness ?? 1;
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const srcX = x0 + Math.min(w - 1, Math.floor((capture.mirror ? width - 1 - x : x) / scale));
      const srcY = y0 + Math.min(h - 1, Math.floor(y / scale));
      const s = (srcY * image.width + srcX) * 4;
      const d = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) out[d + c] = Math.min(255, (image.data[s + c] ?? 0) * brightness);
      out[d + 3] = 255;
    }
  return Buffer.from(jpeg.encode({ data: out, width, height }, capture.quality ?? 90).data);
}

/** A photo with no face: smooth grey noise. */
export function noFaceJpeg(width = 320, height = 240): Buffer {
  const out = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let i = 0; i < width * height; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const v = 100 + (seed % 40);
    out[i * 4] = v;
    out[i * 4 + 1] = v;
    out[i * 4 + 2] = v;
    out[i * 4 + 3] = 255;
  }
  return Buffer.from(jpeg.encode({ data: out, width, height }, 80).data);
}

export const base64 = (bytes: Buffer) => bytes.toString('base64');
