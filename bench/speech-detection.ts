// `npm run bench:speech-detection`: the speech detector (the worker's code: a voice-activity model, the
// frame processor and the word rule) on the espeak-ng fixtures of tests/fixtures/make-speech-fixtures.sh,
// in Node, with each model in a process of its own (so each one's memory is its own):
// - `webrtc`: WebRTC's VAD (libfvad's WASM, @echogarden/fvad-wasm) behind a 300 Hz high-pass filter,
//   what the worker runs since issue 26;
// - `silero`: Silero VAD (legacy) on onnxruntime-web's single-threaded WASM build, what it ran before.
// Prints, as markdown, both side by side:
// - CPU (user+system of the process per second of audio) and memory (RSS, heap) of the detector;
// - recall for 3+ words spoken (a speech segment found), precision of the segments, the word rule's
//   mean absolute error, how often it agrees with the spec's limits (over 2 / over 3 words), and the
//   false speech events per 10 minutes of room noise, fan and silence;
// - per fixture: segments found, words estimated vs spoken.
// `--vad=webrtc|silero` runs one model and prints its figures as JSON (what the parent reads).
// The machine's load is printed with the figures: other work on it makes every time longer.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { VAD_SAMPLE_RATE } from '../workers/speech-detector/contract.ts';
import type { SpeechSegment, VadName } from '../workers/speech-detector/contract.ts';
import { ensureAudioFixtures, nodeSpeechDetector, readSamples } from '../tests/fixtures/speech-fixtures.ts';

/** The word rule's ms per word as calibrated for Silero (issue 19), before issue 26 moved to WebRTC's VAD. */
const SILERO_MS_PER_WORD = 400;

interface Row { name: string; spoken: number; segments: SpeechSegment[]; audioSec: number }
interface Figures {
  vad: VadName;
  modelLoadMs: number; audioSec: number; wallMs: number; frames: number; cpuMsPerAudioSec: number; inferMsPerFrame: number; frameMs: number;
  rssMb: number; rssGrowthMb: number; heapMb: number;
  recall3: number; found3: string; recallAll: number; precision: number; precisionOf: string;
  falsePer10Min: number; noiseEvents: number; noiseSec: number; mae: number; agree2: number; agree3: number;
  rows: { name: string; spoken: number; segments: number; words: number }[];
}

async function measure(vad: VadName): Promise<Figures> {
  const fixtures = ensureAudioFixtures();
  const detector = nodeSpeechDetector([], vad);
  // Each model with its own calibration of the word rule (contract.ts, `msPerWord`).
  if (vad === 'silero') detector.configure({ msPerWord: SILERO_MS_PER_WORD });
  const rssBefore = process.memoryUsage().rss;
  const loadStart = performance.now();
  const info = await detector.load();
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
  const trueSegments = speech.reduce((n, r) => n + Math.min(1, r.segments.length), 0);
  const allSegments = rows.reduce((n, r) => n + r.segments.length, 0);
  const agree = (limit: number) => speech.filter((r) => words(r) > limit === r.spoken > limit).length / speech.length;
  const noiseSec = noise.reduce((n, r) => n + r.audioSec, 0);
  const noiseEvents = noise.reduce((n, r) => n + r.segments.length, 0);
  const mb = (b: number) => b / 2 ** 20;
  return {
    vad, modelLoadMs, audioSec, wallMs, frames: stats.frames, frameMs: info.frameMs,
    cpuMsPerAudioSec: (cpu.user + cpu.system) / 1000 / audioSec,
    inferMsPerFrame: stats.inferMs / stats.frames,
    rssMb: mb(mem.rss), rssGrowthMb: mb(mem.rss - rssBefore), heapMb: mb(mem.heapUsed),
    recall3: found3.filter((r) => r.segments.length > 0).length / found3.length,
    found3: `${found3.filter((r) => r.segments.length > 0).length}/${found3.length}`,
    recallAll: speech.filter((r) => r.segments.length > 0).length / speech.length,
    precision: allSegments ? trueSegments / allSegments : 1,
    precisionOf: `${trueSegments}/${allSegments}`,
    falsePer10Min: (noiseEvents / noiseSec) * 600, noiseEvents, noiseSec,
    mae: speech.reduce((n, r) => n + Math.abs(words(r) - r.spoken), 0) / speech.length,
    agree2: agree(2), agree3: agree(3),
    rows: rows.map((r) => ({ name: r.name, spoken: r.spoken, segments: r.segments.length, words: words(r) })),
  };
}

