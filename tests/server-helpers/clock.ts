// A clock for tests: it follows real time (so rate-limit windows and token lifetimes behave as in
// production) from an instant the test chooses. `set` jumps to a moment, `advance` moves forward;
// tests whose outcome depends on the date pin it here instead of depending on the day they run.
import type { Clock } from '../../server/services/platform/clock.ts';

export interface TestClock extends Clock {
  /** From now on, now() reads `at` plus the real time elapsed since this call. */
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(at?: Date | string): TestClock {
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    set(to) { offset = new Date(to).getTime() - Date.now(); },
    advance(ms) { offset += ms; },
  };
  if (at !== undefined) clock.set(at);
  return clock;
}
