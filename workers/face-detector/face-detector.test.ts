// The real BlazeFace model on the tfjs WASM backend (the browser's first choice, here Node's own
// WebAssembly with the same .wasm files), fed frames of the webcam fixtures (read from the .y4m files
// Chromium's fake camera plays). Fixtures that are missing are generated, never skipped. Time is a
// fake clock passed in as `now`; the model itself runs for real (~10 ms per detection; it was ~150 ms
// on the CPU backend, which made this the unit step's slowest worker file: issue 26).
import { MathBackendCPU } from '@tensorflow/tfjs-backend-cpu';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { spawnSync } from 'node:child_process';
import { existsSync, openSync, readFileSync, readSync, closeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FaceBackend, FaceDetectorEvent, RgbaImage } from './contract.ts';
import { DEFAULT_FACE_SETTINGS } from './contract.ts';
import { createFaceDetector, MODEL_SIZE, readRgbaFrame } from './face-detector.ts';
import type { BackendCandidate, FaceDetectorDeps, Scheduler } from './face-detector.ts';
import { letterbox } from './letterbox.ts';
import { modelFromFiles } from './testing/model-artifacts.ts';
import { createVideoFrameReader } from './video-frames.ts';
import { frameSpan, parseY4mHeader, y4mFrameToRgba } from './testing/y4m.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'tests', 'fixtures', 'out');
type Fixture = 'one-face' | 'two-faces' | 'no-face';

function ensureFixtures(names: Fixture[]): void {
  const missing = names.filter((n) => !existsSync(join(fixtures, `${n}.y4m`)));
  if (missing.length === 0) return;
  const res = spawnSync('bash', [join(root, 'tests', 'fixtures', 'make-fixtures.sh'), ...missing], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`make-fixtures.sh ${missing.join(' ')} failed (exit ${res.status})`);
}

/** Frames `indices` of a fixture as RGBA (640x480). */
function readFrames(name: Fixture, indices: number[]): RgbaImage[] {
  const fd = openSync(join(fixtures, `${name}.y4m`), 'r');
  try {
    const head = Buffer.alloc(512);
    readSync(fd, head, 0, head.length, 0);
    const info = parseY4mHeader(head);
    return indices.map((i) => {
      const { offset, length } = frameSpan(info, i);
      const bytes = Buffer.alloc(length);
      if (readSync(fd, bytes, 0, length, offset) !== length) throw new Error(`${name}: no frame ${i}`);
      return y4mFrameToRgba(info, bytes);
    });
  } finally {
    closeSync(fd);
  }
}

const modelDir = join(root, 'public', 'models', 'blazeface');
function fileModel() {
  if (!existsSync(join(modelDir, 'model.json'))) {
    const res = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/cli/models.ts', '--if-missing'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error('npm run models failed');
  }
  return modelFromFiles(JSON.parse(readFileSync(join(modelDir, 'model.json'), 'utf8')), [
    readFileSync(join(modelDir, 'group1-shard1of1.bin')),
  ]);
}

/** WASM as the worker prepares it (backends.ts), with the .wasm files read from disk. */
const wasm: BackendCandidate = {
  name: 'wasm',
  prepare() {
    setWasmPaths(`${join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist')}/`);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  },
};

/** A manual clock and timer queue: `advance` fires due timers in order. */
function fakeTime() {
  let t = 0;
  const timers = new Map<number, { at: number; cb: () => void }>();
  let nextId = 1;
  const scheduler: Scheduler = {
    setTimeout: (cb, ms) => (timers.set(nextId, { at: t + ms, cb }), nextId++),
    clearTimeout: (h) => void timers.delete(h as number),
  };
  return {
    now: () => t,
    scheduler,
    set(ms: number) {
      t = ms;
    },
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = [...timers].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        t = due[1].at;
        due[1].cb();
      }
      t = end;
    },
  };
}

function harness(extra: Partial<FaceDetectorDeps> = {}) {
  const events: FaceDetectorEvent[] = [];
  const clock = fakeTime();
  const detector = createFaceDetector({
    emit: (e) => events.push(e),
    model: fileModel(),
    backends: [wasm],
    now: clock.now,
    scheduler: clock.scheduler,
    ...extra,
  });
  const states = () => events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
  const detections = () => events.flatMap((e) => (e.type === 'detection' ? [e.detection] : []));
  return { detector, events, clock, states, detections };
}

