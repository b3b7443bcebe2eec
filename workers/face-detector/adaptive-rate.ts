// Adaptive proctoring cost: the detector measures its own detections and, on a laptop too slow for
// the configured rate, steps the rate down so the worker leaves a core to the page; it steps back up
// once detections fit again. The floor comes from the temporal rule: below it the rule could miss a
// face problem of `catchMs`, or a window could hold too few detections for a verdict.

/** The rates stepped through below the configured one (detections per second), highest first. */
export const RATE_STEPS = [30, 20, 15, 10, 8, 6, 5, 4, 3, 2, 1.5, 1, 0.75, 0.5, 0.25] as const;

/**
 * How late a detection's time may fall from its slot, on top of its own duration: the frame it waits
 * for (a camera at 10 fps or more delivers one within 100 ms).
 */
export const FRAME_SLACK_MS = 100;

export interface RuleNeeds {
  /** The temporal rule's window and the detections a verdict needs (contract.ts settings). */
  windowMs: number;
  minSamples: number;
  /** A no-face lasting this long must still turn the verdict. */
  catchMs: number;
  /** The share of an interval a detection may take: it delays the detection's time by up to that. */
  budgetShare: number;
}

/**
 * Whether the temporal rule still does its job at `rate`. Detections fall on slots `interval` apart
 * and each may land up to `slack` (its budget plus a frame) after its slot, so:
 * - every window holds at least 1 + floor((window - slack) / interval) detections, and that must be
 *   `minSamples` or more (else a verdict could rest on fewer, or none come at all);
 * - a window holds at most ceil((window + slack) / interval) detections, so k = half of that + 1
 *   no-face detections are a strict majority whatever came before; the k-th no-face frame is read
 *   within k * interval + slack of the face leaving, and that must be within `catchMs`.
 */
export function ruleHoldsAt(rate: number, needs: RuleNeeds): boolean {
  if (!(rate > 0)) return false;
  const interval = 1000 / rate;
  const slack = needs.budgetShare * interval + FRAME_SLACK_MS;
  const fewest = 1 + Math.floor((needs.windowMs - slack) / interval);
  const most = Math.ceil((needs.windowMs + slack) / interval);
  const majority = Math.floor(most / 2) + 1;
  return fewest >= needs.minSamples && majority * interval + slack <= needs.catchMs;
}

/**
 * The rates the detector may run at, highest first: the configured one, then each step below it for
 * as long as the rule holds. The last is the floor. Just the target when the rule does not hold even
 * there (settings the rule cannot meet are the caller's choice; the detector never goes lower).
 */
export function rateLadder(target: number, needs: RuleNeeds): number[] {
  const ladder = [target];
  if (!(target > 0) || needs.budgetShare <= 0) return ladder;
  for (const step of RATE_STEPS) {
    if (step >= target) continue;
    if (!ruleHoldsAt(step, needs)) break;
    ladder.push(step);
  }
  return ladder;
}

export function rateFloor(target: number, needs: RuleNeeds): number {
  return rateLadder(target, needs).at(-1)!;
}

export interface RateControllerOptions extends RuleNeeds {
  target: number;
  /** Detections whose median decides a step (the window restarts after each step). Default 8. */
  samples?: number;
  /** A step up needs the median within this share of the higher rate's budget. Default 0.7. */
  raiseHeadroom?: number;
  /** A step up waits this long after the last step; doubled by each step up that was undone. */
  raiseAfterMs?: number;
  maxRaiseAfterMs?: number;
}

export interface RateChange {
  ratePerSecond: number;
  cause: 'slow' | 'recovered';
  detectionMs: number;
}

export interface RateController {
  /** The rate to run at now. */
  readonly rate: number;
  readonly target: number;
  readonly floor: number;
  /** One detection took `durationMs`, finishing at `at` (ms, monotonic). Returns the change, if any. */
  record(durationMs: number, at: number): RateChange | null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function createRateController(options: RateControllerOptions): RateController {
  const samples = options.samples ?? 8;
  const headroom = options.raiseHeadroom ?? 0.7;
  const maxRaiseAfterMs = options.maxRaiseAfterMs ?? 300_000;
  const ladder = rateLadder(options.target, options);
  let raiseAfterMs = options.raiseAfterMs ?? 10_000;
  let step = 0;
  let durations: number[] = [];
  let lastChangeAt = -Infinity;
  let lastCause: RateChange['cause'] | null = null;
  const budget = (rate: number) => (options.budgetShare * 1000) / rate;

  function change(to: number, cause: RateChange['cause'], detectionMs: number, at: number): RateChange {
    // A step up that had to be undone: wait longer before the next one, so a laptop on the edge
    // does not flap (every change is a proctoring event).
    if (cause === 'slow' && lastCause === 'recovered') raiseAfterMs = Math.min(raiseAfterMs * 2, maxRaiseAfterMs);
    step = to;
    durations = [];
    lastChangeAt = at;
    lastCause = cause;
    return { ratePerSecond: ladder[step]!, cause, detectionMs: Math.round(detectionMs) };
  }

  return {
    get rate() {
      return ladder[step]!;
    },
    target: ladder[0]!,
    floor: ladder.at(-1)!,
    record(durationMs, at) {
      if (ladder.length === 1) return null;
      durations.push(durationMs);
      if (durations.length > samples) durations.shift();
      if (durations.length < samples) return null;
      const typical = median(durations);
      if (typical > budget(ladder[step]!) && step < ladder.length - 1) return change(step + 1, 'slow', typical, at);
      if (step > 0 && typical <= headroom * budget(ladder[step - 1]!) && at - lastChangeAt >= raiseAfterMs) {
        return change(step - 1, 'recovered', typical, at);
      }
      return null;
    },
  };
}
