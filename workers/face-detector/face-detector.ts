// The face detector itself, plain TypeScript: runs in the worker, on the main thread (the benchmark's
// baseline) and under Node tests with the CPU backend and the real model. What differs per place is
// injected: the backends to try, where the model comes from, how a frame becomes pixels, the clock.
import * as blazeface from '@tensorflow-models/blazeface';
import * as tf from '@tensorflow/tfjs-core';
import { createFrameGate } from '../_shared/frame-gate.ts';
import { WorkerError } from '../_shared/worker-error.ts';
import type {
  BackendTrial,
  CameraFrame,
  DetectOutcome,
  FaceBackend,
  FaceBox,
  FaceDetection,
  FaceDetectorApi,
  FaceDetectorErrorCode,
  FaceDetectorEvent,
  FaceDetectorInfo,
  FaceDetectorSettings,
  FaceDetectorStats,
  FaceMonitorState,
  DetectorRate,
  LoadOptions,
  RgbaImage,
  WindowCounts,
} from './contract.ts';
import { DEFAULT_FACE_SETTINGS, MODEL_SCORE_FLOOR } from './contract.ts';
import { createRateController } from './adaptive-rate.ts';
import type { RateController } from './adaptive-rate.ts';
import { letterbox, unletterbox, unletterboxPoints } from './letterbox.ts';
import type { Letterbox } from './letterbox.ts';
import { createTemporalRule } from './temporal-rule.ts';
import { createLivenessTracker } from './liveness.ts';

/** BlazeFace's input side. */
export const MODEL_SIZE = 128;

export interface BackendCandidate {
  name: FaceBackend;
  /** A cheap feature test; false skips the backend without trying it. */
  available?: () => boolean;
  /**
   * Why the automatic warm-up should not try it here though it would run (e.g. WebGL on a software
   * renderer), or null. A caller that names its backends (`LoadOptions.backends`) tries it anyway.
   */
  notWorthTrying?: () => string | null;
  /** Runs before `setBackend` (e.g. `setWasmPaths`). */
  prepare?: () => void | Promise<void>;
  /** Facts worth reporting once it is chosen (SIMD, threads). */
  describe?: () => Promise<Partial<FaceDetectorInfo>>;
  /**
   * Frees the backend once it lost the warm-up, including what `tf.removeBackend` leaves behind (a
   * WebGL context tfjs keeps cached). Default: `tf.removeBackend`.
   */
  release?: () => void;
}

/** What the model sees: pixels, and where the frame sits in the model's square. */
export interface PreparedFrame {
  pixels: RgbaImage;
  /** True when `pixels` already is the letterboxed MODEL_SIZE square (drawn on a canvas). */
  placed: boolean;
  letterbox: Letterbox;
  frameWidth: number;
  frameHeight: number;
}

export type AnyFrame = CameraFrame | RgbaImage;
export type FrameReader = (frame: AnyFrame) => PreparedFrame | Promise<PreparedFrame>;

export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FaceDetectorDeps {
  emit(event: FaceDetectorEvent): void;
  /** A URL (production: '/models/blazeface/model.json') or an IOHandler (Node tests read files). */
  model: string | tf.io.IOHandler;
  /** In the order they are tried; the warm-up decides. */
  backends: BackendCandidate[];
  /** Turns a camera frame into pixels; without it only RgbaImage frames are accepted. */
  readFrame?: FrameReader;
  /** Monotonic ms. */
  now?: () => number;
  scheduler?: Scheduler;
  settings?: Partial<FaceDetectorSettings>;
}

/** The API as implemented: it also takes raw RGBA frames (tests, benchmarks). */
export interface FaceDetectorCore extends FaceDetectorApi {
  detectFrame(frame: AnyFrame): Promise<DetectOutcome>;
  watchFrames(readable: ReadableStream<AnyFrame>): void;
  /** Frees the model (tests). */
  dispose(): void;
}

