import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerError } from '../_shared/worker-error.ts';
import type { ExamClockEvent } from './contract.ts';
import { createExamClock, realScheduler } from './exam-clock.ts';
import type { Scheduler } from './exam-clock.ts';

const T0 = Date.UTC(2025, 0, 6, 8, 0, 0); // client clock at the start of each test

function setup(scheduler: Scheduler = realScheduler) {
  const events: Array<ExamClockEvent & { at: number }> = [];
  const clock = createExamClock((e) => events.push({ ...e, at: Date.now() }), scheduler);
  const ticks = () => events.filter((e) => e.type === 'tick').map((e) => e.remainingSeconds);
  const expired = () => events.filter((e) => e.type === 'expired');
  return { clock, events, ticks, expired };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('exam clock', () => {
  it('ticks once per second with the whole seconds left, then expires once', () => {
    const { clock, ticks, expired, events } = setup();
    clock.start({ deadlineMs: T0 + 5_000, offsetMs: 0 });
    expect(ticks()).toEqual([5]);
    vi.advanceTimersByTime(4_999);
    expect(ticks()).toEqual([5, 4, 3, 2, 1]);
    expect(expired()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(expired()).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(expired()).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'expired', at: T0 + 5_000 });
  });

  it('aligns ticks to the second boundaries of the deadline', () => {
    const { clock, events } = setup();
    clock.start({ deadlineMs: T0 + 3_250, offsetMs: 0 }); // 3.25 s left -> shows 4
    vi.advanceTimersByTime(4_000);
    expect(events.map((e) => [e.type, e.at - T0])).toEqual([
      ['tick', 0],
      ['tick', 250],
      ['tick', 1_250],
      ['tick', 2_250],
      ['expired', 3_250],
    ]);
  });

  it('applies the server/client offset', () => {
    const { clock, ticks } = setup();
    // The server clock is 30 s ahead: its deadline 90 s away on its clock is 60 s away for us.
    clock.start({ deadlineMs: T0 + 30_000 + 60_000, offsetMs: 30_000 });
    expect(ticks()).toEqual([60]);
    clock.sync({ offsetMs: 0 });
    expect(ticks()).toEqual([60, 90]);
  });

  it('does not drift over an hour of late, jittery timers', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const jittery: Scheduler = { ...realScheduler, setTimeout: (cb, ms) => setTimeout(cb, ms + random() * 400) };
    const { clock, events, expired } = setup(jittery);
    const deadlineMs = T0 + 3_600_000;
    clock.start({ deadlineMs, offsetMs: 0 });
    vi.advanceTimersByTime(3_600_000 + 1_000);

    const ticks = events.filter((e) => e.type === 'tick');
    expect(ticks).toHaveLength(3_600);
    ticks.forEach((e, i) => {
      expect(e.remainingSeconds).toBe(3_600 - i); // no value skipped or repeated
      expect(e.remainingSeconds).toBe(Math.ceil((deadlineMs - e.at) / 1000)); // true when shown
    });
    expect(expired()).toHaveLength(1);
    expect(expired()[0]!.at - deadlineMs).toBeLessThan(400); // late by one timer's jitter at most
  });

  it('shows the right value after the tab was hidden and timers were throttled', () => {
    const { clock, ticks } = setup();
    clock.start({ deadlineMs: T0 + 600_000, offsetMs: 0 });
    vi.advanceTimersByTime(10_000);
    expect(ticks().at(-1)).toBe(590);
    // Hidden tab: 120 s pass while no timer runs.
    vi.setSystemTime(Date.now() + 120_000);
    vi.advanceTimersByTime(1_000); // the late timer finally fires
    expect(ticks().at(-1)).toBe(469);
    vi.setSystemTime(Date.now() + 120_000);
    clock.sync(); // the page calls this on visibilitychange: no wait for the timer
    expect(ticks().at(-1)).toBe(349);
  });

  it('expires once when the time jumps past the deadline', () => {
    const { clock, expired } = setup();
    clock.start({ deadlineMs: T0 + 60_000, offsetMs: 0 });
    vi.setSystemTime(T0 + 300_000);
    clock.sync();
    vi.advanceTimersByTime(5_000);
    clock.sync();
    expect(expired()).toHaveLength(1);
  });

  it('pause freezes the countdown and extends the deadline by the paused time', () => {
    const { clock, events, ticks } = setup();
    clock.start({ deadlineMs: T0 + 60_000, offsetMs: 0 });
    vi.advanceTimersByTime(10_500);
    clock.pause();
    expect(events.at(-1)).toEqual({ type: 'paused', remainingSeconds: 50, at: T0 + 10_500 });
    const before = ticks().length;
    vi.advanceTimersByTime(30_000);
    expect(ticks()).toHaveLength(before);
    clock.pause(); // idempotent
    clock.resume();
    expect(events.slice(-2).map((e) => e.type)).toEqual(['resumed', 'tick']);
    expect(ticks().at(-1)).toBe(50);
    vi.advanceTimersByTime(49_499);
    expect(events.some((e) => e.type === 'expired')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(events.at(-1)).toMatchObject({ type: 'expired', at: T0 + 90_000 });
  });

  it('a new server deadline replaces the local pause extension', () => {
    const { clock, ticks } = setup();
    clock.start({ deadlineMs: T0 + 60_000, offsetMs: 0 });
    clock.pause();
    vi.advanceTimersByTime(20_000);
    clock.resume();
    expect(ticks().at(-1)).toBe(60);
    clock.sync({ deadlineMs: T0 + 70_000 }); // the server granted 10 s, not 20
    expect(ticks().at(-1)).toBe(50);
  });

  it('stop silences the clock; start begins a new run with its own expiry', () => {
    const { clock, events, expired } = setup();
    clock.start({ deadlineMs: T0 + 5_000, offsetMs: 0 });
    clock.stop();
    const count = events.length;
    vi.advanceTimersByTime(10_000);
    expect(events).toHaveLength(count);
    clock.start({ deadlineMs: Date.now() + 2_000, offsetMs: 0 });
    vi.advanceTimersByTime(2_000);
    expect(expired()).toHaveLength(1);
  });

  it('rejects a deadline that is not a number with a typed error', () => {
    const { clock } = setup();
    expect(() => clock.start({ deadlineMs: Number.NaN, offsetMs: 0 })).toThrow(WorkerError);
    expect(() => clock.start({ deadlineMs: Number.NaN, offsetMs: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid-argument' }),
    );
  });
});
