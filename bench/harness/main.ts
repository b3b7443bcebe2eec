// The benchmark page. bench/face-detection.ts opens it in headless Chromium with a fake camera and
// calls `window.bench.*`; each scenario runs in a fresh page load so tfjs instances never mix.
// The worker scenarios use the app's own bridge (src/workers/face-detector.ts) and atoms.
import type { FaceBackend } from '../../workers/face-detector/contract.ts';
import { appStore } from '../../src/lib/store.ts';
import { micLevelAtom } from '../../src/sensors/mic-level-atoms.ts';
import { faceDetectorInfoAtom, faceStateAtom, lastFaceDetectionAtom } from '../../src/workers/face-detector-atoms.ts';
import { startMicLevel } from '../../src/sensors/mic-level.ts';
import { capturePhoto } from '../../src/workers/photo-encoder.ts';
import {
  configureFaceDetection,
  detectFaceFrame,
  getFaceDetectorStats,
  loadFaceDetector,
  startFaceDetection,
  stopFaceDetection,
} from '../../src/workers/face-detector.ts';
import type { MainThreadFigures } from './metrics.ts';
import { heapMb, pause, percentile, probeMainThread, round, yieldTask } from './metrics.ts';

const THRESHOLDS = [0.5, 0.6, 0.75, 0.9] as const;
const r3 = (n: number) => Math.round(n * 1000) / 1000;
const GRAB = { resizeWidth: 320, resizeHeight: 240 } as const;

let camera: { video: HTMLVideoElement; stream: MediaStream } | null = null;

async function startCamera() {
  if (camera) return camera;
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: false });
  const video = document.getElementById('camera') as HTMLVideoElement;
  video.srcObject = stream;
  await video.play();
  while (video.videoWidth === 0) await pause(20);
  camera = { video, stream };
  return camera;
}

/** The face states the detector goes through from now on, each change once. */
function recordFaceStates(): { states: string[]; unsub: () => void } {
  const states: string[] = [];
  const unsub = appStore.sub(faceStateAtom, () => {
    const s = appStore.get(faceStateAtom).state;
    if (states.at(-1) !== s) states.push(s);
  });
  return { states, unsub };
}

export interface ThroughputResult {
  scenario: 'worker' | 'main' | 'face-api';
  backend: string;
  modelLoadMs: number;
  warmUpMs: number;
  /** Long tasks etc. on the main thread while the model loaded and warmed up. */
  loadMainThread: MainThreadFigures;
  detections: number;
  perSecond: number;
  /** Page-measured: frame handed over -> result back (for main-thread runs: the call itself). */
  latencyMedianMs: number;
  latencyP95Ms: number;
  /** Detector-measured inference (BlazeFace runs only). */
  inferMedianMs: number | null;
  faceCounts: Record<string, number>;
  mainThread: MainThreadFigures;
  heapMb: number | null;
  trials?: unknown;
  simd?: boolean;
  threads?: number;
  crossOriginIsolated: boolean;
}

type Detect = (bitmap: ImageBitmap) => Promise<{ faceCount: number; inferMs: number | null } | null>;

/**
 * Unthrottled: grab a 320x240 bitmap, detect, repeat, for `seconds`. Each round ends its task, as
 * any real loop would, so the page can render between detections; the main-thread baselines then
 * block for as long as one detection takes.
 */
async function throughput(detect: Detect, seconds: number) {
  const { video } = await startCamera();
  const latencies: number[] = [];
  const infers: number[] = [];
  const faceCounts: Record<string, number> = { '0': 0, '1': 0, '2+': 0 };
  await pause(200);
  const probe = probeMainThread();
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  while (performance.now() < end) {
    await yieldTask();
    const bitmap = await createImageBitmap(video, GRAB);
    const t = performance.now();
    const result = await detect(bitmap);
    if (!result) continue;
    latencies.push(performance.now() - t);
    if (result.inferMs !== null) infers.push(result.inferMs);
    faceCounts[result.faceCount >= 2 ? '2+' : String(result.faceCount)]!++;
  }
  const elapsed = (performance.now() - started) / 1000;
  const mainThread = await probe.stop();
  return {
    detections: latencies.length,
    perSecond: round(latencies.length / elapsed),
    latencyMedianMs: percentile(latencies, 50),
    latencyP95Ms: percentile(latencies, 95),
    inferMedianMs: infers.length ? percentile(infers, 50) : null,
    faceCounts,
    mainThread,
    heapMb: heapMb(),
  };
}

