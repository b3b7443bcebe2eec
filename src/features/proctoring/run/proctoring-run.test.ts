// The whole run with its side effects faked: what starts with which rules, and that monitoring never
// stops silently. Each part has its own tests next to it; the violation, photo and end-of-test flows
// through the whole run are in violations.test.ts, photos.test.ts, submit-gate.test.ts and end-of-test.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { institutionAtom, openTabCountAtom, useFaceDetectionAtom, useSpeechDetectionAtom } from '../../../lib/session.ts';
import { fakeClock, fakeStream, NONE, serverState, setup } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('starting a section', () => {
  it('mirrors the server counters and runs what the rules say', async () => {
    const t = setup({ state: serverState({ counters: { open_new_tab: 2, face: 1, speech: 0 } }) });
    await t.run.start();
    expect(t.counters()).toEqual([2, 1, 0]);
    expect(t.ui().checks).toEqual({ tab: true, speech: true, camera: true, faceCounter: true, photos: true });
    expect(t.deps.watchTab).toHaveBeenCalledTimes(1);
    // Coming back after a counted absence reports the time away (the reviewers' timeline).
    t.deps.watchTab.mock.calls[0]![0].onReturn!(130_000);
    expect(t.deps.postEvent).toHaveBeenCalledWith('order-1', { section: 'structure', kind: 'page-away', detail: '', duration_ms: 130_000 });
    expect(t.deps.startSpeech).toHaveBeenCalledTimes(1);
    expect(t.deps.startFace).toHaveBeenCalledWith(expect.objectContaining({ settings: { ratePerSecond: 4 } }));
    t.run.dispose();
    expect(t.deps.stopFace).toHaveBeenCalled();
    expect(t.track.stop).toHaveBeenCalled();
  });

  it('an institution without identification runs no detection; without the camera no camera either', async () => {
    const t = setup({ state: serverState({ checks: NONE, camera_required: false }) });
    await t.run.start();
    expect(t.deps.watchTab).not.toHaveBeenCalled();
    expect(t.deps.startSpeech).not.toHaveBeenCalled();
    expect(t.deps.openCamera).not.toHaveBeenCalled();
    // Submission is not held: no photos are taken.
    expect(await t.run.gate()).toBe(true);
  });

  it("the device check's 'continue anyway' flags: a failed face check only shows the snackbar, failed speech is not started", async () => {
    const t = setup();
    t.store.set(useFaceDetectionAtom, false);
    t.store.set(useSpeechDetectionAtom, false);
    await t.run.start();
    expect(t.ui().checks).toEqual({ tab: true, speech: false, camera: true, faceCounter: false, photos: true });
    expect(t.deps.startSpeech).not.toHaveBeenCalled();
    expect(t.deps.startFace).toHaveBeenCalledTimes(1); // the detector still runs: its episodes are evidence
    t.face('no-face');
    expect(t.ui()).toMatchObject({ unstable: true, dialog: null });
    t.run.dispose();
  });

  it('flags never stored in this browser (storage cleared, another browser) leave every check on', async () => {
    const t = setup();
    expect([t.store.get(useFaceDetectionAtom), t.store.get(useSpeechDetectionAtom)]).toEqual([true, true]);
    await t.run.start();
    expect(t.ui().checks).toMatchObject({ speech: true, faceCounter: true });
    t.run.dispose();
  });

  it('offline: the stored institution and counters stand in for the server', async () => {
    const t = setup({ state: new ApiError(0, 'Network Error') });
    t.store.set(institutionAtom, { id: 'i', name: 'L', active_camera: true, setting: { identification: { face: false, voice: false, new_tab: true }, failed: { face: false, voice: false, new_tab: true } } });
    t.store.set(openTabCountAtom, 1);
    await t.run.start();
    expect(t.ui().checks).toMatchObject({ tab: true, speech: false, faceCounter: false, camera: true });
    expect(t.counters()).toEqual([1, 0, 0]);
  });

  it('lets speech detection use cloud recognition only when the server says both yeses stand (issue 19)', async () => {
    const allowed = setup({ state: { ...serverState(), cloud_speech: true } });
    await allowed.run.start();
    expect(allowed.deps.allowCloudSpeech).toHaveBeenCalledWith(true);
    expect(allowed.deps.allowCloudSpeech.mock.invocationCallOrder[0]).toBeLessThan(allowed.deps.startSpeech.mock.invocationCallOrder[0]!);
    allowed.run.dispose();
    const notSaid = setup();
    await notSaid.run.start();
    expect(notSaid.deps.allowCloudSpeech).toHaveBeenCalledWith(false);
    notSaid.run.dispose();
    const offline = setup({ state: new ApiError(0, 'Network Error') });
    await offline.run.start();
    expect(offline.deps.allowCloudSpeech).not.toHaveBeenCalledWith(true);
    offline.run.dispose();
  });

  it('an order the server already disqualified leaves at once', async () => {
    const t = setup({ state: serverState({ disqualified: true, counters: { open_new_tab: 3, face: 0, speech: 0 } }) });
    await t.run.start();
    expect(t.store.get(testStoppedAtom)).toBe(true);
    expect(t.counters()).toEqual([0, 0, 0]);
    expect(t.deps.openCamera).not.toHaveBeenCalled();
  });
});

describe('monitoring never stops silently', () => {
  it('camera ended and detector unavailable: shown and reported; recovery too', async () => {
    const t = setup();
    await t.run.start();
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
    await t.run.start();
    expect(t.ui().problem).toBe('camera-denied');
    expect(t.deps.postEvent).toHaveBeenCalledWith('order-1', { section: 'structure', kind: 'camera-denied', detail: 'NotAllowedError' });
    expect(await t.run.gate()).toBe(true);
  });
});

describe('reconnecting the camera', () => {
  it("'Sambungkan ulang kamera': the alert stays until detection works, then recovered is reported", async () => {
    let allow = false;
    const { stream } = fakeStream();
    const t = setup({ openCamera: () => (allow ? Promise.resolve(stream) : Promise.reject(new DOMException('gone', 'NotReadableError'))) });
    await t.run.start();
    expect(t.ui().problem).toBe('camera-denied');
    allow = true;
    await t.run.reconnectCamera();
    expect(t.deps.startFace).toHaveBeenCalledTimes(1);
    expect(t.ui().problem).toBe('camera-denied');
    t.face('ok');
    expect(t.ui().problem).toBeNull();
    expect(t.deps.postEvent.mock.calls.map((c) => c[1].kind)).toEqual(['camera-denied', 'recovered']);
  });

  it('while the camera is still starting, submission is held (not waved through)', async () => {
    const t = setup({ section: 'reading', openCamera: () => new Promise<MediaStream>(() => undefined) });
    void t.run.start();
    await t.settle();
    let released: boolean | null = null;
    void t.run.gate().then((ok) => { released = ok; });
    await t.settle();
    expect(t.ui().gate).not.toBeNull();
    expect(released).toBeNull();
  });
});