/** A 640x480 fixture frame letterboxed to the model's square, as the browser's canvas reader hands it over. */
function placed(big: RgbaImage): RgbaImage {
  const lb = letterbox(big.width, big.height, MODEL_SIZE);
  const small = tf.tidy(() => {
    const rgba = tf.tensor3d(Uint8Array.from(big.data), [big.height, big.width, 4], 'int32');
    const scaled = tf.image.resizeBilinear(tf.cast(rgba, 'float32'), [lb.height, lb.width]);
    return tf.pad(scaled, [[lb.dy, MODEL_SIZE - lb.height - lb.dy], [lb.dx, MODEL_SIZE - lb.width - lb.dx], [0, 0]]);
  });
  const out = { width: MODEL_SIZE, height: MODEL_SIZE, data: Uint8ClampedArray.from(small.dataSync()) };
  small.dispose();
  return out;
}

/** A frame whose close() is observable, as ImageBitmap/VideoFrame have. */
const closable = (image: RgbaImage) => Object.assign({ ...image }, { close: vi.fn() });

/** A detection result for a frame, feeding the rule at fake time `at`. */
async function detectAt(h: ReturnType<typeof harness>, frame: RgbaImage, at: number) {
  h.clock.set(at);
  const outcome = await h.detector.detectFrame(frame);
  if (outcome.status !== 'done') throw new Error('unexpectedly dropped');
  return outcome.detection;
}

let frames: Record<Fixture, RgbaImage[]>;
let shared: ReturnType<typeof harness>;

beforeAll(async () => {
  ensureFixtures(['one-face', 'two-faces', 'no-face']);
  // The clips are 60 frames (4 s at 15 fps); sample the whole pan.
  const picks = [0, 8, 16, 24, 32, 40, 48, 56];
  frames = {
    'one-face': readFrames('one-face', picks),
    'two-faces': readFrames('two-faces', picks.slice(0, 4)),
    'no-face': readFrames('no-face', picks),
  };
  shared = harness();
  await shared.detector.load({ warmUpRuns: 1, timedRuns: 1 });
}, 120_000);

