import { describe, expect, it } from 'vitest';
import { DEFAULT_FACE_SETTINGS } from './contract.ts';
import { createRateController, FRAME_SLACK_MS, rateFloor, rateLadder, ruleHoldsAt } from './adaptive-rate.ts';
import type { RuleNeeds } from './adaptive-rate.ts';
import { createTemporalRule } from './temporal-rule.ts';

const needs: RuleNeeds = {
  windowMs: DEFAULT_FACE_SETTINGS.windowMs,
  minSamples: DEFAULT_FACE_SETTINGS.minSamples,
  catchMs: DEFAULT_FACE_SETTINGS.catchMs,
  budgetShare: DEFAULT_FACE_SETTINGS.budgetShare,
};

/** A small deterministic PRNG (mulberry32), so the simulation below is the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The real temporal rule fed as the detector feeds it at `rate`: slots `1000 / rate` apart from
 * `phase`, each frame read up to a camera frame after its slot and its detection finishing up to its
 * budget later (the rule sees that time). The face is there for 4 s, then gone from 0 for `catchMs`;
 * frames read after that show it again. Returns whether the verdict turned to no-face, and the
 * fewest detections a full window held.
 */
function noFaceEpisode(rate: number, phase: number, random: () => number) {
  const interval = 1000 / rate;
  // As the detector configures it: the rule never asks for more detections than the window can hold.
  const rule = createTemporalRule({ windowMs: needs.windowMs, minSamples: Math.min(needs.minSamples, Math.floor((needs.windowMs * rate) / 1000)) });
  let caught = false;
  let fewest = Infinity;
  for (let slot = -4_000 + phase; slot < needs.catchMs; slot += interval) {
    const read = slot + random() * FRAME_SLACK_MS;
    if (read >= needs.catchMs) break;
    const at = read + random() * needs.budgetShare * interval;
    if (rule.add(at, read >= 0 ? 0 : 1) === 'no-face') caught = true;
    const { ok, noFace, multiFace } = rule.counts;
    if (at > -4_000 + needs.windowMs + interval) fewest = Math.min(fewest, ok + noFace + multiFace);
  }
  return { caught, fewest };
}

describe('the rate floor, from the temporal rule', () => {
  it('steps 4/s down to 1.5/s with the default rule (2 s window, 3 detections, a 3 s no-face caught)', () => {
    expect(rateLadder(4, needs)).toEqual([4, 3, 2, 1.5]);
    expect(rateFloor(4, needs)).toBe(1.5);
    // At 1/s a window may hold only 2 detections, fewer than a verdict needs.
    expect(ruleHoldsAt(1, needs)).toBe(false);
    // The camera check's 10/s steps down to the same floor.
    expect(rateLadder(10, needs)).toEqual([10, 8, 6, 5, 4, 3, 2, 1.5]);
  });

  it('follows the rule: more detections per verdict, a shorter no-face to catch or a longer window raise the floor', () => {
    expect(rateFloor(4, { ...needs, minSamples: 5 })).toBe(3);
    expect(rateFloor(4, { ...needs, catchMs: 2_000 })).toBe(2);
    // A longer window holds more earlier detections, so a majority takes more no-face ones.
    expect(rateFloor(4, { ...needs, windowMs: 4_000 })).toBe(2);
    // A rule the configured rate cannot meet: the detector never goes below it.
    expect(rateLadder(1, needs)).toEqual([1]);
    // Not adaptive, or unthrottled: a fixed rate.
    expect(rateLadder(4, { ...needs, budgetShare: 0 })).toEqual([4]);
    expect(rateLadder(0, needs)).toEqual([0]);
  });

  it('at the floor the real temporal rule catches a 3 s no-face at every phase and timing', () => {
    const floor = rateFloor(4, needs);
    const random = prng(16);
    for (let run = 0; run < 400; run++) {
      const phase = (run / 400) * (1000 / floor);
      expect(noFaceEpisode(floor, phase, random), `phase ${phase}`).toEqual({ caught: true, fewest: expect.any(Number) });
      expect(noFaceEpisode(floor, phase, random).fewest).toBeGreaterThanOrEqual(needs.minSamples);
    }
    // The worst timings too: every frame read and finished as late as it can be, or as early.
    for (const extreme of [() => 0.999, () => 0]) {
      for (let phase = 0; phase < 1000 / floor; phase += 10) expect(noFaceEpisode(floor, phase, extreme).caught).toBe(true);
    }
  });

  it('one step below the floor a window can hold fewer detections than a verdict needs', () => {
    const random = prng(7);
    const fewest = Math.min(...Array.from({ length: 200 }, (_, i) => noFaceEpisode(1, i * 5, random).fewest));
    expect(fewest).toBeLessThan(needs.minSamples);
  });
});