async function runWorker(backend: FaceBackend, seconds: number): Promise<ThroughputResult> {
  await startCamera();
  const probe = probeMainThread();
  const info = await loadFaceDetector({ backends: [backend] });
  const loadMainThread = await probe.stop();
  await configureFaceDetection({ ratePerSecond: 0 });
  const run = await throughput(async (bitmap) => {
    const outcome = await detectFaceFrame(bitmap);
    return outcome.status === 'done' ? { faceCount: outcome.detection.faceCount, inferMs: outcome.detection.timing.inferMs } : null;
  }, seconds);
  return {
    scenario: 'worker',
    backend: info.backend,
    modelLoadMs: info.modelLoadMs,
    warmUpMs: info.warmUpMs,
    loadMainThread,
    ...run,
    trials: info.trials,
    simd: info.simd,
    threads: info.threads,
    crossOriginIsolated,
  };
}

async function runMain(backend: FaceBackend, seconds: number): Promise<ThroughputResult> {
  await startCamera();
  const { createMainThreadDetector } = await import('./main-thread.ts');
  const probe = probeMainThread();
  const detector = await createMainThreadDetector(backend);
  const loadMainThread = await probe.stop();
  const run = await throughput(async (bitmap) => {
    const outcome = await detector.detect(bitmap);
    return outcome.status === 'done' ? { faceCount: outcome.detection.faceCount, inferMs: outcome.detection.timing.inferMs } : null;
  }, seconds);
  return {
    scenario: 'main',
    backend: detector.info.backend,
    modelLoadMs: detector.info.modelLoadMs,
    warmUpMs: detector.info.warmUpMs,
    loadMainThread,
    ...run,
    trials: detector.info.trials,
    simd: detector.info.simd,
    threads: detector.info.threads,
    crossOriginIsolated,
  };
}

async function runFaceApi(seconds: number): Promise<ThroughputResult> {
  await startCamera();
  const { createFaceApiDetector } = await import('./face-api.ts');
  const probe = probeMainThread();
  const detector = await createFaceApiDetector();
  const loadMainThread = await probe.stop();
  const canvas = document.createElement('canvas');
  canvas.width = GRAB.resizeWidth;
  canvas.height = GRAB.resizeHeight;
  const ctx = canvas.getContext('2d')!;
  const run = await throughput(async (bitmap) => {
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    return { faceCount: await detector.detect(canvas), inferMs: null };
  }, seconds);
  return {
    scenario: 'face-api',
    backend: detector.backend,
    modelLoadMs: round(detector.loadMs),
    warmUpMs: round(detector.warmUpMs),
    loadMainThread,
    ...run,
    crossOriginIsolated,
  };
}

export interface SharesResult {
  backend: string | null;
  warmUp: unknown;
  frameMode: 'processor' | 'bitmap';
  detections: number;
  /** Share of detections with 0 / 1 / 2+ faces at each threshold. */
  shares: Record<string, { '0': number; '1': number; '2+': number }>;
  /** Highest score seen, and the lowest per-frame top score (how close a real face came to a miss). */
  maxScore: number;
  minTopScore: number;
  /** The temporal rule at 4/s with the default threshold: the states it went through. */
  states: string[];
  finalState: string;
  ruleDetections: number;
}

/** Production path: auto warm-up, MediaStreamTrackProcessor pump; shares unthrottled, then the rule at 4/s. */
async function runShares(seconds: number, ruleSeconds: number): Promise<SharesResult> {
  const { stream, video } = await startCamera();
  const info = await loadFaceDetector();
  const scores: number[][] = [];
  let last = appStore.get(lastFaceDetectionAtom);
  const unsubscribe = appStore.sub(lastFaceDetectionAtom, () => {
    const d = appStore.get(lastFaceDetectionAtom);
    if (d && d !== last) scores.push(d.candidateScores);
    last = d;
  });
  const frameMode = 'MediaStreamTrackProcessor' in globalThis ? 'processor' : 'bitmap';
  await startFaceDetection({ stream, video, settings: { ratePerSecond: 0 } });
  await pause(seconds * 1000);
  stopFaceDetection();
  unsubscribe();
  const shares: SharesResult['shares'] = {};
  for (const t of THRESHOLDS) {
    const counts = scores.map((s) => s.filter((x) => x >= t).length);
    const share = (f: (n: number) => boolean) => round(counts.filter(f).length / Math.max(1, counts.length));
    shares[String(t)] = { '0': share((n) => n === 0), '1': share((n) => n === 1), '2+': share((n) => n >= 2) };
  }

  const before = (await getFaceDetectorStats()).detections;
  const { states, unsub } = recordFaceStates();
  await startFaceDetection({ stream, video, settings: { ratePerSecond: 4 } });
  await pause(ruleSeconds * 1000);
  const finalState = appStore.get(faceStateAtom).state;
  stopFaceDetection();
  unsub();
  return {
    backend: appStore.get(faceDetectorInfoAtom)?.backend ?? null,
    warmUp: { warmUpMs: info.warmUpMs, modelLoadMs: info.modelLoadMs, trials: info.trials },
    frameMode,
    detections: scores.length,
    shares,
    maxScore: r3(Math.max(0, ...scores.flat())),
    minTopScore: r3(Math.min(...scores.map((s) => s[0] ?? 0))),
    states,
    finalState,
    ruleDetections: (await getFaceDetectorStats()).detections - before,
  };
}