describe('face detector on the real model (WASM backend)', () => {
  it('load picks a backend by a measured warm-up and reports it', () => {
    const ready = shared.events.find((e) => e.type === 'ready');
    expect(ready?.type === 'ready' && ready.info).toMatchObject({
      backend: 'wasm',
      trials: [expect.objectContaining({ backend: 'wasm', ok: true, medianMs: expect.any(Number), minMs: expect.any(Number) })],
    });
    expect(shared.events[0]).toEqual({ type: 'loading' });
    expect(shared.detector.getStats().backend).toBe('wasm');
  });

  it('counts 1, 2 and 0 faces on the one-face, two-faces and no-face fixtures', async () => {
    const counts = async (list: RgbaImage[]) => {
      const out: number[] = [];
      for (const f of list) out.push((await detectAt(shared, f, 0)).faceCount);
      return out;
    };
    expect(await counts(frames['one-face'].slice(0, 4))).toEqual([1, 1, 1, 1]);
    expect(await counts(frames['two-faces'])).toEqual([2, 2, 2, 2]);
    expect(await counts(frames['no-face'].slice(0, 4))).toEqual([0, 0, 0, 0]);
  }, 60_000);

  it('reports the box normalised to the frame, with score and timing', async () => {
    const d = await detectAt(shared, frames['one-face'][0]!, 0);
    expect(d).toMatchObject({ faceCount: 1, frameWidth: 640, frameHeight: 480, scoreThreshold: DEFAULT_FACE_SETTINGS.scoreThreshold });
    const face = d.faces[0]!;
    // The portrait's face sits left of centre in the upper half (make-fixtures.sh: x 150-300 of 512).
    expect(face.score).toBeGreaterThan(0.9);
    expect(face.x).toBeGreaterThan(0.2);
    expect(face.x + face.width).toBeLessThan(0.7);
    expect(face.y).toBeLessThan(0.4);
    expect(face.width / face.height).toBeGreaterThan(0.5); // not squashed
    expect(d.timing.totalMs).toBeGreaterThanOrEqual(d.timing.inferMs);
    expect(d.candidateScores[0]).toBe(face.score);
  }, 30_000);

  it('finds the same face in a frame already letterboxed to 128x128', async () => {
    // What the browser's canvas reader hands over: the frame drawn into the square with black bars.
    const big = frames['one-face'][0]!;
    const lb = letterbox(big.width, big.height, MODEL_SIZE);
    const small = tf.tidy(() => {
      const rgba = tf.tensor3d(Uint8Array.from(big.data), [big.height, big.width, 4], 'int32');
      const scaled = tf.image.resizeBilinear(tf.cast(rgba, 'float32'), [lb.height, lb.width]);
      return tf.pad(scaled, [[lb.dy, MODEL_SIZE - lb.height - lb.dy], [lb.dx, MODEL_SIZE - lb.width - lb.dx], [0, 0]]);
    });
    const placed = { width: MODEL_SIZE, height: MODEL_SIZE, data: Uint8ClampedArray.from(small.dataSync()) };
    small.dispose();
    const d = await detectAt(shared, placed, 0);
    expect(d.faceCount).toBe(1);
    expect(d.faces[0]!.y).toBeLessThan(0.4); // normalised to the 128 square now
  }, 30_000);

  it('skips the remaining backends once one is good enough, and reports the ones that fail', async () => {
    const h = harness({ backends: [wasm, { name: 'webgl' }] });
    const quick = await h.detector.load({ warmUpRuns: 0, timedRuns: 1, goodEnoughMs: Infinity });
    expect(quick.trials).toEqual([
      expect.objectContaining({ backend: 'wasm', ok: true }),
      { backend: 'webgl', ok: false, skipped: expect.stringMatching(/^wasm already runs in/) },
    ]);
    // Every candidate tried: WebGL is not registered in Node, so it fails and WASM still wins.
    const all = await h.detector.load({ warmUpRuns: 0, timedRuns: 1, goodEnoughMs: 0 });
    expect(all.backend).toBe('wasm');
    expect(all.trials[1]).toMatchObject({ backend: 'webgl', ok: false, error: expect.stringContaining('webgl') });
    h.detector.dispose();
  }, 60_000);

  it('leaves a backend that is not worth trying here out of the automatic warm-up, but tries it when named', async () => {
    const h = harness({ backends: [{ name: 'cpu', notWorthTrying: () => 'software renderer' }, wasm] });
    const auto = await h.detector.load({ warmUpRuns: 0, timedRuns: 1, goodEnoughMs: 0, warmUpBudgetMs: 0 });
    expect(auto.backend).toBe('wasm');
    expect(auto.trials).toEqual([{ backend: 'cpu', ok: false, skipped: 'software renderer' }, expect.objectContaining({ backend: 'wasm', ok: true })]);
    const named = await h.detector.load({ backends: ['cpu'], warmUpRuns: 0, timedRuns: 1 });
    expect(named.trials).toEqual([expect.objectContaining({ backend: 'cpu', ok: true })]);
    h.detector.dispose();
  }, 60_000);

  it('stops trying backends once one works and the warm-up has used its time budget', async () => {
    // A busy machine: every reading of the clock is 400 ms later, so WASM's trial alone spends the budget.
    let t = 0;
    const h = harness({ backends: [wasm, { name: 'webgl' }], now: () => (t += 400) });
    const info = await h.detector.load({ warmUpRuns: 0, timedRuns: 1, goodEnoughMs: 30, warmUpBudgetMs: 1_000 });
    expect(info.backend).toBe('wasm');
    expect(info.trials).toEqual([
      expect.objectContaining({ backend: 'wasm', ok: true }),
      { backend: 'webgl', ok: false, skipped: expect.stringMatching(/^the warm-up took \d+ ms \(budget 1000 ms\); wasm runs in/) },
    ]);
    // Without a budget the slow WASM result does not stop the search: WebGL is tried (and fails here).
    const all = await h.detector.load({ warmUpRuns: 0, timedRuns: 1, goodEnoughMs: 30, warmUpBudgetMs: 0 });
    expect(all.trials[1]).toMatchObject({ backend: 'webgl', ok: false, error: expect.stringContaining('webgl') });
    h.detector.dispose();
  }, 60_000);

  it('the threshold is a setting: 0.5..1, applied to the next detection', async () => {
    expect(() => shared.detector.configure({ scoreThreshold: 0.3 })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(shared.detector.configure({ scoreThreshold: 0.9999 }).scoreThreshold).toBe(0.9999);
    const strict = await detectAt(shared, frames['one-face'][0]!, 0);
    shared.detector.configure({ scoreThreshold: DEFAULT_FACE_SETTINGS.scoreThreshold });
    expect(strict.faceCount).toBe(0);
    expect(strict.candidateScores.length).toBe(1); // still seen by the model, below the threshold
  }, 30_000);
});

describe('temporal rule on real detections (fake clock, 4 detections/s)', () => {
  async function run(sequence: RgbaImage[]) {
    const h = harness();
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    const start = h.events.length;
    for (const [i, frame] of sequence.entries()) await detectAt(h, frame, 1_000 + i * 250);
    const states = h.events.slice(start).flatMap((e) => (e.type === 'state' ? [e.state] : []));
    h.detector.dispose();
    return states;
  }

  it('reaches ok on the one-face fixture and never leaves it', async () => {
    expect(await run(frames['one-face'])).toEqual(['loading', 'ok']);
  }, 60_000);

  it('reaches no-face on the no-face fixture', async () => {
    expect(await run(frames['no-face'])).toEqual(['loading', 'no-face']);
  }, 60_000);

  it('one no-face frame among good ones is not a violation', async () => {
    const [a, b, c, d, e, f] = frames['one-face'] as [RgbaImage, RgbaImage, RgbaImage, RgbaImage, RgbaImage, RgbaImage];
    expect(await run([a, b, c, d, frames['no-face'][0]!, e, f])).toEqual(['loading', 'ok']);
  }, 60_000);
});

describe('the browser frame reader (VideoFrame.copyTo, no canvas)', () => {
  it('hands the model pictures it finds 1, 0 and 2 faces in, and closes every frame', async () => {
    const reader = createVideoFrameReader();
    const h = harness({ readFrame: reader });
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    /** What the camera delivers: a VideoFrame whose copyTo converts to RGBA (rows padded to 2688 bytes). */
    const frameOf = (image: RgbaImage) => ({
      displayWidth: image.width,
      displayHeight: image.height,
      visibleRect: { width: image.width, height: image.height },
      allocationSize: () => 2688 * image.height,
      async copyTo(dest: Uint8Array) {
        for (let y = 0; y < image.height; y++) dest.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), y * 2688);
        return [{ offset: 0, stride: 2688 }];
      },
      close: vi.fn(),
    });
    const counts: number[] = [];
    for (const image of [...frames['one-face'].slice(0, 4), ...frames['no-face'].slice(0, 2), ...frames['two-faces'].slice(0, 2)]) {
      const frame = frameOf(image);
      const outcome = await h.detector.detectFrame(frame as unknown as VideoFrame);
      expect(frame.close).toHaveBeenCalled();
      counts.push(outcome.status === 'done' ? outcome.detection.faceCount : -1);
    }
    expect(counts).toEqual([1, 1, 1, 1, 0, 0, 2, 2]);
    // Each detection's verdict is counted in the worker (issue 27: the heartbeat reads the difference).
    // Verdicts follow the liveness rule's people (these stills may judge a second face as no person).
    const { verdicts } = h.detector.getStats();
    expect(verdicts.noFace).toBe(2);
    expect(verdicts.ok + verdicts.multiFace + verdicts.still).toBe(6);
    h.detector.dispose();
  }, 60_000);
});

