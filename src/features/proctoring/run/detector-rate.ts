// The face detector's rate, for the reviewers: on a slow laptop the worker lowers the rate it detects
// at (never below what still catches a 3 s face problem) and raises it again when there is room
// (workers/face-detector/adaptive-rate.ts). Each change during the section is a `detector-rate`
// proctoring event with a short note, so a reviewer knows what the camera was watched with.
import type { DetectorRate } from '../../../../workers/face-detector/contract.ts';
import { faceDetectorRateAtom } from '../../../workers/face-detector-atoms.ts';
import type { Monitoring } from './monitoring.ts';
import type { RunContext } from './run-context.ts';

const perSecond = (rate: number) => `${Math.round(rate * 100) / 100}/s`;

/** The note a rate change leaves for the reviewers; null when there is nothing to say (the configured rate). */
export function detectorRateNote(rate: DetectorRate): string | null {
  const target = perSecond(rate.targetPerSecond);
  switch (rate.cause) {
    case 'slow':
      return `slowed to ${perSecond(rate.ratePerSecond)} (configured ${target}, floor ${perSecond(rate.floorPerSecond)}): detections took ${rate.detectionMs} ms`;
    case 'recovered':
      return `back up to ${perSecond(rate.ratePerSecond)} (configured ${target}): detections take ${rate.detectionMs} ms`;
    case 'configured':
      // Each section's start configures the worker: below the configured rate only if it slowed earlier.
      return rate.ratePerSecond < rate.targetPerSecond ? `runs at ${perSecond(rate.ratePerSecond)} of ${target} (slowed earlier)` : null;
  }
}

/** Reports every rate the detector announces from now on (not the one already in the atom). Returns the unsubscribe. */
export function watchDetectorRate({ store }: Pick<RunContext, 'store'>, monitoring: Pick<Monitoring, 'detectorRate'>): () => void {
  let last = store.get(faceDetectorRateAtom);
  return store.sub(faceDetectorRateAtom, () => {
    const rate = store.get(faceDetectorRateAtom);
    if (!rate || rate === last) return;
    last = rate;
    const note = detectorRateNote(rate);
    if (note) monitoring.detectorRate(note);
  });
}
