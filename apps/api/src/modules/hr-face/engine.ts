import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Face recognition with the models that ship inside @vladmandic/face-api (node_modules/.../model):
 * SSD MobileNet v1 finds the faces, the 68-point landmark net aligns them and the ResNet-34
 * recognition net turns one face into a 128-number descriptor. TensorFlow.js runs on its WebAssembly
 * backend, loaded from @tensorflow/tfjs-backend-wasm's own dist folder, and jpeg-js or pngjs
 * decodes the photo (JPEG, or PNG: a browser canvas's default): nothing is downloaded or compiled at install or at run time.
 *
 * Inference runs in one worker thread, started on first use and kept for the life of the process
 * (the models load once, ~1.5 s); jobs queue there, so the event loop is never blocked by a photo.
 */

export interface FaceDescription {
  /** faces the detector found at or above its confidence */
  faces: number;
  /** the descriptor of the largest face, or null when there is none */
  descriptor: number[] | null;
  /** detector confidence of that face */
  score: number | null;
  /** milliseconds spent in the worker (decode + detect + describe) */
  ms: number;
}

/** The photo could not be read (neither JPEG nor PNG, corrupt, too large). */
export class FaceImageError extends Error {}

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Largest photo side the detector sees; bigger photos are scaled down first (speed). */
const MAX_SIDE = 800;
const JOB_TIMEOUT_MS = 60_000;

// Plain CommonJS run with `eval: true`, so it works the same from TypeScript sources (tests, tsx)
// and from the bundled dist/main.js, where no separate worker file exists.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const tf = require(workerData.tfjs);
const wasm = require(workerData.wasm);
const faceapi = require(workerData.faceapi);
const jpeg = require(workerData.jpeg);
const { PNG } = require(workerData.png);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PIXELS = 40 * 1024 * 1024;
function badImage(error) {
  const e = new Error('bad image: ' + (error && error.message || error));
  e.badImage = true;
  return e;
}
// A PNG (a browser canvas's default toDataURL) in pure JS: RGBA, transparency laid over white.
function pngRgb(bytes) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // IHDR's width and height (bytes 16-23): refuse a huge image before inflating it.
  if (buffer.length < 33) throw badImage('truncated PNG');
  const width = buffer.readUInt32BE(16), height = buffer.readUInt32BE(20);
  if (!width || !height || width * height > MAX_PIXELS) throw badImage('PNG too large');
  let png;
  try {
    png = PNG.sync.read(buffer);
  } catch (error) {
    throw badImage(error);
  }
  const rgba = png.data;
  const data = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    const a = rgba[i + 3] / 255;
    data[o] = rgba[i] * a + 255 * (1 - a);
    data[o + 1] = rgba[i + 1] * a + 255 * (1 - a);
    data[o + 2] = rgba[i + 2] * a + 255 * (1 - a);
  }
  return { width: png.width, height: png.height, data };
}
let ready = null;
function load() {
  ready ??= (async () => {
    wasm.setWasmPaths(workerData.wasmDir);
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(workerData.modelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(workerData.modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(workerData.modelDir);
  })();
  return ready;
}
function rgbOf(bytes) {
  let image;
  if (bytes.length >= 8 && PNG_SIGNATURE.equals(Buffer.from(bytes.buffer, bytes.byteOffset, 8))) {
    image = pngRgb(bytes);
  } else {
    try {
      image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 40, maxMemoryUsageInMB: 256 });
    } catch (error) {
      throw badImage(error);
    }
  }
  const { width, height, data } = image;
  const scale = Math.min(1, workerData.maxSide / Math.max(width, height));
  if (scale === 1) return { width, height, data };
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = new Uint8Array(w * h * 3);
  // Box filter: average the source pixels each target pixel covers.
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y / scale), y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x / scale), x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) / scale)));
      let r = 0, g = 0, b = 0, n = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) {
        const s = (yy * width + xx) * 3; r += data[s]; g += data[s + 1]; b += data[s + 2]; n++;
      }
      const d = (y * w + x) * 3; out[d] = r / n; out[d + 1] = g / n; out[d + 2] = b / n;
    }
  }
  return { width: w, height: h, data: out };
}
async function describe(bytes) {
  await load();
  const t0 = performance.now();
  const { width, height, data } = rgbOf(bytes);
  const tensor = tf.tensor3d(data, [height, width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: workerData.minConfidence }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    let best = null;
    for (const f of found) {
      const area = f.detection.box.width * f.detection.box.height;
      if (!best || area > best.area) best = { area, f };
    }
    return {
      faces: found.length,
      descriptor: best ? Array.from(best.f.descriptor) : null,
      score: best ? best.f.detection.score : null,
      ms: performance.now() - t0,
    };
  } finally {
    tensor.dispose();
  }
}
parentPort.on('message', async ({ id, bytes }) => {
  try {
    parentPort.postMessage({ id, result: await describe(new Uint8Array(bytes)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error), badImage: Boolean(error && error.badImage) });
  }
});
`;

interface Pending {
  resolve: (value: FaceDescription) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const job of pending.values()) {
    clearTimeout(job.timer);
    job.reject(error);
  }
  pending.clear();
}

function start(): Worker {
  if (worker) return worker;
  const started = new Worker(workerSource, {
    eval: true,
    workerData: {
      tfjs: require.resolve('@tensorflow/tfjs'),
      wasm: require.resolve('@tensorflow/tfjs-backend-wasm'),
      faceapi: join(packageDir('@vladmandic/face-api'), 'dist/face-api.node-wasm.js'),
      jpeg: require.resolve('jpeg-js'),
      png: require.resolve('pngjs'),
      wasmDir: `${join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}/`,
      modelDir: join(packageDir('@vladmandic/face-api'), 'model'),
      maxSide: MAX_SIDE,
      minConfidence: 0.5,
    },
  });
  started.on(
    'message',
    (message: { id: number; result?: FaceDescription; error?: string; badImage?: boolean }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      clearTimeout(job.timer);
      if (message.result) job.resolve(message.result);
      else if (message.badImage) job.reject(new FaceImageError(message.error ?? 'bad image'));
      else job.reject(new Error(`face worker: ${message.error ?? 'failed'}`));
    },
  );
  started.on('error', (error) => {
    worker = null;
    failAll(error);
  });
  started.on('exit', () => {
    if (worker === started) worker = null;
    failAll(new Error('face worker stopped'));
  });
  // An idle worker does not keep the process alive.
  started.unref();
  worker = started;
  return started;
}

/** Finds the faces in a JPEG or PNG and describes the largest one. */
export function describeFace(jpegBytes: Uint8Array): Promise<FaceDescription> {
  const current = start();
  const id = nextId++;
  return new Promise<FaceDescription>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('face worker timed out'));
    }, JOB_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // A copy: the caller's buffer may be a slice of a larger pooled one.
    const bytes = Uint8Array.from(jpegBytes).buffer;
    current.ref();
    current.postMessage({ id, bytes }, [bytes]);
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  });
}

/** Loads the models now (at most once), e.g. before a benchmark or at start-up. */
export async function warmFaceEngine(): Promise<void> {
  // A 1x1 JPEG: loads the models and finds no face.
  const tiny = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  await describeFace(tiny).catch((error: unknown) => {
    if (!(error instanceof FaceImageError)) throw error;
  });
}

/** Stops the worker (the app's onClose). */
export async function closeFaceEngine(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.terminate();
}

/** Euclidean distance between two descriptors. */
export function faceDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let sum = 0;
  a.forEach((value, i) => {
    sum += (value - (b[i] ?? 0)) ** 2;
  });
  return Math.sqrt(sum);
}