/** Reads RgbaImage frames only (the Node default); the browser injects a canvas reader. */
export function readRgbaFrame(frame: AnyFrame): PreparedFrame {
  if (!isRgbaImage(frame)) {
    throw new WorkerError<FaceDetectorErrorCode>('invalid-argument', 'this detector takes RGBA frames only');
  }
  const placed = frame.width === MODEL_SIZE && frame.height === MODEL_SIZE;
  return {
    pixels: frame,
    placed,
    letterbox: letterbox(frame.width, frame.height, MODEL_SIZE),
    frameWidth: frame.width,
    frameHeight: frame.height,
  };
}

export function isRgbaImage(frame: unknown): frame is RgbaImage {
  return typeof frame === 'object' && frame !== null && 'data' in frame && ArrayBuffer.isView((frame as RgbaImage).data);
}

function closeFrame(frame: AnyFrame): void {
  if ('close' in frame && typeof frame.close === 'function') frame.close();
}

/**
 * The frame's RGB as floats, in one array reused for every frame: tf.browser.fromPixels made a new
 * 192 KB Int32Array per call (four times a second) and the cast another tensor, garbage for the
 * worker's GC on a busy laptop. (It is not the soak's growth: that stayed; bench/README.) The tensor
 * made from it is copied into the backend at once (WASM's heap) or read within this inference, whose
 * scope disposes of it before the next frame overwrites the array.
 */
let rgbScratch = new Float32Array(0);
function rgbFloats(pixels: RgbaImage): Float32Array {
  const n = pixels.width * pixels.height;
  if (rgbScratch.length !== n * 3) rgbScratch = new Float32Array(n * 3);
  const d = pixels.data;
  for (let i = 0, j = 0; i < n * 4; i += 4, j += 3) {
    rgbScratch[j] = d[i]!;
    rgbScratch[j + 1] = d[i + 1]!;
    rgbScratch[j + 2] = d[i + 2]!;
  }
  return rgbScratch;
}

/** [1, 128, 128, 3]-ready float pixels: letterboxed here unless the reader already placed them. */
function toModelInput(prepared: PreparedFrame): tf.Tensor3D {
  return tf.tidy(() => {
    const { pixels, letterbox: lb } = prepared;
    const rgb = tf.tensor3d(rgbFloats(pixels), [pixels.height, pixels.width, 3], 'float32');
    if (prepared.placed) return rgb;
    const scaled = tf.image.resizeBilinear(rgb as tf.Tensor3D, [lb.height, lb.width]);
    return tf.pad(scaled, [
      [lb.dy, lb.size - lb.height - lb.dy],
      [lb.dx, lb.size - lb.width - lb.dx],
      [0, 0],
    ]);
  });
}

interface RawFace {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
  /** BlazeFace's six keypoints in the model's square (eyes, nose, mouth, ears). */
  landmarks: Array<[number, number]>;
}

/** One inference. Every tensor it makes, including any the model forgets, dies with the scope. */
async function infer(model: blazeface.BlazeFaceModel, prepared: PreparedFrame): Promise<RawFace[]> {
  tf.engine().startScope();
  try {
    const input = toModelInput(prepared);
    const faces = await model.estimateFaces(input, false, false, true);
    return faces.map((f) => {
      const [x1, y1] = f.topLeft as [number, number];
      const [x2, y2] = f.bottomRight as [number, number];
      const p = f.probability as number[] | number | undefined;
      const landmarks = ((f.landmarks as number[][] | undefined) ?? []).map(([x, y]) => [x ?? 0, y ?? 0] as [number, number]);
      return { x1, y1, x2, y2, score: Array.isArray(p) ? (p[0] ?? 0) : (p ?? 0), landmarks };
    });
  } finally {
    tf.engine().endScope();
  }
}

/** A fixed, face-free pattern for the warm-up runs. */
function warmUpFrame(): PreparedFrame {
  const data = new Uint8ClampedArray(MODEL_SIZE * MODEL_SIZE * 4);
  for (let i = 0; i < data.length; i += 4) {
    const p = i / 4;
    data[i] = (p * 7) % 256;
    data[i + 1] = (p * 13) % 256;
    data[i + 2] = (p * 29) % 256;
    data[i + 3] = 255;
  }
  return {
    pixels: { width: MODEL_SIZE, height: MODEL_SIZE, data },
    placed: true,
    letterbox: letterbox(MODEL_SIZE, MODEL_SIZE, MODEL_SIZE),
    frameWidth: MODEL_SIZE,
    frameHeight: MODEL_SIZE,
  };
}

