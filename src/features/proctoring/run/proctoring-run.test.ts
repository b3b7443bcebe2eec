import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type { ProctoringState, ViolationRequest } from '../../../../contracts/proctoring.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { memoryStorage } from '../../../lib/offline-queue.ts';
import { sectionPhotoIdsAtom, testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { faceCountAtom, institutionAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { isRetryable } from '../api/proctoring-api.ts';
import { initialSpeechState, speechAtom } from '../../../sensors/speech-atoms.ts';
import { faceStateAtom, initialFaceState } from '../../../workers/face-detector-atoms.ts';
import type { FaceState } from '../../../workers/face-detector-atoms.ts';
import { photoRecordAtom, proctoringUiAtom } from '../atoms.ts';
import { createProctoringOutbox } from '../proctoring-outbox.ts';
import { createProctoringSession } from './proctoring-run.ts';
import { FACE_REPEAT_MS } from '../rules.ts';

type Kinds = { open_new_tab: boolean; face: boolean; speech: boolean };
const ALL: Kinds = { open_new_tab: true, face: true, speech: true };
const NONE: Kinds = { open_new_tab: false, face: false, speech: false };

function serverState(over: Partial<ProctoringState> = {}): ProctoringState {
  return { counters: { open_new_tab: 0, face: 0, speech: 0 }, disqualified: false, limit: 3, checks: ALL, disqualify_at_limit: NONE, camera_required: true, ...over };
}

function fakeStream() {
  const track = { readyState: 'live' as MediaStreamTrackState, stop: vi.fn(() => { track.readyState = 'ended'; }) };
  return { track, stream: { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream };
}

interface SetupOptions {
  section?: ExamSectionName;
  state?: ProctoringState | Error;
  /** False: every upload and report fails as a network error. */
  online?: () => boolean;
  openCamera?: () => Promise<MediaStream>;
  /** The server refuses reports with this error. */
  refuse?: () => ApiError | null;
}

function setup({ section = 'structure', state = serverState(), online = () => true, openCamera, refuse = () => null }: SetupOptions = {}) {
  const store = createStore();
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
  const outbox = createProctoringOutbox({ upload, report, storage: memoryStorage(), isRetryable });
  const { stream, track } = fakeStream();
  let leave: () => void = () => undefined;
  const deps = {
    getState: vi.fn(async () => {
      if (state instanceof Error) throw state;
      return state;
    }),
    postEvent: vi.fn(async (_orderId: string, _body: { section: ExamSectionName; kind: string; detail: string }) => undefined),
    postDisqualified: vi.fn(async (_o: string, _s: ExamSectionName) => undefined),
    isRetryable,
    outbox,
    openCamera: openCamera ?? vi.fn(async () => stream),
    startFace: vi.fn(async () => undefined),
    stopFace: vi.fn(),
    startSpeech: vi.fn(() => true),
    stopSpeech: vi.fn(),
    capture: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
    createVideo: () => ({ srcObject: null, play: () => Promise.resolve() }) as unknown as HTMLVideoElement,
    watchTab: vi.fn(({ onLeave }: { onLeave: () => void }) => {
      leave = onLeave;
      return () => { leave = () => undefined; };
    }),
    random: () => 0,
  };
  const session = createProctoringSession({ store, orderId: 'order-1', section, ...deps });
  const ui = () => store.get(proctoringUiAtom);
  const face = (s: FaceState['state']) => store.set(faceStateAtom, { ...initialFaceState, state: s });
  const speak = (text: string) => store.set(speechAtom, (sp) => ({
    ...sp, sentences: [...sp.sentences, { text, words: text.split(' ').length, at: Date.now() }],
  }));
  const counters = () => [store.get(openTabCountAtom), store.get(faceCountAtom), store.get(speechCountAtom)];
  /** Lets the awaited promises (capture, outbox) run. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { store, session, deps, ui, face, speak, counters, settle, reports, upload, track, leave: () => leave() };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('starting a section', () => {
  it('mirrors the server counters and runs what the rules say', async () => {
    const t = setup({ state: serverState({ counters: { open_new_tab: 2, face: 1, speech: 0 } }) });
    await t.session.start();
    expect(t.counters()).toEqual([2, 1, 0]);
    expect(t.ui().checks).toEqual({ tab: true, speech: true, camera: true, faceCounter: true, photos: true });
    expect(t.deps.watchTab).toHaveBeenCalledTimes(1);
    expect(t.deps.startSpeech).toHaveBeenCalledTimes(1);
    expect(t.deps.startFace).toHaveBeenCalledWith(expect.objectContaining({ settings: { ratePerSecond: 4 } }));
    t.session.dispose();
    expect(t.deps.stopFace).toHaveBeenCalled();
    expect(t.track.stop).toHaveBeenCalled();
  });

  it('an institution without identification runs no detection; without the camera no camera either', async () => {
    const t = setup({ state: serverState({ checks: NONE, camera_required: false }) });
    await t.session.start();
    expect(t.deps.watchTab).not.toHaveBeenCalled();
    expect(t.deps.startSpeech).not.toHaveBeenCalled();
    expect(t.deps.openCamera).not.toHaveBeenCalled();
    // Submission is not held: no photos are taken.
    expect(await t.session.gate()).toBe(true);
  });

  it('offline: the stored institution and counters stand in for the server', async () => {
    const t = setup({ state: new ApiError(0, 'Network Error') });
    t.store.set(institutionAtom, { id: 'i', name: 'L', active_camera: true, setting: { identification: { face: false, voice: false, new_tab: true }, failed: { face: false, voice: false, new_tab: true } } });
    t.store.set(openTabCountAtom, 1);
    await t.session.start();
    expect(t.ui().checks).toMatchObject({ tab: true, speech: false, faceCounter: false, camera: true });
    expect(t.counters()).toEqual([1, 0, 0]);
  });

  it('an order the server already disqualified leaves at once', async () => {
    const t = setup({ state: serverState({ disqualified: true, counters: { open_new_tab: 3, face: 0, speech: 0 } }) });
    await t.session.start();
    expect(t.store.get(testStoppedAtom)).toBe(true);
    expect(t.counters()).toEqual([0, 0, 0]);
    expect(t.deps.openCamera).not.toHaveBeenCalled();
  });
});

describe('violations', () => {
  it('leaving the page: the warning, then on acknowledgement the counter and the report with its photo', async () => {
    const t = setup();
    await t.session.start();
    t.leave();
    expect(t.ui().dialog).toMatchObject({ kind: 'open_new_tab', variant: 'tab', count: 1, endsTest: false });
    t.leave(); // a second absence while the warning is open is not stacked
    const id = t.ui().dialog!.id;
    const ack = t.session.acknowledge();
    expect(t.counters()).toEqual([1, 0, 0]); // at once, before the server answers
    await ack;
    expect(t.ui().dialog).toBeNull();
    expect(t.reports).toEqual([{ counter_type: 'open_new_tab', section: 'structure', image: '00000000-0000-4000-8000-000000000001', text_voice: '', violation_id: id }]);
    expect(t.counters()).toEqual([1, 0, 0]);
  });

  it('face: no-face and multi-face warn; a problem that stays is warned about again 10 s after the acknowledgement', async () => {
    const t = setup();
    await t.session.start();
    t.face('loading');
    t.face('no-face');
    expect(t.ui().dialog).toMatchObject({ kind: 'face', variant: 'no-face' });
    t.face('multi-face'); // behind the open warning
    await t.session.acknowledge();
    expect(t.counters()).toEqual([0, 1, 0]);
    await vi.advanceTimersByTimeAsync(FACE_REPEAT_MS - 1);
    expect(t.ui().dialog).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.ui().dialog).toMatchObject({ kind: 'face', variant: 'multi-face', count: 2 });
    await t.session.acknowledge();
    t.face('ok');
    await vi.advanceTimersByTimeAsync(FACE_REPEAT_MS);
    expect(t.ui().dialog).toBeNull();
    expect(t.reports.map((r) => [r.counter_type, Boolean(r.image)])).toEqual([['face', true], ['face', true]]);
  });

  it('face counter off, camera on: the unstable snackbar while no face is seen, no violation', async () => {
    const t = setup({ state: serverState({ checks: { open_new_tab: true, face: false, speech: true } }) });
    await t.session.start();
    t.face('no-face');
    expect(t.ui()).toMatchObject({ unstable: true, dialog: null });
    t.face('ok');
    expect(t.ui().unstable).toBe(false);
  });

  it('speech: the latest transcript over the section limit; listening reports voice with the text', async () => {
    const t = setup({ section: 'listening' });
    t.store.set(speechAtom, initialSpeechState);
    await t.session.start();
    t.speak('saya tidak tahu');
    expect(t.ui().dialog).toBeNull();
    t.speak('jawabannya adalah pilihan B');
    expect(t.ui().dialog).toMatchObject({ kind: 'speech', variant: 'speech', text: 'jawabannya adalah pilihan B' });
    await t.session.acknowledge();
    expect(t.reports[0]).toMatchObject({ counter_type: 'voice', section: 'listening', text_voice: 'jawabannya adalah pilihan B', image: '' });
    expect(t.deps.capture).not.toHaveBeenCalled();
    expect(t.counters()).toEqual([0, 0, 1]);
  });

  it('a refused report does not count (the server did not)', async () => {
    const t = setup({ refuse: () => new ApiError(400, 'Pemeriksaan ini tidak aktif untuk tes Anda') });
    await t.session.start();
    t.leave();
    await t.session.acknowledge();
    expect(t.reports).toEqual([]);
    expect(t.counters()).toEqual([0, 0, 0]);
  });
});

describe('disqualification (spec 4.6)', () => {
  it('the server says so at the third: the notice, the disqualified answer per section, then the end page', async () => {
    const t = setup({ state: serverState({ disqualify_at_limit: { open_new_tab: true, face: true, speech: false } }) });
    await t.session.start();
    for (let n = 1; n <= 2; n++) {
      t.leave();
      expect(t.ui().dialog).toMatchObject({ count: n, endsTest: true });
      await t.session.acknowledge();
    }
    expect(t.ui().stop).toBeNull();
    // The server already closed every section: its refusals mean done.
    t.deps.postDisqualified.mockImplementation(async (_o, s) => {
      if (s !== 'listening') throw new ApiError(400, messages.exam.testDisqualified);
    });
    t.leave();
    await t.session.acknowledge();
    await t.settle();
    expect(t.ui().stop).toEqual({ kind: 'open_new_tab', status: 'done', message: null });
    expect(t.deps.postDisqualified.mock.calls.map((c) => c[1])).toEqual(['listening', 'structure', 'reading']);
    expect(t.deps.stopFace).toHaveBeenCalled();
    t.leave();
    expect(t.ui().dialog).toBeNull(); // monitoring stopped
    t.session.leaveStopped();
    expect(t.counters()).toEqual([0, 0, 0]);
    expect(t.store.get(testStoppedAtom)).toBe(true);
  });

  it('offline at the third: the client ends the test itself; a failed post is sent again with resend', async () => {
    let online = true;
    const t = setup({ state: serverState({ disqualify_at_limit: { open_new_tab: true, face: false, speech: false } }), online: () => online });
    await t.session.start();
    for (let n = 1; n <= 2; n++) {
      t.leave();
      await t.session.acknowledge();
    }
    online = false;
    t.deps.postDisqualified.mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    t.leave();
    await t.session.acknowledge();
    await t.settle();
    expect(t.ui().stop).toMatchObject({ kind: 'open_new_tab', status: 'failed', message: messages.app.networkError });
    expect(t.counters()).toEqual([3, 0, 0]);
    await t.session.retryStop();
    expect(t.ui().stop).toMatchObject({ status: 'done' });
    expect(t.deps.postDisqualified.mock.calls.map((c) => c[1])).toEqual(['listening', 'listening', 'structure', 'reading']);
  });

  it('individuals are warned only', async () => {
    const t = setup();
    await t.session.start();
    for (let n = 1; n <= 4; n++) {
      t.leave();
      await t.session.acknowledge();
    }
    expect(t.counters()).toEqual([4, 0, 0]);
    expect(t.ui().stop).toBeNull();
    expect(t.deps.postDisqualified).not.toHaveBeenCalled();
  });
});

describe('photos (spec 4.7)', () => {
  it('periodic photos are uploaded and their ids kept for the submission', async () => {
    const t = setup({ section: 'reading' });
    await t.session.start();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(t.store.get(sectionPhotoIdsAtom).reading).toHaveLength(1);
    expect(t.store.get(photoRecordAtom)).toEqual({ order_id: 'order-1', sections: { reading: ['00000000-0000-4000-8000-000000000001'] } });
  });

  it('fewer than 2 at submission: held until Ambil Gambar took and uploaded the missing ones', async () => {
    const t = setup({ section: 'reading' });
    await t.session.start();
    let released: boolean | null = null;
    void t.session.gate().then((ok) => { released = ok; });
    await t.settle();
    expect(t.ui().gate).toEqual({ busy: false, error: null });
    expect(released).toBeNull();
    await t.session.takeMissingPhotos();
    await t.settle();
    expect(released).toBe(true);
    expect(t.ui().gate).toBeNull();
    expect(t.store.get(sectionPhotoIdsAtom).reading).toHaveLength(2);
    // Enough now: the next submission goes at once.
    expect(await t.session.gate()).toBe(true);
  });

  it('a failed upload keeps the block with the reason; the next try succeeds', async () => {
    let online = false;
    const t = setup({ section: 'reading', online: () => online });
    await t.session.start();
    const released = t.session.gate();
    await t.settle();
    await t.session.takeMissingPhotos();
    expect(t.ui().gate?.error).toContain(messages.app.networkError);
    online = true;
    await t.session.takeMissingPhotos();
    expect(await released).toBe(true);
    expect(t.store.get(sectionPhotoIdsAtom).reading).toHaveLength(2);
  });

  it('photos survive a reload (the record of this order)', async () => {
    const t = setup({ section: 'reading' });
    t.store.set(photoRecordAtom, { order_id: 'order-1', sections: { reading: ['a', 'b'] } });
    await t.session.start();
    expect(t.store.get(sectionPhotoIdsAtom)).toEqual({ reading: ['a', 'b'] });
    expect(await t.session.gate()).toBe(true);
  });
});

describe('monitoring never stops silently', () => {
  it('camera ended and detector unavailable: shown and reported; recovery too', async () => {
    const t = setup();
    await t.session.start();
    t.face('ok');
    t.face('camera-ended');
    expect(t.ui().problem).toBe('camera-ended');
    t.face('unavailable');
    expect(t.ui().problem).toBe('detector-unavailable');
    t.face('ok');
    expect(t.ui().problem).toBeNull();
    expect(t.deps.postEvent.mock.calls.map((c) => c[1].kind)).toEqual(['camera-ended', 'detector-unavailable', 'recovered']);
  });

  it('a refused camera is reported, and submission is not held for photos that cannot be taken', async () => {
    const t = setup({ openCamera: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    await t.session.start();
    expect(t.ui().problem).toBe('camera-denied');
    expect(t.deps.postEvent).toHaveBeenCalledWith('order-1', { section: 'structure', kind: 'camera-denied', detail: 'NotAllowedError' });
    expect(await t.session.gate()).toBe(true);
  });
});

describe('reconnecting the camera', () => {
  it("'Sambungkan ulang kamera': the alert stays until detection works, then recovered is reported", async () => {
    let allow = false;
    const { stream } = fakeStream();
    const t = setup({ openCamera: () => (allow ? Promise.resolve(stream) : Promise.reject(new DOMException('gone', 'NotReadableError'))) });
    await t.session.start();
    expect(t.ui().problem).toBe('camera-denied');
    allow = true;
    await t.session.reconnectCamera();
    expect(t.deps.startFace).toHaveBeenCalledTimes(1);
    expect(t.ui().problem).toBe('camera-denied');
    t.face('ok');
    expect(t.ui().problem).toBeNull();
    expect(t.deps.postEvent.mock.calls.map((c) => c[1].kind)).toEqual(['camera-denied', 'recovered']);
  });

  it('while the camera is still starting, submission is held (not waved through)', async () => {
    const t = setup({ section: 'reading', openCamera: () => new Promise<MediaStream>(() => undefined) });
    void t.session.start();
    await t.settle();
    let released: boolean | null = null;
    void t.session.gate().then((ok) => { released = ok; });
    await t.settle();
    expect(t.ui().gate).not.toBeNull();
    expect(released).toBeNull();
  });
});