describe('frame handling', () => {
  it('drops a pushed frame that arrives while a detection runs, and closes both', async () => {
    const first = closable(frames['one-face'][1]!);
    const second = closable(frames['one-face'][2]!);
    const before = shared.detector.getStats().dropped;
    const running = shared.detector.detectFrame(first);
    expect(await shared.detector.detectFrame(second)).toEqual({ status: 'dropped' });
    expect(second.close).toHaveBeenCalled();
    expect((await running).status).toBe('done');
    expect(first.close).toHaveBeenCalled();
    expect(shared.detector.getStats().dropped).toBe(before + 1);
  }, 30_000);

  it('pulls frames at the configured rate, closes the rest, and reports the end of the stream', async () => {
    const h = harness();
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    h.detector.configure({ ratePerSecond: 4 });
    let controller!: ReadableStreamDefaultController<RgbaImage>;
    const readable = new ReadableStream<RgbaImage>({ start: (c) => void (controller = c) }, { highWaterMark: 100 });
    h.detector.watchFrames(readable);
    const sent: Array<ReturnType<typeof closable>> = [];
    // 15 fps for 2 s of fake time. Each frame is sent once the previous one was dropped or
    // detected, so "busy" never decides here: only the rate does.
    for (let i = 0; i < 30; i++) {
      const frame = closable(frames['one-face'][i % 8]!);
      sent.push(frame);
      h.clock.set(Math.round((i * 1000) / 15));
      const { detections, dropped } = h.detector.getStats();
      controller.enqueue(frame);
      await vi.waitFor(
        () => {
          const s = h.detector.getStats();
          expect(s.detections + s.dropped).toBe(detections + dropped + 1);
        },
        { timeout: 10_000 },
      );
    }
    const at = h.detections().map((d) => d.at);
    // Slots every 250 ms; each takes the first frame at or after it. Pacing from the last detection
    // instead (267 + 250 ...) would drift to 3.75/s and take 1067, not 1000.
    expect(at).toEqual([0, 267, 533, 800, 1000, 1267, 1533, 1800]);
    expect(sent.every((f) => f.close.mock.calls.length > 0)).toBe(true);
    expect(h.states()).toContain('ok');

    controller.close();
    await vi.waitFor(() => expect(h.states().at(-1)).toBe('camera-ended'));
    h.detector.dispose();
  }, 60_000);

  it('drops pulled frames while a detection runs (unthrottled)', async () => {
    const h = harness();
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    h.detector.configure({ ratePerSecond: 0 });
    const list = Array.from({ length: 6 }, (_, i) => closable(frames['one-face'][i]!));
    // All six frames are queued at once: the first runs, the other five arrive while it is busy.
    h.detector.watchFrames(new ReadableStream<RgbaImage>({ start: (c) => list.forEach((f) => c.enqueue(f)) }, { highWaterMark: 10 }));
    await vi.waitFor(() => expect(h.detector.getStats().detections).toBe(1), { timeout: 10_000 });
    expect(h.detector.getStats().dropped).toBe(5);
    expect(list.every((f) => f.close.mock.calls.length > 0)).toBe(true);
    h.detector.stop();
    expect(h.states().at(-1)).toBe('idle');
    h.detector.dispose();
  }, 30_000);

  it('says unavailable when frames stop coming, and recovers when they return', async () => {
    const h = harness();
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    h.detector.configure({ stallMs: 5_000 });
    let controller!: ReadableStreamDefaultController<RgbaImage>;
    h.detector.watchFrames(new ReadableStream<RgbaImage>({ start: (c) => void (controller = c) }));
    h.clock.advance(4_999);
    expect(h.states().at(-1)).toBe('loading');
    h.clock.advance(1);
    expect(h.events.at(-1)).toMatchObject({ type: 'state', state: 'unavailable', reason: 'no-frames' });
    controller.enqueue(frames['one-face'][0]!);
    await vi.waitFor(() => expect(h.states().at(-1)).toBe('loading'), { timeout: 10_000 });
    h.detector.stop();
    h.detector.dispose();
  }, 30_000);
});