const bestTrial = (trials: BackendTrial[]) =>
  trials.filter((t) => t.ok).sort((a, b) => a.minMs! - b.minMs!)[0];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

/** The warm-up's default time budget (LoadOptions.warmUpBudgetMs). */
export const WARM_UP_BUDGET_MS = 2_000;

/** Why the next candidate is not tried, if it is not: a backend is fast enough, or the budget is spent. */
function skipReason(trials: BackendTrial[], elapsedMs: number, options: LoadOptions): string | null {
  const fastest = bestTrial(trials);
  if (!fastest) return null;
  const goodEnoughMs = options.goodEnoughMs ?? 30;
  if (goodEnoughMs > 0 && fastest.minMs! <= goodEnoughMs) return `${fastest.backend} already runs in ${fastest.minMs} ms`;
  const budgetMs = options.warmUpBudgetMs ?? WARM_UP_BUDGET_MS;
  if (budgetMs > 0 && elapsedMs > budgetMs) {
    return `the warm-up took ${round(elapsedMs)} ms (budget ${budgetMs} ms); ${fastest.backend} runs in ${fastest.minMs} ms`;
  }
  return null;
}
/**
 * Frees every backend the warm-up tried and did not choose: its kernels, its data (WASM heap, WebGL
 * textures and programs) and, through the candidate's `release`, its WebGL context. Only one backend
 * and one model stay in the worker. Untried backends hold nothing and are left alone.
 */
function releaseLosers(trials: BackendTrial[], candidates: BackendCandidate[], winner: FaceBackend): void {
  for (const trial of trials) {
    if (trial.backend === winner || trial.skipped || !tf.findBackendFactory(trial.backend)) continue;
    const release = candidates.find((c) => c.name === trial.backend)?.release;
    try {
      // `release` reads the live backend: only for one that initialised (initMs is set after that).
      if (release && trial.initMs !== undefined) release();
      else tf.removeBackend(trial.backend);
    } catch {
      /* already gone */
    }
  }
}

const livenessOptions = (s: FaceDetectorSettings) => ({ windowMs: s.stillWindowMs, stillBelow: s.stillBelow, liveAbove: s.liveAbove });

/** Settings the rate controller is built from. */
const PACE_KEYS = ['ratePerSecond', 'windowMs', 'minSamples', 'catchMs', 'budgetShare'] as const satisfies ReadonlyArray<keyof FaceDetectorSettings>;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

