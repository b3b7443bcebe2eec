// `npm run bench:speech-detection`: the speech detector (Silero VAD + the word rule, the same code
// the speech-detector worker runs) on the espeak-ng fixtures of tests/fixtures/make-speech-fixtures.sh,
// in Node on onnxruntime-web's single-threaded WASM build. Prints, as markdown:
// - CPU (user+system of this process per second of audio) and memory (RSS, heap) of the detector;
// - per fixture: segments found, words estimated vs spoken;
// - recall for 3+ words spoken (a speech segment found), precision of the segments, the word rule's
//   mean absolute error, how often it agrees with the spec's limits (over 2 / over 3 words), and the
//   false speech events per 10 minutes of room noise, fan and silence.
// The machine's load is printed with the figures: other work on it makes every time longer.
import { loadavg } from 'node:os';
import { VAD_SAMPLE_RATE } from '../workers/speech-detector/contract.ts';
import type { SpeechSegment } from '../workers/speech-detector/contract.ts';
import { ensureAudioFixtures, nodeSpeechDetector, readSamples } from '../tests/fixtures/speech-fixtures.ts';

interface Row { name: string; spoken: number; segments: SpeechSegment[]; audioSec: number }

const load = loadavg()[0]!;
const fixtures = ensureAudioFixtures();
const detector = nodeSpeechDetector();
const rssBefore = process.memoryUsage().rss;
const loadStart = performance.now();
await detector.load();
const modelLoadMs = performance.now() - loadStart;

const rows: Row[] = [];
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
let audioSec = 0;
for (const f of fixtures) {
  const samples = readSamples(f.file);
  const segments = [...(await detector.pushAudio(samples, VAD_SAMPLE_RATE)), ...detector.flush()];
  const sec = samples.length / VAD_SAMPLE_RATE;
  audioSec += sec;
  rows.push({ name: f.name, spoken: f.words, segments, audioSec: sec });
}
const cpu = process.cpuUsage(cpuStart);
const wallMs = performance.now() - wallStart;
const mem = process.memoryUsage();
const stats = detector.getStats();

const speech = rows.filter((r) => r.spoken > 0);
const noise = rows.filter((r) => r.spoken === 0);
const words = (r: Row) => r.segments.reduce((n, s) => n + s.words, 0);
const found3 = speech.filter((r) => r.spoken >= 3);
const recall3 = found3.filter((r) => r.segments.length > 0).length / found3.length;
const recallAll = speech.filter((r) => r.segments.length > 0).length / speech.length;
const trueSegments = speech.reduce((n, r) => n + Math.min(1, r.segments.length), 0);
const allSegments = rows.reduce((n, r) => n + r.segments.length, 0);
const precision = allSegments ? trueSegments / allSegments : 1;
const mae = speech.reduce((n, r) => n + Math.abs(words(r) - r.spoken), 0) / speech.length;
const agree = (limit: number) => speech.filter((r) => words(r) > limit === r.spoken > limit).length / speech.length;
const noiseSec = noise.reduce((n, r) => n + r.audioSec, 0);
const noiseEvents = noise.reduce((n, r) => n + r.segments.length, 0);

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
console.log(`\n### Speech detection (${new Date().toISOString()}, load ${f2(load)} at start, ${f2(loadavg()[0]!)} at end)\n`);
console.log('| figure | value |\n| --- | --- |');
console.log(`| model load | ${f1(modelLoadMs)} ms |`);
console.log(`| audio processed | ${f1(audioSec)} s in ${f1(wallMs / 1000)} s wall (${stats.frames} frames) |`);
console.log(`| CPU per second of audio | ${f1(((cpu.user + cpu.system) / 1000) / audioSec)} ms (${f1(((cpu.user + cpu.system) / 10) / (audioSec * 1000))} % of a core) |`);
console.log(`| inference per 96 ms frame | ${f2(stats.inferMs / stats.frames)} ms |`);
console.log(`| memory | RSS ${f1(mem.rss / 2 ** 20)} MiB (+${f1((mem.rss - rssBefore) / 2 ** 20)} MiB for the detector), heap ${f1(mem.heapUsed / 2 ** 20)} MiB |`);
console.log(`| recall, 3+ words spoken | ${f2(recall3)} (${found3.filter((r) => r.segments.length > 0).length}/${found3.length}) |`);
console.log(`| recall, any speech | ${f2(recallAll)} |`);
console.log(`| precision of segments | ${f2(precision)} (${trueSegments}/${allSegments}) |`);
console.log(`| false speech events per 10 min of noise/silence | ${f2((noiseEvents / noiseSec) * 600)} (${noiseEvents} in ${f1(noiseSec)} s) |`);
console.log(`| word rule: mean absolute error | ${f2(mae)} words |`);
console.log(`| word rule agrees on "over 2" / "over 3" | ${f2(agree(2))} / ${f2(agree(3))} |`);
console.log('\n| fixture | spoken | segments | estimated words |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.name} | ${r.spoken} | ${r.segments.length} | ${words(r)} |`);
