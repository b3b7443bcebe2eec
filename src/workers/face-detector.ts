// Face detection on the page: starts the face-detector worker, feeds it camera frames through the
// frame pump and turns its events into `faceStateAtom` and `faceDetectorInfoAtom` on the one store.
// Components never see the worker; they read the atoms.
import type {
  DetectOutcome,
  FaceDetectorApi,
  FaceDetectorEvent,
  FaceDetectorInfo,
  FaceDetectorSettings,
  FaceDetectorStats,
  LoadOptions,
} from '../../workers/face-detector/contract.ts';
import { appStore } from '../lib/store.ts';
import { faceDetectorInfoAtom, faceDetectorRateAtom, faceStateAtom, initialFaceState, lastFaceDetectionAtom } from './face-detector-atoms.ts';
import type { FaceState } from './face-detector-atoms.ts';
import { startCameraFrames } from '../sensors/camera-frames.ts';
import type { CameraFrames, CameraFramesOptions, FrameSink } from '../sensors/camera-frames.ts';
import { createWorkerBridge, isWorkerCallError } from './worker-bridge.ts';
import type { CallOptions, WorkerBridge, WorkerLike } from './worker-bridge.ts';

export function reduceFaceState(state: FaceState, event: FaceDetectorEvent, now = Date.now()): FaceState {
  switch (event.type) {
    case 'loading':
      return { ...initialFaceState, state: 'loading', since: now };
    case 'ready':
      return { ...state, backend: event.info.backend };
    case 'detection':
      return state; // its own atom (lastFaceDetectionAtom): the state's subscribers need not run 4 times a second
    case 'state':
      return { ...state, state: event.state, window: event.window, reason: event.reason ?? null, since: now };
    case 'still-beside':
      return { ...state, stillBeside: event.stillBeside };
    case 'detector-rate':
      return state; // its own atom: a rate change is no change of the face state
  }
}

type Signal = Pick<CallOptions, 'signal'>;

export interface StartFaceDetection extends Signal {
  stream: MediaStream;
  /** The <video> showing the stream, for the bitmap fallback (else a detached one is made). */
  video?: HTMLVideoElement;
  /** e.g. `{ ratePerSecond: CAMERA_CHECK_RATE }` for the camera check. */
  settings?: Partial<FaceDetectorSettings>;
  /** Force a frame path (tests, benchmarks); default: the track processor when available. */
  frameMode?: CameraFramesOptions['mode'];
  /** Bitmap width in the fallback path. */
  resizeWidth?: number;
  /** Backends for the warm-up when this start loads the model. */
  load?: LoadOptions;
}

export interface FaceDetectorClientDeps {
  create: () => WorkerLike;
  store: typeof appStore;
  startFrames?: typeof startCameraFrames;
}

type Bridge = WorkerBridge<FaceDetectorApi, FaceDetectorEvent>;

/** What a client holds between calls: the frame pump while watching, the model load once begun. */
interface ClientState {
  frames: CameraFrames | null;
  loaded: Promise<FaceDetectorInfo> | null;
}

