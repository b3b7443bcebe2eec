// A clock for tests: it follows real time (so rate-limit windows and token lifetimes behave as in
// production) from an instant the test chooses. `set` jumps to a moment, `advance` moves forward;
// tests whose outcome depends on the date pin it here instead of depending on the day they run.
// `freeze` stops it following real time, for tests that count simulated time and must not see how
// long the machine took.
import type { Clock } from '../../server/services/platform/clock.ts';

export interface TestClock extends Clock {
  /** From now on, now() reads `at` plus the real time elapsed since this call (none while frozen). */
  set(at: Date | string): void;
  advance(ms: number): void;
  /** Stop following real time: now() moves only through `set` and `advance`. */
  freeze(): void;
}

export function createTestClock(at?: Date | string): TestClock {
  let offset = 0;
  let frozenAt: number | null = null;
  const clock: TestClock = {
    now: () => new Date(frozenAt ?? Date.now() + offset),
    set(to) {
      const ms = new Date(to).getTime();
      if (frozenAt !== null) frozenAt = ms;
      else offset = ms - Date.now();
    },
    advance(ms) {
      if (frozenAt !== null) frozenAt += ms;
      else offset += ms;
    },
    freeze() { frozenAt ??= Date.now() + offset; },
  };
  if (at !== undefined) clock.set(at);
  return clock;
}
