// The face-detector bridge in jsdom: a scripted detector behind a fake worker (the real protocol:
// exposeApi + Comlink over a MessageChannel), its events landing in the proctoring atoms. The real
// model is tested in workers/face-detector/face-detector.test.ts.
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { EventChannel } from '../../workers/_shared/event-channel.ts';
import { WorkerError } from '../../workers/_shared/worker-error.ts';
import type {
  FaceDetection,
  FaceDetectorApi,
  FaceDetectorEvent,
  FaceDetectorInfo,
  FaceDetectorSettings,
} from '../../workers/face-detector/contract.ts';
import { DEFAULT_FACE_SETTINGS } from '../../workers/face-detector/contract.ts';
import { faceDetectorInfoAtom, faceDetectorRateAtom, faceStateAtom, initialFaceState, lastFaceDetectionAtom } from './face-detector-atoms.ts';
import type { CameraFramesOptions, FrameSink } from '../sensors/camera-frames.ts';
import { createFaceDetectorClient, reduceFaceState } from './face-detector.ts';
import { fakeWorkerFactory } from './testing/fake-worker.ts';

const info: FaceDetectorInfo = {
  backend: 'wasm',
  modelLoadMs: 12,
  warmUpMs: 80,
  trials: [{ backend: 'wasm', ok: true, medianMs: 9 }],
  simd: true,
  threads: 1,
  crossOriginIsolated: true,
};

const detection = (faceCount: number): FaceDetection => ({
  faceCount,
  faces: Array.from({ length: faceCount }, () => ({ x: 0.3, y: 0.2, width: 0.2, height: 0.3, score: 0.99 })),
  candidateScores: Array(faceCount).fill(0.99),
  scoreThreshold: 0.75,
  timing: { prepareMs: 1, inferMs: 8, totalMs: 9 },
  at: 1,
  frameWidth: 320,
  frameHeight: 240,
});