describe('errors', () => {
  it('repeated failures end in a clear unavailable state, never silence', async () => {
    let broken = false;
    const h = harness({
      readFrame: (frame) => {
        if (broken) throw new Error('camera frame could not be read');
        return { pixels: frame as RgbaImage, placed: false, letterbox: letterbox(640, 480, 128), frameWidth: 640, frameHeight: 480 };
      },
    });
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    broken = true;
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      await h.detector.detectFrame(frames['one-face'][0]!).catch((e: { code: string }) => codes.push(e.code));
    }
    expect(codes).toEqual(['detection-failed', 'detection-failed', 'detection-failed', 'detection-failed', 'unavailable', 'unavailable']);
    const last = h.events.at(-1);
    expect(last).toMatchObject({ type: 'state', state: 'unavailable' });
    expect(last?.type === 'state' && last.reason).toContain('camera frame could not be read');
    // stop() clears it; a working frame is detected again.
    h.detector.stop();
    broken = false;
    expect((await h.detector.detectFrame(frames['one-face'][0]!)).status).toBe('done');
    h.detector.dispose();
  }, 30_000);

  it('a model that cannot load ends in unavailable with a typed error', async () => {
    const h = harness({ model: { load: () => Promise.reject(new Error('model.json: 404')) } });
    await expect(h.detector.load()).rejects.toMatchObject({ code: 'model-unavailable' });
    expect(h.states()).toEqual(['loading', 'unavailable']);
    await expect(h.detector.detectFrame(frames['one-face'][0]!)).rejects.toMatchObject({ code: 'not-loaded' });
  });
});