describe('the rate controller', () => {
  const controller = (o: Partial<Parameters<typeof createRateController>[0]> = {}) =>
    createRateController({ ...needs, target: 4, samples: 4, raiseAfterMs: 10_000, ...o });

  /** Feeds detections of `ms` at the controller's own rate from `start`; returns the changes and the end time. */
  function run(c: ReturnType<typeof controller>, ms: number, count: number, start: number) {
    const changes = [];
    let t = start;
    for (let i = 0; i < count; i++) {
      t += 1000 / c.rate;
      const change = c.record(ms, t);
      if (change) changes.push({ ...change, at: Math.round(t) });
    }
    return { changes, end: t };
  }

  it('slow detections lower the rate one step per window of them, never below the floor', () => {
    const c = controller();
    expect([c.rate, c.target, c.floor]).toEqual([4, 4, 1.5]);
    // 400 ms against a budget of 125 ms at 4/s (half of 250 ms).
    const { changes } = run(c, 400, 40, 0);
    expect(changes.map((x) => [x.ratePerSecond, x.cause, x.detectionMs])).toEqual([[3, 'slow', 400], [2, 'slow', 400], [1.5, 'slow', 400]]);
    expect(c.rate).toBe(1.5);
  });

  it('detections within budget change nothing; one slow outlier does not either (the median decides)', () => {
    const c = controller();
    expect(run(c, 100, 20, 0).changes).toEqual([]);
    let t = 0;
    const outlier = [100, 900, 100, 100].map((ms) => c.record(ms, (t += 250)));
    expect(outlier.every((x) => x === null)).toBe(true);
  });

  it('recovers step by step once detections fit the higher rate again, after the wait', () => {
    const c = controller();
    const slow = run(c, 400, 40, 0);
    const fast = run(c, 20, 200, slow.end);
    expect(fast.changes.map((x) => [x.ratePerSecond, x.cause])).toEqual([[2, 'recovered'], [3, 'recovered'], [4, 'recovered']]);
    // Each step up waited 10 s after the previous change.
    const times = [slow.changes.at(-1)!.at, ...fast.changes.map((x) => x.at)];
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10_000);
    // 150 ms: room for 2/s (under 0.7 of its 250 ms budget), not for 3/s (0.7 of 167 ms): it stays at 2/s.
    const between = controller();
    run(between, 400, 40, 0);
    const mid = run(between, 150, 100, 100_000);
    expect(mid.changes.map((x) => x.ratePerSecond)).toEqual([2]);
  });

  it('a step up that is undone doubles the wait before the next one', () => {
    // 2/s: budget 250 ms; 1.5/s: back up once detections take under 175 ms (0.7 of 250).
    const c = controller({ target: 2, samples: 2, raiseAfterMs: 3_000 });
    let t = 0;
    const feed = (ms: number, n: number) => {
      for (let i = 0; i < n; i++) {
        t += 1000 / c.rate;
        const change = c.record(ms, t);
        if (change) return { cause: change.cause, at: t };
      }
      return null;
    };
    const slow = feed(300, 2)!;
    const up1 = feed(100, 40)!;
    const down = feed(300, 4)!;
    const up2 = feed(100, 40)!;
    expect([slow.cause, up1.cause, down.cause, up2.cause]).toEqual(['slow', 'recovered', 'slow', 'recovered']);
    expect(up1.at - slow.at).toBeGreaterThanOrEqual(3_000);
    expect(up1.at - slow.at).toBeLessThan(6_000);
    // Undone once: the next step up waits twice as long.
    expect(up2.at - down.at).toBeGreaterThanOrEqual(6_000);
  });

  it('a fixed rate never changes', () => {
    expect(run(controller({ budgetShare: 0 }), 5_000, 50, 0).changes).toEqual([]);
    expect(run(controller({ target: 0 }), 5_000, 50, 0).changes).toEqual([]);
  });
});
