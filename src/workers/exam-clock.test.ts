// The clock bridge end to end in jsdom: the real clock implementation behind a fake worker, its
// events landing in examClockAtom on a store.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventChannel } from '../../workers/_shared/event-channel.ts';
import type { ExamClockEvent } from '../../workers/exam-clock/contract.ts';
import { createExamClock } from '../../workers/exam-clock/exam-clock.ts';
import { examClockAtom, initialExamClockState } from './exam-clock-atoms.ts';
import { createExamClockClient } from './exam-clock.ts';
import { fakeWorkerFactory } from './testing/fake-worker.ts';

const T0 = Date.UTC(2025, 0, 6, 8, 0, 0);

/** Lets MessagePort traffic through (it is not a timer, so fake timers do not drive it). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

function setup() {
  const workers = fakeWorkerFactory(() => {
    const events = new EventChannel<ExamClockEvent>();
    const api = createExamClock((e) => events.emit(e));
    return { api, events, dispose: () => api.stop() };
  });
  const store = createStore();
  const clock = createExamClockClient({ create: workers.create, store });
  return { workers, clock, state: () => store.get(examClockAtom) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('exam clock bridge', () => {
  it('counts down into examClockAtom and expires', async () => {
    const { clock, state } = setup();
    expect(state()).toEqual(initialExamClockState);
    await clock.start({ deadlineMs: T0 + 3_000, offsetMs: 0 });
    await flush();
    expect(state()).toMatchObject({ remainingSeconds: 3, running: true, expired: false });
    vi.advanceTimersByTime(1_000);
    await flush();
    expect(state().remainingSeconds).toBe(2);
    vi.advanceTimersByTime(2_000);
    await flush();
    expect(state()).toMatchObject({ remainingSeconds: 0, expired: true, running: false });
    clock.stop();
    expect(state()).toEqual(initialExamClockState);
  });

  it('pause and resume show in the atom', async () => {
    const { clock, state } = setup();
    await clock.start({ deadlineMs: T0 + 60_000, offsetMs: 0 });
    await clock.pause();
    await flush();
    expect(state()).toMatchObject({ remainingSeconds: 60, running: false, paused: true });
    vi.advanceTimersByTime(10_000);
    await clock.resume();
    await flush();
    expect(state()).toMatchObject({ remainingSeconds: 60, running: true, paused: false });
    clock.stop();
  });

  it('re-syncs when the tab becomes visible again', async () => {
    const { clock, state } = setup();
    await clock.start({ deadlineMs: T0 + 600_000, offsetMs: 0 });
    vi.setSystemTime(T0 + 120_000); // hidden: no timer ran
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    await flush();
    expect(state().remainingSeconds).toBe(480);
    clock.stop();
  });

  it('a crashed clock worker is reported in the atom', async () => {
    const { clock, state, workers } = setup();
    await clock.start({ deadlineMs: T0 + 60_000, offsetMs: 0 });
    await flush();
    workers.latest()!.crash();
    expect(state()).toMatchObject({ running: false, error: 'worker-crashed' });
    await clock.sync(); // a no-op: does not start a worker with no clock in it
    expect(workers.started).toHaveLength(1);
  });

  it('rejects an invalid deadline with a typed error', async () => {
    const { clock } = setup();
    await expect(clock.start({ deadlineMs: Number.NaN, offsetMs: 0 })).rejects.toMatchObject({ code: 'invalid-argument' });
    clock.stop();
  });
});