export function createFaceDetectorClient({ create, store, startFrames = startCameraFrames }: FaceDetectorClientDeps) {
  const state: ClientState = { frames: null, loaded: null };
  const stopFrames = () => {
    state.frames?.stop();
    state.frames = null;
  };

  const bridge: Bridge = createWorkerBridge<FaceDetectorApi, FaceDetectorEvent>({
    name: 'face-detector',
    create,
    events: true,
    // The warm-up tries every backend; WebGL shader compilation alone can take seconds.
    readyTimeoutMs: 30_000,
    onExit(reason) {
      state.loaded = null;
      stopFrames();
      // 'terminated' is our own stop; anything else left the camera unwatched: say so.
      if (reason.code !== 'terminated') {
        store.set(faceStateAtom, (s) => ({ ...s, state: 'unavailable', reason: reason.code, since: Date.now() }));
      }
    },
  });
  bridge.subscribe((event) => {
    if (event.type === 'detection') {
      store.set(lastFaceDetectionAtom, event.detection);
      return;
    }
    store.set(faceStateAtom, (s) => reduceFaceState(s, event));
    if (event.type === 'ready') store.set(faceDetectorInfoAtom, event.info);
    if (event.type === 'detector-rate') {
      store.set(faceDetectorRateAtom, event.rate);
      // Pushed bitmaps follow the worker's rate; the track processor path is paced in the worker.
      state.frames?.setRate(event.rate.ratePerSecond);
    }
  });

  const client = {
    /** Loads the model and runs the backend warm-up once (later calls reuse it). */
    load(options: LoadOptions = {}, { signal }: Signal = {}): Promise<FaceDetectorInfo> {
      state.loaded ??= bridge.call('load', [options], { signal }).catch((error: unknown) => {
        state.loaded = null;
        throw error;
      });
      return state.loaded;
    },

    /** Watches a camera stream until `stop`, the signal, or the end of the track. */
    start: (options: StartFaceDetection): Promise<void> =>
      startWatching({ bridge, store, state, startFrames, load: client.load, stopFrames, stop: () => client.stop() }, options),

    /** Stops watching; the model stays loaded for the next start. */
    stop(): void {
      stopFrames();
      if (bridge.running) bridge.call('stop', []).catch(() => {});
    },

    configure: (settings: Partial<FaceDetectorSettings>, { signal }: Signal = {}) =>
      bridge.call('configure', [settings], { signal }),

    /** One frame, pushed by the caller (benchmarks): transferred, and dropped if the worker is busy. */
    detectFrame: (frame: ImageBitmap | VideoFrame, { signal }: Signal = {}): Promise<DetectOutcome> =>
      bridge.call('detectFrame', [frame], { signal, transfer: [frame] }),

    getStats: ({ signal }: Signal = {}): Promise<FaceDetectorStats> => bridge.call('getStats', [], { signal }),

    /** Ends the worker and frees the model; the atoms return to their initial state. */
    terminate(): void {
      stopFrames();
      bridge.terminate();
      state.loaded = null;
      store.set(faceStateAtom, initialFaceState);
      store.set(lastFaceDetectionAtom, null);
      store.set(faceDetectorInfoAtom, null);
      store.set(faceDetectorRateAtom, null);
    },
  };
  return client;
}

interface Watching {
  bridge: Bridge;
  store: typeof appStore;
  state: ClientState;
  startFrames: typeof startCameraFrames;
  load: (options?: LoadOptions, signal?: Signal) => Promise<FaceDetectorInfo>;
  stopFrames: () => void;
  stop: () => void;
}

/** Loads the model if needed, applies the settings, and starts the frame pump into the worker. */
async function startWatching(
  { bridge, store, state, startFrames, load, stopFrames, stop }: Watching,
  { stream, video, settings = {}, frameMode, resizeWidth, load: loadOptions, signal }: StartFaceDetection,
): Promise<void> {
  stopFrames();
  await load(loadOptions, { signal });
  const applied = await bridge.call('configure', [settings], { signal });
  const sink: FrameSink = {
    watchReadable: (readable) => bridge.call('watchFrames', [readable], { transfer: [readable] }),
    pushFrame: (bitmap) => bridge.call('detectFrame', [bitmap], { transfer: [bitmap] }),
  };
  state.frames = startFrames(stream, sink, {
    ratePerSecond: applied.ratePerSecond,
    video,
    mode: frameMode,
    resizeWidth,
    signal,
    onEnded() {
      state.frames = null;
      bridge.call('stop', []).catch(() => {});
      store.set(faceStateAtom, (s) => ({ ...s, state: 'camera-ended', reason: null, since: Date.now() }));
    },
    onError(error) {
      // After repeated failures the worker said `unavailable` (its event is in the atom): stop
      // grabbing frames for it. A single failed frame is only counted.
      if (isWorkerCallError(error, 'unavailable')) stopFrames();
    },
  });
  // The worker may already run below the configured rate (it keeps what it learnt between starts).
  const known = store.get(faceDetectorRateAtom);
  if (known) state.frames.setRate(known.ratePerSecond);
  signal?.addEventListener('abort', () => stop(), { once: true });
}

const faceDetector = createFaceDetectorClient({
  create: () =>
    new Worker(new URL('../../workers/face-detector/face-detector.worker.ts', import.meta.url), {
      type: 'module',
      name: 'face-detector',
    }),
  store: appStore,
});

export const loadFaceDetector = faceDetector.load;
export const startFaceDetection = faceDetector.start;
export const stopFaceDetection = faceDetector.stop;
export const configureFaceDetection = faceDetector.configure;
export const detectFaceFrame = faceDetector.detectFrame;
export const getFaceDetectorStats = faceDetector.getStats;
export const terminateFaceDetector = faceDetector.terminate;