describe('memory', () => {
  it('tf.memory().numTensors does not grow across 20 detections', async () => {
    // 128x128 frames cut the resize cost; the model still runs in full each time. Every detection of
    // the same frame takes the same path, so a leak adds tensors each time: 20 show it as well as 200
    // did, at a tenth of the time (issue 26).
    const h = shared;
    const lb = letterbox(640, 480, MODEL_SIZE);
    const small = tf.tidy(() => {
      const f = frames['one-face'][3]!;
      const rgba = tf.tensor3d(Uint8Array.from(f.data), [f.height, f.width, 4], 'int32');
      const scaled = tf.image.resizeBilinear(tf.cast(rgba, 'float32'), [lb.height, lb.width]);
      return tf.pad(scaled, [[lb.dy, MODEL_SIZE - lb.height - lb.dy], [0, 0], [0, 0]]);
    });
    const frame = { width: MODEL_SIZE, height: MODEL_SIZE, data: Uint8ClampedArray.from(small.dataSync()) };
    small.dispose();
    await detectAt(h, frame, 0);
    const before = tf.memory().numTensors;
    let faces = 0;
    for (let i = 0; i < 20; i++) faces += (await detectAt(h, frame, i * 250)).faceCount;
    expect(faces).toBe(20);
    expect(tf.memory().numTensors).toBe(before);
    expect(h.detector.getStats().numTensors).toBe(before);
  }, 180_000);
});


describe('memory: one backend, one model', () => {
  it('keeps one model and frees every backend the warm-up did not choose', async () => {
    // A second CPU backend under another name, with CPU's kernels, stands in for WASM/WebGL.
    tf.registerBackend('cpu-b', () => new MathBackendCPU(), 0);
    for (const kernel of tf.getKernelsForBackend('cpu')) tf.registerKernel({ ...kernel, backendName: 'cpu-b' });
    const base = tf.memory().numTensors;
    const single = harness();
    await single.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    const oneModel = tf.memory().numTensors - base;
    single.detector.dispose();
    expect(oneModel).toBeGreaterThan(0);
    expect(tf.memory().numTensors).toBe(base);

    // cpu-b is slow (every reading of the clock while it runs moves 500 ms), so CPU wins; both are tried.
    let t = 0;
    const h = harness({ backends: [{ name: 'cpu-b' as FaceBackend }, { name: 'cpu' }], now: () => (t += tf.getBackend() === 'cpu-b' ? 500 : 1) });
    const info = await h.detector.load({ warmUpRuns: 0, timedRuns: 1, goodEnoughMs: 0, warmUpBudgetMs: 0 });
    expect(info.backend).toBe('cpu');
    expect(info.trials.map((x) => [x.backend, x.ok])).toEqual([['cpu-b', true], ['cpu', true]]);
    // The loser is gone: its model's tensors, its backend instance (and its data) and its factory.
    expect(tf.memory().numTensors - base).toBe(oneModel);
    expect(tf.findBackendFactory('cpu-b')).toBeNull();
    expect(tf.engine().registry['cpu-b']).toBeUndefined();
    expect(tf.getBackend()).toBe('cpu');
    h.detector.dispose();
    expect(tf.memory().numTensors).toBe(base);
  }, 60_000);
});