/** A scripted detector: what it was called with, and events on demand. */
function scripted() {
  const calls: string[] = [];
  const received: unknown[] = [];
  let events!: EventChannel<FaceDetectorEvent>;
  let settings: FaceDetectorSettings = { ...DEFAULT_FACE_SETTINGS };
  const factory = fakeWorkerFactory<FaceDetectorApi, FaceDetectorEvent>(() => {
    events = new EventChannel<FaceDetectorEvent>();
    const api: FaceDetectorApi = {
      async load() {
        calls.push('load');
        events.emit({ type: 'loading' });
        events.emit({ type: 'ready', info });
        return info;
      },
      configure(update) {
        calls.push('configure');
        settings = { ...settings, ...update };
        return settings;
      },
      async detectFrame(frame) {
        calls.push('detectFrame');
        received.push(frame);
        if ((frame as unknown as ArrayBuffer).byteLength === 0) throw new WorkerError('unavailable', 'gave up');
        return { status: 'done', detection: detection(1) };
      },
      watchFrames(readable) {
        calls.push('watchFrames');
        received.push(readable);
      },
      stop() {
        calls.push('stop');
      },
      getStats: () => ({ backend: 'wasm', detections: 0, dropped: 0, errors: 0, numTensors: 69, ratePerSecond: 4, verdicts: { ok: 0, noFace: 0, multiFace: 0, still: 0 } }),
    };
    return { api, events };
  });
  return { ...factory, calls, received, emit: (e: FaceDetectorEvent) => events.emit(e) };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

function setup() {
  const worker = scripted();
  const store = createStore();
  let frameOptions: CameraFramesOptions | undefined;
  let sink: FrameSink | undefined;
  const framesStop = vi.fn();
  const framesRate = vi.fn();
  const startFrames = vi.fn((_stream: MediaStream, s: FrameSink, options: CameraFramesOptions) => {
    sink = s;
    frameOptions = options;
    return { mode: 'bitmap' as const, stopped: false, stop: framesStop, setRate: framesRate };
  });
  const client = createFaceDetectorClient({ create: worker.create, store, startFrames });
  return {
    worker,
    client,
    face: () => store.get(faceStateAtom),
    info: () => store.get(faceDetectorInfoAtom),
    rate: () => store.get(faceDetectorRateAtom),
    store,
    sink: () => sink!,
    frameOptions: () => frameOptions!,
    framesStop,
    framesRate,
    startFrames,
  };
}

const stream = {} as MediaStream;

describe('face-detector bridge', () => {
  it('load runs once and puts the backend and warm-up figures in the atoms', async () => {
    const t = setup();
    expect(t.face()).toEqual(initialFaceState);
    await expect(t.client.load()).resolves.toEqual(info);
    await t.client.load();
    await flush();
    expect(t.worker.calls.filter((c) => c === 'load')).toHaveLength(1);
    expect(t.info()).toEqual(info);
    expect(t.face()).toMatchObject({ state: 'loading', backend: 'wasm' });
    t.client.terminate();
    expect(t.face()).toEqual(initialFaceState);
    expect(t.info()).toBeNull();
  });

  it('start configures the worker and hands the pump the rate; detections and states reach the atom', async () => {
    const t = setup();
    await t.client.start({ stream, settings: { ratePerSecond: 10 } });
    expect(t.worker.calls).toEqual(['load', 'configure']);
    expect(t.frameOptions().ratePerSecond).toBe(10);
    t.worker.emit({ type: 'detection', detection: detection(2) });
    t.worker.emit({ type: 'state', state: 'multi-face', at: 5, window: { ok: 1, noFace: 0, multiFace: 3, still: 0 } });
    await flush();
    expect(t.face()).toMatchObject({ state: 'multi-face', window: { ok: 1, noFace: 0, multiFace: 3, still: 0 }, reason: null });
    expect(t.store.get(lastFaceDetectionAtom)).toMatchObject({ faceCount: 2, faces: [expect.objectContaining({ score: 0.99 }), expect.anything()] });
    // A detection alone does not touch the state: its subscribers (proctoring's rules) do not run 4 times a second.
    const stateChanges = vi.fn();
    t.store.sub(faceStateAtom, stateChanges);
    t.worker.emit({ type: 'detection', detection: detection(1) });
    await flush();
    expect(stateChanges).not.toHaveBeenCalled();
    expect(t.store.get(lastFaceDetectionAtom)).toMatchObject({ faceCount: 1 });
    t.client.terminate();
  });

  it('the pump sink transfers the processor readable once and pushed frames to the worker', async () => {
    const t = setup();
    await t.client.start({ stream });
    const readable = new ReadableStream<VideoFrame>();
    await t.sink().watchReadable(readable);
    expect(t.worker.received[0]).toBeInstanceOf(ReadableStream);
    expect(readable.locked).toBe(true); // moved to the worker, not usable here any more

    const frame = new Uint8Array([1, 2, 3]).buffer; // stands in for an ImageBitmap: transferable
    await expect(t.sink().pushFrame(frame as unknown as ImageBitmap)).resolves.toMatchObject({ status: 'done' });
    expect(frame.byteLength).toBe(0); // transferred, not copied
    t.client.terminate();
  });

  it('the rate the worker runs at reaches its atom and the bitmap pump; a restart starts at it', async () => {
    const t = setup();
    await t.client.start({ stream, settings: { ratePerSecond: 4 } });
    await flush();
    const face = t.face();
    const slowed = { ratePerSecond: 2, targetPerSecond: 4, floorPerSecond: 1.5, cause: 'slow' as const, detectionMs: 180, at: 9 };
    t.worker.emit({ type: 'detector-rate', rate: slowed });
    await flush();
    expect(t.rate()).toEqual(slowed);
    expect(t.framesRate).toHaveBeenCalledWith(2);
    expect(t.face()).toBe(face); // not a face state change
    // The worker keeps its learnt rate between starts: the new pump starts at it, not at 4/s.
    t.client.stop();
    t.framesRate.mockClear();
    await t.client.start({ stream, settings: { ratePerSecond: 4 } });
    expect(t.framesRate).toHaveBeenCalledWith(2);
    t.client.terminate();
    expect(t.rate()).toBeNull();
  });

});

describe('face-detector bridge: the camera and the worker ending', () => {
  it('the end of the camera track shows as camera-ended and stops the worker watching', async () => {
    const t = setup();
    await t.client.start({ stream });
    t.frameOptions().onEnded!();
    await flush();
    expect(t.face().state).toBe('camera-ended');
    expect(t.worker.calls).toContain('stop');
    t.client.terminate();
  });

  it('stops grabbing frames once the worker reports unavailable', async () => {
    const t = setup();
    await t.client.start({ stream });
    const error = await t.sink().pushFrame(new ArrayBuffer(0) as unknown as ImageBitmap).catch((e: unknown) => e);
    t.frameOptions().onError!(error);
    expect(t.framesStop).toHaveBeenCalled();
    t.client.terminate();
  });

  it('a crashed worker is reported as unavailable, never silence', async () => {
    const t = setup();
    await t.client.start({ stream });
    t.worker.latest()!.crash();
    expect(t.face()).toMatchObject({ state: 'unavailable', reason: 'worker-crashed' });
    expect(t.framesStop).toHaveBeenCalled();
  });

  it('stop stops the pump and the worker but keeps the model', async () => {
    const t = setup();
    await t.client.start({ stream });
    t.client.stop();
    await flush();
    expect(t.framesStop).toHaveBeenCalled();
    expect(t.worker.calls.at(-1)).toBe('stop');
    await t.client.start({ stream });
    expect(t.worker.calls.filter((c) => c === 'load')).toHaveLength(1);
    t.client.terminate();
  });
});

describe('reduceFaceState', () => {
  it('keeps the unavailable reason and clears it on the next state', () => {
    const down = reduceFaceState(initialFaceState, {
      type: 'state',
      state: 'unavailable',
      at: 1,
      window: { ok: 0, noFace: 0, multiFace: 0, still: 0 },
      reason: 'no-frames',
    }, 1000);
    expect(down).toMatchObject({ state: 'unavailable', reason: 'no-frames', since: 1000 });
    const back = reduceFaceState(down, { type: 'state', state: 'ok', at: 2, window: { ok: 3, noFace: 0, multiFace: 0, still: 0 } }, 2000);
    expect(back).toMatchObject({ state: 'ok', reason: null, since: 2000 });
  });
});
