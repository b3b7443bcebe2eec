import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { DetectorRate } from '../../../../workers/face-detector/contract.ts';
import { faceDetectorRateAtom } from '../../../workers/face-detector-atoms.ts';
import { detectorRateNote, watchDetectorRate } from './detector-rate.ts';

const rate = (r: Partial<DetectorRate>): DetectorRate => ({
  ratePerSecond: 4, targetPerSecond: 4, floorPerSecond: 1.5, cause: 'configured', detectionMs: null, at: 0, ...r,
});

describe("the face detector's rate in the proctoring events", () => {
  it('reports each change during the section; the configured rate is not news', () => {
    const store = createStore();
    const monitoring = { detectorRate: vi.fn(), left: vi.fn() };
    // From the camera check: not this section's.
    store.set(faceDetectorRateAtom, rate({ ratePerSecond: 2, cause: 'slow', detectionMs: 250 }));
    const stop = watchDetectorRate({ store }, monitoring);
    store.set(faceDetectorRateAtom, rate({}));
    store.set(faceDetectorRateAtom, rate({ ratePerSecond: 3, cause: 'slow', detectionMs: 180 }));
    store.set(faceDetectorRateAtom, rate({ ratePerSecond: 1.5, cause: 'slow', detectionMs: 420 }));
    store.set(faceDetectorRateAtom, rate({ ratePerSecond: 2, cause: 'recovered', detectionMs: 90 }));
    // A section that starts at the slowed rate the worker kept.
    store.set(faceDetectorRateAtom, rate({ ratePerSecond: 2 }));
    stop();
    store.set(faceDetectorRateAtom, rate({ ratePerSecond: 1.5, cause: 'slow', detectionMs: 400 }));
    expect(monitoring.detectorRate.mock.calls.map((c) => c[0])).toEqual([
      'slowed to 3/s (configured 4/s, floor 1.5/s): detections took 180 ms',
      'slowed to 1.5/s (configured 4/s, floor 1.5/s): detections took 420 ms',
      'back up to 2/s (configured 4/s): detections take 90 ms',
      'runs at 2/s of 4/s (slowed earlier)',
    ]);
  });

  it('writes rates as short numbers', () => {
    expect(detectorRateNote(rate({ ratePerSecond: 2 / 3, targetPerSecond: 10 / 3, floorPerSecond: 0.5, cause: 'slow', detectionMs: 700 })))
      .toBe('slowed to 0.67/s (configured 3.33/s, floor 0.5/s): detections took 700 ms');
    expect(detectorRateNote(rate({}))).toBeNull();
  });
});
