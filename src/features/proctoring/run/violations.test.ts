// Violations through the whole run (tab, face, speech; refused reports), then the violation part on
// its own: raising, acknowledging, and the server's answers to the reports.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { faceCountAtom, openTabCountAtom } from '../../../lib/session.ts';
import { initialSpeechState, speechAtom } from '../../../sensors/speech-atoms.ts';
import type { ViolationJob } from '../proctoring-outbox.ts';
import { FACE_REPEAT_MS, rulesFromServer } from '../rules.ts';
import { createCounters } from './counters.ts';
import { fakeClock, serverState, setup, testContext } from './testing/run-harness.ts';
import type { SetupOptions } from './testing/run-harness.ts';
import { createViolations } from './violations.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('violations', () => {
  it('leaving the page: the warning, then on acknowledgement the counter and the report with its photo', async () => {
    const t = setup();
    await t.run.start();
    t.leave();
    expect(t.ui().dialog).toMatchObject({ kind: 'open_new_tab', variant: 'tab', count: 1, endsTest: false });
    t.leave(); // a second absence while the warning is open is not stacked
    const id = t.ui().dialog!.id;
    const ack = t.run.acknowledge();
    expect(t.counters()).toEqual([1, 0, 0]); // at once, before the server answers
    await ack;
    expect(t.ui().dialog).toBeNull();
    expect(t.reports).toEqual([{ counter_type: 'open_new_tab', section: 'structure', image: '00000000-0000-4000-8000-000000000001', text_voice: '', violation_id: id }]);
    expect(t.counters()).toEqual([1, 0, 0]);
  });

  it('face: no-face and multi-face warn; a problem that stays is warned about again 10 s after the acknowledgement', async () => {
    const t = setup();
    await t.run.start();
    t.face('loading');
    t.face('no-face');
    expect(t.ui().dialog).toMatchObject({ kind: 'face', variant: 'no-face' });
    t.face('multi-face'); // behind the open warning
    await t.run.acknowledge();
    expect(t.counters()).toEqual([0, 1, 0]);
    await vi.advanceTimersByTimeAsync(FACE_REPEAT_MS - 1);
    expect(t.ui().dialog).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.ui().dialog).toMatchObject({ kind: 'face', variant: 'multi-face', count: 2 });
    await t.run.acknowledge();
    t.face('ok');
    await vi.advanceTimersByTimeAsync(FACE_REPEAT_MS);
    expect(t.ui().dialog).toBeNull();
    expect(t.reports.map((r) => [r.counter_type, Boolean(r.image)])).toEqual([['face', true], ['face', true]]);
  });

  it('face counter off, camera on: the unstable snackbar while no face is seen, no violation', async () => {
    const t = setup({ state: serverState({ checks: { open_new_tab: true, face: false, speech: true } }) });
    await t.run.start();
    t.face('no-face');
    expect(t.ui()).toMatchObject({ unstable: true, dialog: null });
    t.face('ok');
    expect(t.ui().unstable).toBe(false);
  });

  it('speech: the latest transcript over the section limit; listening reports voice with the text', async () => {
    const t = setup({ section: 'listening' });
    t.store.set(speechAtom, initialSpeechState);
    await t.run.start();
    t.speak('saya tidak tahu');
    expect(t.ui().dialog).toBeNull();
    t.speak('jawabannya adalah pilihan B');
    expect(t.ui().dialog).toMatchObject({ kind: 'speech', variant: 'speech', text: 'jawabannya adalah pilihan B' });
    await t.run.acknowledge();
    expect(t.reports[0]).toMatchObject({ counter_type: 'voice', section: 'listening', text_voice: 'jawabannya adalah pilihan B', image: '' });
    expect(t.deps.capture).not.toHaveBeenCalled();
    expect(t.counters()).toEqual([0, 0, 1]);
  });

  it('a tab leave during an open face warning is counted and reported after it (issue 27)', async () => {
    const t = setup();
    await t.run.start();
    t.face('loading');
    t.face('no-face');
    expect(t.ui().dialog).toMatchObject({ kind: 'face' });
    t.leave();
    expect(t.ui().dialog).toMatchObject({ kind: 'face' });
    await t.run.acknowledge();
    expect(t.ui().dialog).toMatchObject({ kind: 'open_new_tab', variant: 'tab', count: 1 });
    await t.run.acknowledge();
    expect(t.ui().dialog).toBeNull();
    expect(t.counters()).toEqual([1, 1, 0]);
    expect(t.reports.map((r) => [r.counter_type, Boolean(r.image)])).toEqual([['face', true], ['open_new_tab', true]]);
  });

  it('a refused report does not count (the server did not)', async () => {
    const t = setup({ refuse: () => new ApiError(400, 'Pemeriksaan ini tidak aktif untuk tes Anda') });
    await t.run.start();
    t.leave();
    await t.run.acknowledge();
    expect(t.reports).toEqual([]);
    expect(t.counters()).toEqual([0, 0, 0]);
  });
});

function parts(options: SetupOptions = {}) {
  const t = testContext(options);
  const counters = createCounters(t.store);
  const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
  const photos = { safeCapture: vi.fn(async () => photo) };
  const endTest = vi.fn(async () => undefined);
  const onAcknowledged = vi.fn();
  const violations = createViolations(t.ctx, { counters, photos, endTest, onAcknowledged });
  return { ...t, counters, photos, endTest, onAcknowledged, violations };
}