const realScheduler: Scheduler = {
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createFaceDetector(deps: FaceDetectorDeps): FaceDetectorCore {
  const now = deps.now ?? (() => performance.now());
  const scheduler = deps.scheduler ?? realScheduler;
  const readFrame = deps.readFrame ?? readRgbaFrame;
  let settings: FaceDetectorSettings = { ...DEFAULT_FACE_SETTINGS, ...deps.settings };
  let pace: RateController = rateControllerFor(settings);
  const rule = createTemporalRule({ windowMs: settings.windowMs, minSamples: effectiveMinSamples() });
  const liveness = createLivenessTracker(livenessOptions(settings));
  let stillBeside = false;

  let model: blazeface.BlazeFaceModel | null = null;
  let backend: FaceBackend | null = null;
  let state: FaceMonitorState = 'idle';
  let stateReason: string | undefined;
  let detections = 0;
  const verdicts: WindowCounts = { ok: 0, noFace: 0, multiFace: 0, still: 0 };
  let errors = 0;
  let consecutiveErrors = 0;
  let pullDropped = 0;
  let watch: { reader: ReadableStreamDefaultReader<AnyFrame>; stallTimer: unknown } | null = null;

  function effectiveMinSamples(): number {
    // A window can only hold so many detections at the rate it runs at; never ask for more.
    const rate = pace.rate;
    if (rate <= 0) return settings.minSamples;
    const fits = Math.floor((settings.windowMs * rate) / 1000);
    return Math.max(1, Math.min(settings.minSamples, fits));
  }

  function rateControllerFor(s: FaceDetectorSettings): RateController {
    return createRateController({
      target: s.ratePerSecond, windowMs: s.windowMs, minSamples: s.minSamples, catchMs: s.catchMs, budgetShare: s.budgetShare,
    });
  }

  function emitRate(cause: DetectorRate['cause'], detectionMs: number | null): void {
    deps.emit({
      type: 'detector-rate',
      rate: { ratePerSecond: pace.rate, targetPerSecond: pace.target, floorPerSecond: pace.floor, cause, detectionMs, at: now() },
    });
  }

  /** Feeds the detection's duration to the rate controller; a change re-fits the rule and is reported. */
  function measure(durationMs: number, at: number): void {
    const change = pace.record(durationMs, at);
    if (!change) return;
    rule.configure({ minSamples: effectiveMinSamples() });
    emitRate(change.cause, change.detectionMs);
  }

  function setState(next: FaceMonitorState, reason?: string): void {
    if (next === state && reason === stateReason) return;
    state = next;
    stateReason = reason;
    deps.emit({ type: 'state', state, at: now(), window: rule.counts, ...(reason ? { reason } : {}) });
  }

  async function detectOnce(frame: AnyFrame): Promise<FaceDetection> {
    try {
      if (!model) throw new WorkerError<FaceDetectorErrorCode>('not-loaded', 'call load() first');
      const t0 = now();
      const prepared = await readFrame(frame);
      closeFrame(frame); // the pixels are copied out: release the camera buffer at once
      const t1 = now();
      const raw = await infer(model, prepared);
      const t2 = now();
      measure(t2 - t0, t2);
      const threshold = settings.scoreThreshold;
      const faces: FaceBox[] = raw
        .filter((f) => f.score >= threshold)
        .map((f) => ({ ...unletterbox(f, prepared.letterbox), score: f.score, landmarks: unletterboxPoints(f.landmarks, prepared.letterbox) }));
      return {
        faceCount: faces.length,
        faces,
        candidateScores: raw.map((f) => f.score).sort((a, b) => b - a),
        scoreThreshold: threshold,
        timing: { prepareMs: round(t1 - t0), inferMs: round(t2 - t1), totalMs: round(t2 - t0) },
        at: t2,
        frameWidth: prepared.frameWidth,
        frameHeight: prepared.frameHeight,
      };
    } finally {
      closeFrame(frame); // idempotent; covers the failure paths
    }
  }

  /** Feeds the outcome of one detection into the counters, the liveness and temporal rules and the events. */
  function record(detection: FaceDetection): void {
    detections++;
    consecutiveErrors = 0;
    const judged = liveness.update(detection.at, detection.faces, detection.frameWidth, detection.frameHeight);
    detection.faces.forEach((f, i) => Object.assign(f, judged.faces[i]));
    deps.emit({ type: 'detection', detection });
    if (judged.stillBeside !== stillBeside) {
      stillBeside = judged.stillBeside;
      deps.emit({ type: 'still-beside', stillBeside, at: detection.at });
    }
    if (judged.allStill) verdicts.still++;
    else if (judged.people === 0) verdicts.noFace++;
    else if (judged.people === 1) verdicts.ok++;
    else verdicts.multiFace++;
    const verdict = rule.add(detection.at, judged.people, judged.allStill);
    setState(verdict ?? 'loading');
  }

  /** Forgets what was seen (a new watch, a gap in the frames, stop). */
  function resetRules(): void {
    rule.reset();
    liveness.reset();
    if (stillBeside) {
      stillBeside = false;
      deps.emit({ type: 'still-beside', stillBeside, at: now() });
    }
  }

  function recordError(error: unknown): WorkerError<FaceDetectorErrorCode> {
    errors++;
    consecutiveErrors++;
    const message = errorText(error);
    if (consecutiveErrors >= settings.maxConsecutiveErrors) {
      endWatch();
      setState('unavailable', `${consecutiveErrors} detections failed in a row: ${message}`);
      return new WorkerError('unavailable', `face detection gave up: ${message}`);
    }
    return error instanceof WorkerError ? error : new WorkerError('detection-failed', message);
  }

  const gate = createFrameGate(
    async (frame: AnyFrame) => {
      try {
        const detection = await detectOnce(frame);
        record(detection);
        return detection;
      } catch (error) {
        throw recordError(error);
      }
    },
    { onDrop: closeFrame },
  );

  function endWatch(): void {
    if (!watch) return;
    scheduler.clearTimeout(watch.stallTimer);
    watch.reader.cancel().catch(() => {});
    watch = null;
  }

  function armStallTimer(w: NonNullable<typeof watch>): void {
    scheduler.clearTimeout(w.stallTimer);
    w.stallTimer = scheduler.setTimeout(() => {
      if (watch !== w) return;
      resetRules(); // what was seen before the gap says nothing about now
      setState('unavailable', 'no-frames');
    }, settings.stallMs);
  }

  async function pull(w: NonNullable<typeof watch>): Promise<void> {
    // Slot-based pacing: the next detection is due one interval after the previous slot, so the
    // average rate holds even though frames only arrive every ~67 ms (15 fps).
    let nextDue = -Infinity;
    for (;;) {
      let result: ReadableStreamReadResult<AnyFrame>;
      try {
        result = await w.reader.read();
      } catch (error) {
        if (watch === w) {
          endWatch();
          setState('unavailable', `camera stream failed: ${errorText(error)}`);
        }
        return;
      }
      if (result.done || watch !== w) {
        if (result.value) closeFrame(result.value);
        if (watch === w) {
          endWatch();
          setState('camera-ended');
        }
        return;
      }
      const frame = result.value;
      armStallTimer(w);
      const t = now();
      const interval = pace.rate > 0 ? 1000 / pace.rate : 0;
      if (gate.busy || t < nextDue) {
        pullDropped++;
        closeFrame(frame);
        continue;
      }
      nextDue = nextDue === -Infinity ? t + interval : Math.max(nextDue + interval, t + interval / 2);
      // Not awaited: keep reading so the frames that arrive meanwhile are closed, not queued.
      gate.submit(frame).catch(() => {});
    }
  }

  async function loadModel(options: LoadOptions): Promise<FaceDetectorInfo> {
    const handler = typeof deps.model === 'string' ? tf.io.http(deps.model) : deps.model;
    const started = now();
    const artifacts = await handler.load!();
    const modelLoadMs = now() - started;
    const wanted = options.backends ?? deps.backends.map((b) => b.name);
    const candidates = deps.backends.filter((b) => wanted.includes(b.name));
    const trials: BackendTrial[] = [];
    const models = new Map<FaceBackend, blazeface.BlazeFaceModel>();
    const warm = warmUpFrame();
    const warmStart = now();

    for (const candidate of candidates) {
      const trial: BackendTrial = { backend: candidate.name, ok: false };
      trials.push(trial);
      const skipped = skipReason(trials, now() - warmStart, options);
      if (skipped) {
        trial.skipped = skipped;
        continue;
      }
      if (candidate.available && !candidate.available()) {
        trial.error = 'not available in this browser';
        continue;
      }
      const notWorth = options.backends ? null : (candidate.notWorthTrying?.() ?? null);
      if (notWorth) {
        trial.skipped = notWorth;
        continue;
      }
      try {
        let t = now();
        await candidate.prepare?.();
        if (!(await tf.setBackend(candidate.name))) throw new Error(`setBackend('${candidate.name}') failed`);
        await tf.ready();
        trial.initMs = round(now() - t);
        t = now();
        const m = await blazeface.load({ modelUrl: tf.io.fromMemory(artifacts), scoreThreshold: MODEL_SCORE_FLOOR });
        models.set(candidate.name, m);
        trial.modelMs = round(now() - t);
        t = now();
        for (let i = 0; i < (options.warmUpRuns ?? 2); i++) await infer(m, warm);
        trial.firstRunMs = round(now() - t);
        const times: number[] = [];
        for (let i = 0; i < (options.timedRuns ?? 5); i++) {
          t = now();
          await infer(m, warm);
          times.push(now() - t);
        }
        trial.medianMs = round(median(times));
        trial.minMs = round(Math.min(...times));
        trial.ok = true;
      } catch (error) {
        trial.error = errorText(error);
      }
    }

    const best = bestTrial(trials);
    for (const [name, m] of models) if (name !== best?.backend) m.dispose();
    if (!best) {
      throw new WorkerError<FaceDetectorErrorCode>(
        'model-unavailable',
        `no backend could run the face model: ${trials.map((t) => `${t.backend}: ${t.error ?? t.skipped}`).join('; ')}`,
      );
    }
    await tf.setBackend(best.backend);
    releaseLosers(trials, candidates, best.backend);
    model = models.get(best.backend)!;
    backend = best.backend;
    const extra = (await candidates.find((c) => c.name === best.backend)?.describe?.()) ?? {};
    return {
      backend: best.backend,
      modelLoadMs: round(modelLoadMs),
      warmUpMs: round(now() - warmStart),
      trials,
      crossOriginIsolated: typeof crossOriginIsolated === 'boolean' ? crossOriginIsolated : false,
      ...extra,
    };
  }

  return {
    async load(options = {}) {
      endWatch();
      model?.dispose();
      model = null;
      backend = null;
      resetRules();
      consecutiveErrors = 0;
      deps.emit({ type: 'loading' });
      setState('loading');
      try {
        const info = await loadModel(options);
        deps.emit({ type: 'ready', info });
        setState('idle');
        return info;
      } catch (error) {
        setState('unavailable', `face model failed to load: ${errorText(error)}`);
        throw error instanceof WorkerError ? error : new WorkerError<FaceDetectorErrorCode>('model-unavailable', errorText(error));
      }
    },

    configure(update) {
      for (const [key, value] of Object.entries(update)) {
        if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
          throw new WorkerError<FaceDetectorErrorCode>('invalid-argument', `${key} must be a number >= 0, got ${String(value)}`);
        }
      }
      if (update.scoreThreshold !== undefined && (update.scoreThreshold < MODEL_SCORE_FLOOR || update.scoreThreshold > 1)) {
        throw new WorkerError<FaceDetectorErrorCode>(
          'invalid-argument',
          `scoreThreshold must be within ${MODEL_SCORE_FLOOR}..1, got ${update.scoreThreshold}`,
        );
      }
      const before = settings;
      settings = { ...settings, ...Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined)) };
      // New pacing or rule settings start again from the configured rate; others keep what was learnt.
      if (PACE_KEYS.some((k) => settings[k] !== before[k])) pace = rateControllerFor(settings);
      rule.configure({ windowMs: settings.windowMs, minSamples: effectiveMinSamples() });
      liveness.configure(livenessOptions(settings));
      emitRate('configured', null);
      return { ...settings };
    },

    async detectFrame(frame) {
      if (state === 'unavailable' && consecutiveErrors >= settings.maxConsecutiveErrors) {
        closeFrame(frame);
        throw new WorkerError<FaceDetectorErrorCode>('unavailable', `face detection is unavailable: ${stateReason ?? ''}`);
      }
      const result = await gate.submit(frame);
      return result.status === 'done' ? { status: 'done', detection: result.value } : { status: 'dropped' };
    },

    watchFrames(readable) {
      if (!model) {
        readable.cancel().catch(() => {});
        throw new WorkerError<FaceDetectorErrorCode>('not-loaded', 'call load() before watchFrames()');
      }
      endWatch();
      resetRules();
      consecutiveErrors = 0;
      const w = { reader: readable.getReader(), stallTimer: null as unknown };
      watch = w;
      setState('loading');
      armStallTimer(w);
      void pull(w);
    },

    stop() {
      endWatch();
      resetRules();
      consecutiveErrors = 0;
      setState('idle');
    },

    getStats(): FaceDetectorStats {
      // Before the warm-up chose a backend, tf.memory() would make tfjs initialise the best registered
      // one itself, skipping its `prepare`: WASM's threaded build, whose 8 pthread workers then lived
      // on beside the real backend (about 20 MB of the exam renderer). No backend, no tensors.
      const numTensors = backend ? tf.memory().numTensors : 0;
      return { backend, detections, dropped: gate.dropped + pullDropped, errors, numTensors, ratePerSecond: pace.rate, verdicts: { ...verdicts } };
    },

    dispose() {
      endWatch();
      model?.dispose();
      model = null;
    },
  };
}
