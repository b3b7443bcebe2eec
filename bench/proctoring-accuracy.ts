// `npm run bench:proctoring-accuracy`: the face detector's flags on labelled webcam fixtures. Each
// fixture (tests/fixtures/out/<name>.mjpeg or .y4m, or any video given as <file>=<labels.csv>) is
// replayed through the worker's own code in Node (tests/fixtures/webcam-replay.ts: ffmpeg decodes it
// at 4 frames/s, the worker's VideoFrame reader, BlazeFace on tfjs WASM, the temporal and liveness
// rules) and scored against its label file (tests/fixtures/labels/<name>.csv). Prints, as markdown,
// per flag and fixture: precision, recall, false onsets, time to flag; per flag over all fixtures:
// precision, recall, false violations per hour of clean video, the slowest time to flag; and the
// acceptance checks (exit 1 when one fails):
// - no false violation (no-face, multi-face) on any fixture;
// - the still-photo fixture is flagged 'still' within 10 s; the reader fixture never is.
//
//   npm run bench:proctoring-accuracy [-- name ... | file.mjpeg=labels.csv ...] [--short]
// Without names: every fixture with a label file. --short: the CI clips (<name>.short.mjpeg).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { parseLabels, FLAGS, VIOLATION_FLAGS } from '../tests/fixtures/labels.ts';
import type { Flag } from '../tests/fixtures/labels.ts';
import { replayStates, scoreFixture } from '../tests/fixtures/accuracy.ts';
import type { FixtureScore } from '../tests/fixtures/accuracy.ts';
import { fixturesOut, nodeFaceDetector, root } from '../tests/fixtures/webcam-replay.ts';
import { DEFAULT_FACE_SETTINGS } from '../workers/face-detector/contract.ts';

const args = process.argv.slice(2);
const short = args.includes('--short');
const labelsDir = join(root, 'tests', 'fixtures', 'labels');
const GENERATED = ['seated', 'reader', 'still-photo', 'poster-behind', 'low-light', 'photo-swap'];
/** make-fixtures.sh's y4m clips (the e2e's), looped as Chromium loops them: 4 s clips 5 times. */
const Y4M: Record<string, number> = { 'one-face': 5, 'two-faces': 5, 'no-face': 5, 'face-leaves': 1 };

interface Item { name: string; file: string; labels: string; loops?: number }
function items(): Item[] {
  const named = args.filter((a) => !a.startsWith('--'));
  const list = named.length ? named : [...Object.keys(Y4M), ...GENERATED];
  return list.map((a) => {
    if (a.includes('=')) {
      const [file, labels] = a.split('=') as [string, string];
      return { name: basename(file), file, labels };
    }
    if (a in Y4M) return { name: a, file: join(fixturesOut, `${a}.y4m`), labels: join(labelsDir, `${a}.csv`), loops: Y4M[a] };
    const file = join(fixturesOut, `${a}${short ? '.short' : ''}.mjpeg`);
    return { name: a, file, labels: join(labelsDir, `${a}.csv`) };
  });
}

const todo = items();
const missing = todo.filter((i) => !existsSync(i.file) && GENERATED.includes(i.name)).map((i) => i.name);
const missingY4m = todo.filter((i) => !existsSync(i.file) && i.name in Y4M).map((i) => i.name);
if (missingY4m.length && spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-fixtures.sh'), ...missingY4m], { stdio: 'inherit' }).status !== 0) {
  throw new Error('make-fixtures.sh failed');
}
if (missing.length) {
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-liveness-fixtures.sh'), ...(short ? ['--short'] : []), ...missing], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('make-liveness-fixtures.sh failed');
}