const job = (over: Partial<ViolationJob['request']> = {}, orderId = 'order-1'): ViolationJob => ({
  type: 'violation', orderId, photo: null,
  request: { counter_type: 'face', section: 'structure', image: '', text_voice: '', violation_id: 'v1', ...over },
});

describe('the violation part', () => {
  it('raises one warning at a time, counting ahead and saying whether the kind ends the test; another kind waits with its photo', () => {
    const p = parts();
    p.ctx.rules = rulesFromServer(serverState({ disqualify_at_limit: { open_new_tab: false, face: true, speech: false } }));
    p.store.set(faceCountAtom, 1);
    expect(p.violations.raise('face', 'no-face')).toBe(true);
    expect(p.ctx.ui().dialog).toMatchObject({ kind: 'face', variant: 'no-face', count: 2, endsTest: true });
    expect(p.violations.raise('open_new_tab', 'tab')).toBe(true);
    expect(p.violations.raise('face', 'multi-face')).toBe(false); // the same kind is not stacked
    expect(p.ctx.ui().dialog).toMatchObject({ kind: 'face' });
    expect(p.photos.safeCapture).toHaveBeenCalledTimes(2);
  });

  it('a queued warning shows once the dialog, the photo gate and the stop are all closed; none after the test stopped', () => {
    const p = parts();
    const unwatch = p.violations.watchQueue();
    p.ctx.patch({ gate: { busy: false, error: null } });
    expect(p.violations.raise('speech', 'speech', 'jawabannya B')).toBe(true);
    expect(p.ctx.ui().dialog).toBeNull();
    p.ctx.patch({ gate: null });
    expect(p.ctx.ui().dialog).toMatchObject({ kind: 'speech', text: 'jawabannya B' });
    p.ctx.patch({ stop: { kind: 'open_new_tab', status: 'posting', message: null } });
    expect(p.violations.raise('open_new_tab', 'tab')).toBe(false);
    unwatch();
  });

  it('speech keeps its transcript and takes no photo', async () => {
    const p = parts();
    p.violations.raise('speech', 'speech', 'jawabannya B');
    await p.violations.acknowledge();
    expect(p.photos.safeCapture).not.toHaveBeenCalled();
    expect(p.reports[0]).toMatchObject({ counter_type: 'speech', text_voice: 'jawabannya B', image: '' });
  });

  it('acknowledging counts at once, reports with the photo of the moment, and tells the face watch', async () => {
    const p = parts();
    p.violations.raise('open_new_tab', 'tab');
    const ack = p.violations.acknowledge();
    expect(p.store.get(openTabCountAtom)).toBe(1);
    expect(p.ctx.ui().dialog).toBeNull();
    await ack;
    expect(p.onAcknowledged).toHaveBeenCalledWith('open_new_tab');
    expect(p.upload).toHaveBeenCalledTimes(1);
    expect(p.reports).toMatchObject([{ counter_type: 'open_new_tab', image: '00000000-0000-4000-8000-000000000001' }]);
  });

  it('offline at the limit of a kind that ends the test: the client ends it itself', async () => {
    const p = parts({ online: () => false });
    p.ctx.rules = rulesFromServer(serverState({ disqualify_at_limit: { open_new_tab: true, face: false, speech: false } }));
    p.store.set(openTabCountAtom, 2);
    p.violations.raise('open_new_tab', 'tab');
    await p.violations.acknowledge();
    expect(p.endTest).toHaveBeenCalledWith('open_new_tab');
  });

  it("answers: the server's counters and rules are taken; its disqualification ends the test", () => {
    const p = parts();
    const state = serverState({ counters: { open_new_tab: 0, face: 2, speech: 0 }, checks: { open_new_tab: true, face: true, speech: false } });
    p.violations.onResult(job(), { ok: true, data: state });
    expect(p.store.get(faceCountAtom)).toBe(2);
    expect(p.ctx.rules.checks.speech).toBe(false);
    p.violations.onResult(job({ counter_type: 'voice' }), { ok: true, data: { ...state, disqualified: true } });
    expect(p.endTest).toHaveBeenCalledWith('speech');
  });

  it('answers: a refusal saying the test is over ends it; another refusal takes the count back', () => {
    const p = parts();
    p.counters.acknowledged('face', 'v1');
    p.violations.onResult(job(), { ok: false, kept: false, error: new ApiError(400, 'Pemeriksaan ini tidak aktif') });
    expect(p.store.get(faceCountAtom)).toBe(0);
    p.violations.onResult(job(), { ok: false, kept: false, error: new ApiError(400, messages.exam.testDisqualified) });
    expect(p.endTest).toHaveBeenCalledWith('face');
  });

  it("answers for another order, or a report still waiting, change nothing", () => {
    const p = parts();
    p.counters.acknowledged('face', 'v1');
    p.violations.onResult(job({}, 'order-2'), { ok: false, kept: false, error: new ApiError(400, 'x') });
    p.violations.onResult(job(), { ok: false, kept: true, error: new ApiError(0, 'Network Error') });
    expect(p.store.get(faceCountAtom)).toBe(1);
    expect(p.endTest).not.toHaveBeenCalled();
  });
});
