// Test support for the proctoring run (never imported by app code): fake deps around a real outbox
// on memory storage, whose uploads and reports answer like the server (counting, disqualifying at
// the limit, failing while offline), and the helpers the run's tests drive it with.
import { createStore } from 'jotai';
import { vi } from 'vitest';
import type { ExamSectionName } from '../../../../../contracts/exam-import.ts';
import type { Heartbeat, HeartbeatRequest, ProctoringState, ViolationRequest } from '../../../../../contracts/proctoring.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { memoryStorage } from '../../../../lib/offline-queue.ts';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../../lib/session.ts';
import { speechAtom } from '../../../../sensors/speech-atoms.ts';
import { faceStateAtom, initialFaceState } from '../../../../workers/face-detector-atoms.ts';
import type { FaceState } from '../../../../workers/face-detector-atoms.ts';
import { isRetryable } from '../../api/proctoring-api.ts';
import { proctoringUiAtom } from '../../atoms.ts';
import { createProctoringOutbox } from '../../proctoring-outbox.ts';
import { createProctoringRun } from '../proctoring-run.ts';
import { createRunContext } from '../run-context.ts';

type Kinds = { open_new_tab: boolean; face: boolean; speech: boolean };
export const ALL: Kinds = { open_new_tab: true, face: true, speech: true };
export const NONE: Kinds = { open_new_tab: false, face: false, speech: false };

export function serverState(over: Partial<ProctoringState> = {}): ProctoringState {
  return { counters: { open_new_tab: 0, face: 0, speech: 0 }, disqualified: false, limit: 3, checks: ALL, disqualify_at_limit: NONE, camera_required: true, ...over };
}

export function fakeStream() {
  const track = { readyState: 'live' as MediaStreamTrackState, stop: vi.fn(() => { track.readyState = 'ended'; }) };
  return { track, stream: { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream };
}

export interface SetupOptions {
  section?: ExamSectionName;
  state?: (ProctoringState & { cloud_speech?: boolean }) | Error;
  /** False: every upload and report fails as a network error. */
  online?: () => boolean;
  openCamera?: () => Promise<MediaStream>;
  /** The server refuses reports with this error. */
  refuse?: () => ApiError | null;
}

/** The deps of a run, faked; the outbox is real (memory storage) and talks to a fake server. */
export function fakeDeps({ state = serverState(), online = () => true, openCamera, refuse = () => null }: SetupOptions = {}) {
  const server = { counters: { ...(state instanceof Error ? serverState() : state).counters }, rules: state instanceof Error ? serverState() : state };
  const reports: ViolationRequest[] = [];
  let uploads = 0;
  const upload = vi.fn(async () => {
    if (!online()) throw new ApiError(0, 'Network Error');
    return `00000000-0000-4000-8000-${String(++uploads).padStart(12, '0')}`;
  });
  const report = vi.fn(async (_orderId: string, body: ViolationRequest) => {
    if (!online()) throw new ApiError(0, 'Network Error');
    const refusal = refuse();
    if (refusal) throw refusal;
    reports.push(body);
    const kind = body.counter_type === 'voice' ? 'speech' : body.counter_type;
    server.counters[kind]++;
    const disqualified = server.rules.disqualify_at_limit[kind] && server.counters[kind] >= 3;
    return { ...server.rules, counters: { ...server.counters }, disqualified };
  });
  const beats: Heartbeat[] = [];
  const heartbeat = vi.fn(async (_orderId: string, body: HeartbeatRequest) => {
    if (!online()) throw new ApiError(0, 'Network Error');
    beats.push(...body.beats);
    return { accepted: body.beats.length, refused: 0, interval_ms: 15_000, received_at: new Date().toISOString() };
  });
  const outbox = createProctoringOutbox({ upload, report, heartbeat, storage: memoryStorage(), isRetryable });
  /** The face worker's counters, as its getStats answers them. */
  const faceCounts = { detections: 0, verdicts: { ok: 0, noFace: 0, multiFace: 0, still: 0 } };
  const { stream, track } = fakeStream();
  const tab = { leave: () => undefined as void };
  const deps = {
    getState: vi.fn(async () => {
      if (state instanceof Error) throw state;
      return state;
    }),
    postEvent: vi.fn(async (_orderId: string, _body: { section: ExamSectionName; kind: string; detail: string; duration_ms?: number }) => undefined),
    postDisqualified: vi.fn(async (_o: string, _s: ExamSectionName) => undefined),
    isRetryable,
    outbox,
    openCamera: openCamera ?? vi.fn(async () => stream),
    startFace: vi.fn(async () => undefined),
    stopFace: vi.fn(),
    faceStats: vi.fn(async () => structuredClone(faceCounts)),
    startSpeech: vi.fn(() => true),
    stopSpeech: vi.fn(),
    allowCloudSpeech: vi.fn((_allowed: boolean) => undefined),
    capture: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
    createVideo: () => ({ srcObject: null, play: () => Promise.resolve() }) as unknown as HTMLVideoElement,
    watchTab: vi.fn(({ onLeave }: { onLeave: () => void; onReturn?: (ms: number) => void }) => {
      tab.leave = onLeave;
      return () => { tab.leave = () => undefined; };
    }),
    random: () => 0,
  };
  return { deps, reports, beats, heartbeat, faceCounts, upload, track, leave: () => tab.leave() };
}

/** A run context for testing one part on its own. */
export function testContext(options: SetupOptions = {}, store = createStore()) {
  const fake = fakeDeps(options);
  const ctx = createRunContext({ store, orderId: 'order-1', section: options.section ?? 'structure', ...fake.deps });
  return { ...fake, ctx, store };
}

/** A whole run on a fresh store, with the helpers the tests drive it with. */
export function setup(options: SetupOptions = {}) {
  const store = createStore();
  const { deps, reports, beats, heartbeat, faceCounts, upload, track, leave } = fakeDeps(options);
  const run = createProctoringRun({ store, orderId: 'order-1', section: options.section ?? 'structure', ...deps });
  const ui = () => store.get(proctoringUiAtom);
  const face = (s: FaceState['state']) => store.set(faceStateAtom, { ...initialFaceState, state: s });
  const speak = (text: string) => store.set(speechAtom, (sp) => ({
    ...sp, sentences: [...sp.sentences, { text, words: text.split(' ').length, at: Date.now() }],
  }));
  const counters = () => [store.get(openTabCountAtom), store.get(faceCountAtom), store.get(speechCountAtom)];
  /** Lets the awaited promises (capture, outbox) run. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { store, run, deps, ui, face, speak, counters, settle, reports, beats, heartbeat, faceCounts, upload, track, leave };
}

/** Fake timers and a clean local storage around every test. */
export function fakeClock(): void {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}