const loadStart = loadavg()[0]!;
const started = performance.now();
const detector = await nodeFaceDetector();
const results: Array<{ item: Item; score: FixtureScore; motion: { candidate: number[]; others: number[] }; wallS: number }> = [];
let clock = 0; // the replay's clock runs on from fixture to fixture (a monotonic clock never goes back)
for (const item of todo) {
  const t0 = performance.now();
  const labels = parseLabels(readFileSync(item.labels, 'utf8'));
  const { perSecond, motion } = await replayStates(detector, item.file, { startMs: clock, loops: item.loops });
  clock += (perSecond.length + 60) * 1000;
  const score = scoreFixture(labels, perSecond);
  results.push({ item, score, motion, wallS: (performance.now() - t0) / 1000 });
  console.error(`[accuracy] ${item.name}: ${score.seconds} s replayed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const pct = (n: number, d: number) => (d === 0 ? '–' : (n / d).toFixed(2));
const ttf = (xs: Array<number | null>) => (xs.length === 0 ? '–' : xs.map((x) => (x === null ? 'never' : `${x} s`)).join(', '));
const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + f(r), 0);

console.log(`\n### Proctoring accuracy (${new Date().toISOString()}, ${cpus().length} cores, load ${loadStart.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end)\n`);
console.log(`Detections at ${DEFAULT_FACE_SETTINGS.ratePerSecond}/s; liveness window ${DEFAULT_FACE_SETTINGS.stillWindowMs / 1000} s, still below ${DEFAULT_FACE_SETTINGS.stillBelow}, live from ${DEFAULT_FACE_SETTINGS.liveAbove} of the face's width.\n`);
console.log('| fixture | seconds | flag | labelled s | flagged s | precision | recall | false onsets | time to flag |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { item, score } of results) {
  for (const flag of FLAGS) {
    const f = score.flags[flag];
    if (f.expected === 0 && f.flagged === 0 && f.falseOnsets === 0 && f.timeToFlag.length === 0) continue;
    console.log(`| ${item.name} | ${score.seconds} | ${flag} | ${f.expected} | ${f.flagged} | ${pct(f.truePositive, f.flagged)} | ${pct(f.truePositive, f.expected)} | ${f.falseOnsets} | ${ttf(f.timeToFlag)} |`);
  }
}
// The liveness rule's input: how much each face moved over its window (share of its width).
const spread = (xs: number[]) => {
  if (xs.length === 0) return '–';
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]!.toFixed(4)} / ${s[s.length >> 1]!.toFixed(4)} / ${s.at(-1)!.toFixed(4)}`;
};
console.log(`\n| fixture | motion of the most moving face: min / median / max | of the other faces | detections judged |`);
console.log('| --- | --- | --- | --- |');
for (const { item, motion } of results) console.log(`| ${item.name} | ${spread(motion.candidate)} | ${spread(motion.others)} | ${motion.candidate.length} |`);

const cleanH = sum((r) => r.score.cleanSeconds) / 3600;
console.log('\n| flag | precision | recall | false onsets per hour of clean video | slowest time to flag |');
console.log('| --- | --- | --- | --- | --- |');
for (const flag of FLAGS) {
  const tp = sum((r) => r.score.flags[flag].truePositive);
  const times = results.flatMap((r) => r.score.flags[flag].timeToFlag);
  const slowest = times.includes(null) ? 'never (once at least)' : times.length ? `${Math.max(...(times as number[]))} s` : '–';
  const onsets = sum((r) => r.score.flags[flag].falseOnsets);
  console.log(`| ${flag}${VIOLATION_FLAGS.includes(flag) ? ' (violation)' : ''} | ${pct(tp, sum((r) => r.score.flags[flag].flagged))} | ${pct(tp, sum((r) => r.score.flags[flag].expected))} | ${(onsets / cleanH).toFixed(1)} (${onsets} in ${(cleanH * 60).toFixed(1)} min) | ${slowest} |`);
}

const checks: Array<[string, boolean]> = [];
const falseViolations = sum((r) => VIOLATION_FLAGS.reduce((n, f: Flag) => n + r.score.flags[f].falseOnsets, 0));
checks.push(['no false violation on any fixture', falseViolations === 0]);
const byName = (n: string) => results.find((r) => r.item.name === n)?.score;
const photo = byName('still-photo');
if (photo) checks.push(['still-photo flagged still within 10 s', photo.flags.still.timeToFlag.every((t) => t !== null && t <= 10)]);
const reader = byName('reader');
if (reader) checks.push(['reader never flagged still', reader.flags.still.flagged === 0 && reader.flags.still.falseOnsets === 0]);
console.log('\n| check | result |\n| --- | --- |');
for (const [what, ok] of checks) console.log(`| ${what} | ${ok ? 'met' : '**missed**'} |`);
console.log(`\n${results.length} fixtures, ${sum((r) => r.score.seconds)} s of video in ${((performance.now() - started) / 1000).toFixed(1)} s.`);

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'proctoring-accuracy.json'), JSON.stringify({ at: new Date().toISOString(), loadStart, results, checks }, null, 2));
detector.detector.dispose();
if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
