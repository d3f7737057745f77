/**
 * npx tsx bench/face-accuracy.ts: how well the face check tells people apart on the photos we have,
 * with the same engine and threshold as the API (apps/api/src/modules/hr-face).
 *
 * The photos are the six group photos @vladmandic/face-api ships (22 faces). Genuine pairs: each
 * face enrolled from one crop and probed with six other "captures" of it (another crop, a mirror
 * image, half the size, darker, JPEG quality 30, and all of these at once): true accepts. Impostor
 * pairs: two faces of the same photo, certainly two people (31 pairs): false accepts. Pairs of
 * faces from different photos have no known identity; how many fall under the threshold is shown
 * apart. Prints a table per threshold; writes results/face-accuracy.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  closeFaceEngine,
  describeFace,
  faceDistance,
  warmFaceEngine,
} from '../apps/api/src/modules/hr-face/engine.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import {
  faceJpeg,
  sampleFaces,
  type Capture,
  type SampleFace,
} from '../apps/api/test/api/face-images.ts';
import { resultsDir } from './lib/paths.ts';

/** The threshold the server would use here: FACE_MATCH_THRESHOLD or its default (config.ts). */
const FACE_MATCH_THRESHOLD = loadConfig().FACE_MATCH_THRESHOLD;

const probes: Record<string, Capture> = {
  'other crop': { margin: 0.35, shift: [0.12, -0.08] },
  mirror: { mirror: true },
  'half size': { scale: 0.5 },
  darker: { brightness: 0.65 },
  'jpeg q30': { quality: 30 },
  'all at once': {
    margin: 0.4,
    shift: [0.1, -0.05],
    mirror: true,
    scale: 0.6,
    brightness: 0.85,
    quality: 60,
  },
};

async function descriptorOf(face: SampleFace, capture: Capture = {}) {
  const result = await describeFace(faceJpeg(face, capture));
  return result;
}

async function main() {
  await warmFaceEngine();
  const faces = Object.keys(sampleFaces) as SampleFace[];
  const enrolled = new Map<SampleFace, number[]>();
  const times: number[] = [];
  for (const face of faces) {
    const result = await descriptorOf(face);
    times.push(result.ms);
    if (result.descriptor) enrolled.set(face, result.descriptor);
    else console.log(`no face found in the enrolment crop of ${face}: left out`);
  }
  const genuine: { face: string; probe: string; distance: number | null }[] = [];
  const usable = faces.filter((face) => enrolled.has(face));
  for (const face of usable)
    for (const [probe, capture] of Object.entries(probes)) {
      const result = await descriptorOf(face, capture);
      times.push(result.ms);
      const own = enrolled.get(face);
      genuine.push({
        face,
        probe,
        distance: result.descriptor && own ? faceDistance(result.descriptor, own) : null,
      });
    }
  const impostor: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < usable.length; i++)
    for (let j = i + 1; j < usable.length; j++) {
      const a = usable[i] as SampleFace;
      const b = usable[j] as SampleFace;
      const d = faceDistance(enrolled.get(a) ?? [], enrolled.get(b) ?? []);
      (sampleFaces[a][0] === sampleFaces[b][0] ? impostor : unknown).push(d);
    }
  const thresholds = [0.4, 0.45, 0.5, 0.55, 0.6];
  const rows = thresholds.map((threshold) => ({
    threshold,
    trueAccepts: genuine.filter((g) => g.distance !== null && g.distance <= threshold).length,
    genuinePairs: genuine.length,
    noFaceFound: genuine.filter((g) => g.distance === null).length,
    falseAccepts: impostor.filter((d) => d <= threshold).length,
    impostorPairs: impostor.length,
    crossPhotoUnder: unknown.filter((d) => d <= threshold).length,
    crossPhotoPairs: unknown.length,
  }));
  const sortedTimes = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sortedTimes[Math.floor(q * (sortedTimes.length - 1))] ?? 0);
  const worstGenuine = Math.max(...genuine.map((g) => g.distance ?? 0));
  const closestImpostor = Math.min(...impostor);
  console.log(`threshold in use: ${FACE_MATCH_THRESHOLD}`);
  console.log(
    'threshold  true accepts   false accepts (same-photo pairs)  cross-photo pairs under',
  );
  for (const row of rows)
    console.log(
      `${row.threshold.toFixed(2).padEnd(10)} ${`${row.trueAccepts}/${row.genuinePairs}`.padEnd(14)} ${`${row.falseAccepts}/${row.impostorPairs}`.padEnd(33)} ${row.crossPhotoUnder}/${row.crossPhotoPairs}`,
    );
  console.log(
    `largest genuine distance ${worstGenuine.toFixed(3)}; smallest impostor distance ${closestImpostor.toFixed(3)}`,
  );
  for (const probe of Object.keys(probes)) {
    const of = genuine.filter((g) => g.probe === probe).map((g) => g.distance ?? Infinity);
    console.log(`  ${probe.padEnd(12)} max distance ${Math.max(...of).toFixed(3)}`);
  }
  console.log(
    `inference per photo (worker): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, n ${times.length}`,
  );
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, 'face-accuracy.json');
  writeFileSync(
    file,
    `${JSON.stringify({ threshold: FACE_MATCH_THRESHOLD, rows, worstGenuine, closestImpostor, genuine, inferenceMs: { p50: at(0.5), p99: at(0.99) } }, null, 2)}\n`,
  );
  console.log(`JSON: ${file}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeFaceEngine());