describe('adaptive rate (fake clock; each detection takes what the test says)', () => {
  /** A detector whose detections take `cost` ms of fake time (the frame reader moves the clock). */
  async function slowHarness() {
    let cost = 0;
    const h = harness({
      readFrame: (frame) => {
        h.clock.set(h.clock.now() + cost);
        return readRgbaFrame(frame);
      },
    });
    await h.detector.load({ warmUpRuns: 0, timedRuns: 1 });
    h.detector.configure({ ratePerSecond: 4 });
    const rates = () => h.events.flatMap((e) => (e.type === 'detector-rate' ? [e.rate] : []));
    return { ...h, rates, setCost: (ms: number) => void (cost = ms), floor: rates().at(-1)!.floorPerSecond };
  }

  it('slow detections lower the rate step by step, never below the floor; it recovers; one event per change', async () => {
    const h = await slowHarness();
    expect(h.rates()).toEqual([expect.objectContaining({ ratePerSecond: 4, targetPerSecond: 4, floorPerSecond: 1.5, cause: 'configured' })]);
    const frame = placed(frames['one-face'][0]!);
    let slot = 0;
    /** Pushes frames on the slots of the rate the detector runs at, until fake time `until` or `done`. */
    async function detectUntil(until: number, done: () => boolean = () => false) {
      while (h.clock.now() < until && !done()) {
        // The next slot, or now if the last detection overran it (as the detector paces pulled frames).
        slot = Math.max(slot + 1000 / h.detector.getStats().ratePerSecond, h.clock.now());
        h.clock.set(slot);
        await h.detector.detectFrame({ ...frame });
      }
    }
    const changes = () => h.rates().slice(1).map((r) => [r.ratePerSecond, r.cause, r.detectionMs]);

    // 300 ms per detection: over the 125 ms budget at 4/s (half its 250 ms interval), 167 at 3/s, 250 at 2/s.
    const rate = () => h.detector.getStats().ratePerSecond;
    h.setCost(300);
    await detectUntil(20_000, () => rate() === h.floor);
    expect(changes()).toEqual([[3, 'slow', 300], [2, 'slow', 300], [1.5, 'slow', 300]]);
    // Still slow for two more windows of detections: it stays at the floor and says nothing more.
    await detectUntil(h.clock.now() + 12_000);
    expect(changes()).toHaveLength(3);
    expect(rate()).toBe(h.floor);

    // Fast again: back up one step at a time (each after a wait), and reported once each.
    h.setCost(10);
    await detectUntil(h.clock.now() + 60_000, () => rate() === 4);
    const ups = changes().slice(3);
    expect(ups.map(([rate, cause]) => [rate, cause])).toEqual([[2, 'recovered'], [3, 'recovered'], [4, 'recovered']]);
    // The median of the window that allowed each step: under 0.7 of the higher rate's budget.
    expect(ups.map(([, , ms]) => ms)).toEqual([expect.any(Number), 10, 10]);
    expect(ups[0]![2]).toBeLessThanOrEqual(175);
    expect(h.detector.getStats().ratePerSecond).toBe(4);
    // Every event is a change: no two in a row with the same rate.
    const seq = h.rates().map((r) => r.ratePerSecond);
    expect(seq.every((r, i) => i === 0 || r !== seq[i - 1])).toBe(true);
    h.detector.dispose();
  }, 120_000);

  it('at the floor rate a no-face lasting 3 s is still caught', async () => {
    const h = await slowHarness();
    const oneFace = frames['one-face'].map(placed);
    const noFace = frames['no-face'].map(placed);
    let controller!: ReadableStreamDefaultController<RgbaImage>;
    h.detector.watchFrames(new ReadableStream<RgbaImage>({ start: (c) => void (controller = c) }, { highWaterMark: 100 }));
    let i = 0;
    /** The camera's next frame at 15 fps (or as soon as the detector is free again). Returns its time. */
    async function send(pick: (t: number) => RgbaImage | null): Promise<boolean> {
      const t = Math.max(h.clock.now(), Math.round((i * 1000) / 15));
      const frame = pick(t);
      if (!frame) return false;
      i++;
      h.clock.set(t);
      const { detections, dropped } = h.detector.getStats();
      controller.enqueue({ ...frame });
      await vi.waitFor(() => {
        const s = h.detector.getStats();
        expect(s.detections + s.dropped).toBe(detections + dropped + 1);
      }, { timeout: 10_000, interval: 2 }); // a detection takes ~10 ms: the default 50 ms poll was most of the test
      return true;
    }

    // 300 ms per detection (within the floor's budget of 333 ms, over 2/s's 250 ms): down to the floor.
    h.setCost(300);
    while (h.detector.getStats().ratePerSecond > h.floor || h.states().at(-1) !== 'ok') {
      expect(i).toBeLessThan(600);
      await send(() => oneFace[i % oneFace.length]!);
    }
    const atFloor = h.rates().length;
    const leftAt = h.clock.now();
    const before = h.states().length;
    // The face is gone for 3 s: only frames from inside those 3 s are sent.
    while (await send((t) => (t < leftAt + DEFAULT_FACE_SETTINGS.catchMs ? noFace[i % noFace.length]! : null)));
    expect(h.states().slice(before)).toContain('no-face');
    expect(h.rates()).toHaveLength(atFloor); // it ran at the floor throughout
    expect(h.detector.getStats().ratePerSecond).toBe(1.5);
    h.detector.stop();
    h.detector.dispose();
  }, 120_000);
});