/** The ImageBitmap fallback pump (browsers without MediaStreamTrackProcessor), checked in Chromium. */
async function runBitmapPump(seconds: number) {
  const { stream, video } = await startCamera();
  await loadFaceDetector();
  const { states, unsub } = recordFaceStates();
  const before = (await getFaceDetectorStats()).detections;
  const probe = probeMainThread();
  await startFaceDetection({ stream, video, frameMode: 'bitmap', settings: { ratePerSecond: 4 } });
  await pause(seconds * 1000);
  const detections = (await getFaceDetectorStats()).detections - before;
  const mainThread = await probe.stop();
  stopFaceDetection();
  unsub();
  return { detections, perSecond: round(detections / seconds), states, mainThread };
}

/** The other engines in a real browser: a proctoring photo from the camera, the mic level meter. */
async function runSanity() {
  const { video } = await startCamera();
  let t = performance.now();
  const photo = await capturePhoto(video);
  const photoMs = round(performance.now() - t);
  const magic = [...new Uint8Array(await photo.slice(0, 3).arrayBuffer())].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  const decoded = await createImageBitmap(photo);
  const audio = await navigator.mediaDevices.getUserMedia({ audio: true });
  const levels: number[] = [];
  const unsub = appStore.sub(micLevelAtom, () => levels.push(appStore.get(micLevelAtom).rms));
  t = performance.now();
  const meter = await startMicLevel(audio);
  await pause(2000);
  meter.stop();
  unsub();
  audio.getTracks().forEach((track) => track.stop());
  const seconds = (performance.now() - t) / 1000;
  return {
    photo: { type: photo.type, bytes: photo.size, magic, width: decoded.width, height: decoded.height, ms: photoMs },
    mic: { levelsPerSecond: round(levels.length / seconds), maxRms: round(Math.max(0, ...levels)) },
  };
}

let proctoring: { probe: ReturnType<typeof probeMainThread>; before: number; states: string[]; unsub: () => void } | null = null;
let idle: ReturnType<typeof probeMainThread> | null = null;

const bench = {
  async run(scenario: 'worker' | 'main' | 'face-api', backend: FaceBackend, seconds: number): Promise<ThroughputResult> {
    if (scenario === 'worker') return runWorker(backend, seconds);
    if (scenario === 'main') return runMain(backend, seconds);
    return runFaceApi(seconds);
  },
  shares: runShares,
  bitmapPump: runBitmapPump,
  sanity: runSanity,
  /** Camera on, nothing else: the CPU baseline. */
  async idleStart() {
    await startCamera();
    idle = probeMainThread();
  },
  idleStop: () => idle!.stop(),
  /** Production proctoring: auto backend, track-processor pump, 4 detections/s. */
  async proctoringStart() {
    const { stream, video } = await startCamera();
    await loadFaceDetector();
    const { states, unsub } = recordFaceStates();
    const before = (await getFaceDetectorStats()).detections;
    await startFaceDetection({ stream, video, settings: { ratePerSecond: 4 } });
    proctoring = { probe: probeMainThread(), before, states, unsub };
    return { backend: appStore.get(faceDetectorInfoAtom)?.backend };
  },
  async proctoringStop() {
    const p = proctoring!;
    const stats = await getFaceDetectorStats();
    const mainThread = await p.probe.stop();
    stopFaceDetection();
    p.unsub();
    return { mainThread, detections: stats.detections - p.before, dropped: stats.dropped, numTensors: stats.numTensors, states: p.states, heapMb: heapMb() };
  },
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
document.getElementById('status')!.textContent = 'ready';
