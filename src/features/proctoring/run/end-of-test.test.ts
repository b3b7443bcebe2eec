// The end of the test through the whole run (server-side, offline, individuals), then the part on
// its own: the disqualified answers per section, resend, and leaving.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { createEndOfTest } from './end-of-test.ts';
import { fakeClock, serverState, setup, testContext } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('disqualification (spec 4.6)', () => {
  it('the server says so at the third: the notice, the disqualified answer per section, then the end page', async () => {
    const t = setup({ state: serverState({ disqualify_at_limit: { open_new_tab: true, face: true, speech: false } }) });
    await t.run.start();
    for (let n = 1; n <= 2; n++) {
      t.leave();
      expect(t.ui().dialog).toMatchObject({ count: n, endsTest: true });
      await t.run.acknowledge();
    }
    expect(t.ui().stop).toBeNull();
    // The server already closed every section: its refusals mean done.
    t.deps.postDisqualified.mockImplementation(async (_o, s) => {
      if (s !== 'listening') throw new ApiError(400, messages.exam.testDisqualified);
    });
    t.leave();
    await t.run.acknowledge();
    await t.settle();
    expect(t.ui().stop).toEqual({ kind: 'open_new_tab', status: 'done', message: null });
    expect(t.deps.postDisqualified.mock.calls.map((c) => c[1])).toEqual(['listening', 'structure', 'reading']);
    expect(t.deps.stopFace).toHaveBeenCalled();
    t.leave();
    expect(t.ui().dialog).toBeNull(); // monitoring stopped
    t.run.leaveStopped();
    expect(t.counters()).toEqual([0, 0, 0]);
    expect(t.store.get(testStoppedAtom)).toBe(true);
  });

  it('offline at the third: the client ends the test itself; a failed post is sent again with resend', async () => {
    let online = true;
    const t = setup({ state: serverState({ disqualify_at_limit: { open_new_tab: true, face: false, speech: false } }), online: () => online });
    await t.run.start();
    for (let n = 1; n <= 2; n++) {
      t.leave();
      await t.run.acknowledge();
    }
    online = false;
    t.deps.postDisqualified.mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    t.leave();
    await t.run.acknowledge();
    await t.settle();
    expect(t.ui().stop).toMatchObject({ kind: 'open_new_tab', status: 'failed', message: messages.app.networkError });
    expect(t.counters()).toEqual([3, 0, 0]);
    await t.run.retryStop();
    expect(t.ui().stop).toMatchObject({ status: 'done' });
    expect(t.deps.postDisqualified.mock.calls.map((c) => c[1])).toEqual(['listening', 'listening', 'structure', 'reading']);
  });

  it('individuals are warned only', async () => {
    const t = setup();
    await t.run.start();
    for (let n = 1; n <= 4; n++) {
      t.leave();
      await t.run.acknowledge();
    }
    expect(t.counters()).toEqual([4, 0, 0]);
    expect(t.ui().stop).toBeNull();
    expect(t.deps.postDisqualified).not.toHaveBeenCalled();
  });
});

function parts() {
  const t = testContext();
  const counters = { reset: vi.fn() };
  const photos = { clear: vi.fn() };
  const gate = { release: vi.fn() };
  const stopMonitoring = vi.fn();
  const end = createEndOfTest(t.ctx, { counters, photos, gate, stopMonitoring });
  const posted = () => t.deps.postDisqualified.mock.calls.map((c) => c[1]);
  return { ...t, counters, photos, gate, stopMonitoring, end, posted };
}

describe('the end-of-test part', () => {
  it('stops monitoring, holds a waiting submission, and posts each section in order', async () => {
    const p = parts();
    p.ctx.patch({ dialog: { id: 'v', kind: 'face', variant: 'no-face', text: '', count: 3, endsTest: true }, unstable: true });
    const ending = p.end.endTest('face');
    expect(p.stopMonitoring).toHaveBeenCalled();
    expect(p.gate.release).toHaveBeenCalledWith(false);
    expect(p.ctx.ui()).toMatchObject({ dialog: null, unstable: false, stop: { kind: 'face', status: 'posting', message: null } });
    await ending;
    expect(p.posted()).toEqual(['listening', 'structure', 'reading']);
    expect(p.ctx.ui().stop).toEqual({ kind: 'face', status: 'done', message: null });
  });

  it('a network failure stops at that section; resend goes on from there with the same kind', async () => {
    const p = parts();
    p.deps.postDisqualified.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    await p.end.endTest('speech');
    expect(p.ctx.ui().stop).toEqual({ kind: 'speech', status: 'failed', message: messages.app.networkError });
    await p.end.retry();
    expect(p.posted()).toEqual(['listening', 'structure', 'structure', 'reading']);
    expect(p.ctx.ui().stop).toEqual({ kind: 'speech', status: 'done', message: null });
  });

  it('a refusal (the server ended the test already) counts as posted; a second end while ending is ignored', async () => {
    const p = parts();
    p.deps.postDisqualified.mockRejectedValue(new ApiError(400, messages.exam.testDisqualified));
    await Promise.all([p.end.endTest(null), p.end.endTest('face')]);
    expect(p.posted()).toEqual(['listening', 'structure', 'reading']);
    expect(p.ctx.ui().stop).toEqual({ kind: null, status: 'done', message: null });
  });

  it('leaving resets the counters, forgets the photo ids and tells the section screen', () => {
    const p = parts();
    p.end.leaveStopped();
    expect(p.counters.reset).toHaveBeenCalled();
    expect(p.photos.clear).toHaveBeenCalled();
    expect(p.store.get(testStoppedAtom)).toBe(true);
  });
});
