// Monitoring problems on their own: shown once, reported, retried on network errors, and recovered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { createMonitoring } from './monitoring.ts';
import { fakeClock, testContext } from './testing/run-harness.ts';

beforeEach(fakeClock);
afterEach(() => vi.useRealTimers());

describe('monitoring problems', () => {
  it('a problem shows once and is reported; recovery clears it and is reported', () => {
    const t = testContext();
    const m = createMonitoring(t.ctx);
    m.problem('camera-ended', 'track ended');
    m.problem('camera-ended', 'track ended');
    expect(t.ctx.ui().problem).toBe('camera-ended');
    m.recovered();
    m.recovered();
    expect(t.ctx.ui().problem).toBeNull();
    expect(t.deps.postEvent.mock.calls.map((c) => c[1])).toEqual([
      { section: 'structure', kind: 'camera-ended', detail: 'track ended' },
      { section: 'structure', kind: 'recovered', detail: '' },
    ]);
  });

  it('an episode is reported with its length, and not once the test stopped', () => {
    const t = testContext();
    const m = createMonitoring(t.ctx);
    m.episode('page-away', 130_400.4);
    t.store.set(testStoppedAtom, true);
    m.episode('face-missing', 5_000);
    expect(t.deps.postEvent.mock.calls.map((c) => c[1])).toEqual([{ section: 'structure', kind: 'page-away', detail: '', duration_ms: 130_400 }]);
  });

  it("the detector's rate is reported as a note, and not once the test stopped", () => {
    const t = testContext();
    const m = createMonitoring(t.ctx);
    m.detectorRate('slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms');
    t.store.set(testStoppedAtom, true);
    m.detectorRate('back up to 2/s (configured 4/s): detections take 90 ms');
    expect(t.deps.postEvent.mock.calls.map((c) => c[1])).toEqual([
      { section: 'structure', kind: 'detector-rate', detail: 'slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms' },
    ]);
    expect(t.ctx.ui().problem).toBeNull(); // a note, not a monitoring problem
  });

  it('a network failure is sent again up to three times; nothing is raised once the test stopped', async () => {
    const t = testContext();
    t.deps.postEvent.mockRejectedValue(new ApiError(0, 'Network Error'));
    createMonitoring(t.ctx).problem('detector-unavailable', 'x');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.deps.postEvent).toHaveBeenCalledTimes(4);
    const stopped = testContext();
    stopped.store.set(testStoppedAtom, true);
    createMonitoring(stopped.ctx).problem('camera-denied', 'x');
    expect(stopped.ctx.ui().problem).toBeNull();
  });
});