const { values } = parseArgs({ options: { vad: { type: 'string' } } });
if (values.vad) {
  if (values.vad !== 'webrtc' && values.vad !== 'silero') throw new Error('--vad is webrtc or silero');
  console.log(JSON.stringify(await measure(values.vad)));
} else {
  const load = loadavg()[0]!;
  ensureAudioFixtures();
  const run = (vad: VadName): Figures => {
    const res = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `--vad=${vad}`], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (res.status !== 0) throw new Error(`the ${vad} run failed: ${res.stderr}`);
    return JSON.parse(res.stdout.trim().split('\n').at(-1)!) as Figures;
  };
  const both = [run('webrtc'), run('silero')];
  const f1 = (n: number) => n.toFixed(1);
  const f2 = (n: number) => n.toFixed(2);
  const line = (label: string, cell: (f: Figures) => string) => console.log(`| ${label} | ${both.map(cell).join(' | ')} |`);
  console.log(`\n### Speech detection (${new Date().toISOString()}, load ${f2(load)} at start, ${f2(loadavg()[0]!)} at end)\n`);
  console.log('| figure | WebRTC VAD (libfvad WASM, the worker\'s) | Silero VAD (onnxruntime-web WASM, before) |\n| --- | --- | --- |');
  line('model load', (f) => `${f1(f.modelLoadMs)} ms`);
  line('frame', (f) => `${f1(f.frameMs)} ms`);
  line('audio processed', (f) => `${f1(f.audioSec)} s in ${f1(f.wallMs / 1000)} s wall (${f.frames} frames)`);
  line('CPU per second of audio', (f) => `${f1(f.cpuMsPerAudioSec)} ms (${f1(f.cpuMsPerAudioSec / 10)} % of a core)`);
  line('inference per frame', (f) => `${f2(f.inferMsPerFrame)} ms`);
  line('memory (Node process)', (f) => `RSS ${f1(f.rssMb)} MiB (+${f1(f.rssGrowthMb)} MiB for the detector), heap ${f1(f.heapMb)} MiB`);
  line('recall, 3+ words spoken', (f) => `${f2(f.recall3)} (${f.found3})`);
  line('recall, any speech', (f) => f2(f.recallAll));
  line('precision of segments', (f) => `${f2(f.precision)} (${f.precisionOf})`);
  line('false speech events per 10 min of noise/silence', (f) => `${f2(f.falsePer10Min)} (${f.noiseEvents} in ${f1(f.noiseSec)} s)`);
  line('word rule: mean absolute error', (f) => `${f2(f.mae)} words`);
  line('word rule agrees on "over 2" / "over 3"', (f) => `${f2(f.agree2)} / ${f2(f.agree3)}`);
  console.log('\n| fixture | spoken | WebRTC: segments / words | Silero: segments / words |\n| --- | --- | --- | --- |');
  both[0]!.rows.forEach((r, i) => console.log(`| ${r.name} | ${r.spoken} | ${r.segments} / ${r.words} | ${both[1]!.rows[i]!.segments} / ${both[1]!.rows[i]!.words} |`));
  const [w, s] = both as [Figures, Figures];
  const within = Math.abs(w.recall3 - s.recall3) <= 0.02 && Math.abs(w.recallAll - s.recallAll) <= 0.02 && Math.abs(w.precision - s.precision) <= 0.02;
  console.log(`\nWebRTC VAD within 0.02 of Silero's recall and precision: ${within ? 'yes' : 'NO'}`);
}
