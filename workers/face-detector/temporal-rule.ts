// Turns single detections into a proctoring verdict. One frame says little (motion blur, a hand,
// a false positive), so the verdict is the strict majority of the detections inside a sliding time
// window, and needs a minimum number of them: one bad frame never becomes a violation.
import type { FaceVerdict, WindowCounts } from './contract.ts';

export interface TemporalRuleOptions {
  windowMs: number;
  minSamples: number;
}

/** `faceCount`: the people seen (faces that count, see liveness.ts); `still`: faces seen, none of them live. */
export function verdictOf(faceCount: number, still = false): FaceVerdict {
  if (still && faceCount > 0) return 'still';
  return faceCount === 0 ? 'no-face' : faceCount === 1 ? 'ok' : 'multi-face';
}

export interface TemporalRule {
  /** Adds a detection at time `at` (ms, monotonic); returns the verdict now in force. */
  add(at: number, faceCount: number, still?: boolean): FaceVerdict | null;
  /** The verdict in force: null until the first majority. */
  readonly verdict: FaceVerdict | null;
  /** Counts in the window as of the last `add`. */
  readonly counts: WindowCounts;
  configure(options: Partial<TemporalRuleOptions>): void;
  reset(): void;
}

export function createTemporalRule(initial: TemporalRuleOptions): TemporalRule {
  let options = { ...initial };
  let samples: Array<{ at: number; verdict: FaceVerdict }> = [];
  let verdict: FaceVerdict | null = null;
  let counts: WindowCounts = { ok: 0, noFace: 0, multiFace: 0, still: 0 };

  return {
    add(at, faceCount, still = false) {
      samples.push({ at, verdict: verdictOf(faceCount, still) });
      // Keep (at - windowMs, at]: a window of 2 s at 4/s holds 8 detections.
      samples = samples.filter((s) => s.at > at - options.windowMs);
      counts = {
        ok: samples.filter((s) => s.verdict === 'ok').length,
        noFace: samples.filter((s) => s.verdict === 'no-face').length,
        multiFace: samples.filter((s) => s.verdict === 'multi-face').length,
        still: samples.filter((s) => s.verdict === 'still').length,
      };
      if (samples.length >= options.minSamples) {
        const half = samples.length / 2;
        if (counts.ok > half) verdict = 'ok';
        else if (counts.noFace > half) verdict = 'no-face';
        else if (counts.multiFace > half) verdict = 'multi-face';
        else if (counts.still > half) verdict = 'still';
        // No strict majority: the previous verdict stands.
      }
      return verdict;
    },
    get verdict() {
      return verdict;
    },
    get counts() {
      return counts;
    },
    configure(update) {
      options = { ...options, ...update };
    },
    reset() {
      samples = [];
      verdict = null;
      counts = { ok: 0, noFace: 0, multiFace: 0, still: 0 };
    },
  };
}
