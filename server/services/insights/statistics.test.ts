// Known-answer and property tests of the item-analysis statistics (issue 31).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  difficulty, groupSize, itemFlags, kr20, kr20FromAggregates, optionFigures, pointBiserial, populationVariance,
  restPointBiserial, standardErrorOfMeasurement, totals, type ScoreMatrix,
} from './statistics.ts';

// K. L. Wuensch, "The Kuder-Richardson 20", East Carolina University StatHelp,
// https://core.ecu.edu/wuenschk/StatHelp/KR20.txt: ten students, ten items. The page tabulates
// p = .7 .7 .6 .7 .6 .8 .7 .7 .5 .6, p·q summing to 2.18, and the variance of the totals 5.84;
// KR-20 = 10/9 · (1 − 2.18/5.84) = 0.6963.
const WUENSCH: ScoreMatrix = [
  [1, 1, 1, 1, 1, 1, 0, 1, 1, 0], // A 8
  [1, 0, 1, 1, 0, 1, 1, 1, 0, 1], // B 7
  [1, 1, 1, 1, 0, 1, 1, 0, 0, 1], // C 7
  [0, 0, 1, 0, 0, 0, 1, 0, 0, 0], // D 2
  [0, 0, 0, 0, 0, 1, 0, 0, 1, 0], // E 2
  [1, 1, 1, 0, 1, 1, 1, 1, 1, 1], // F 9
  [1, 1, 0, 1, 1, 1, 0, 1, 1, 1], // G 8
  [1, 1, 1, 1, 1, 1, 1, 1, 0, 1], // H 9
  [0, 1, 0, 1, 1, 1, 1, 1, 0, 1], // I 7
  [1, 1, 0, 1, 1, 0, 1, 1, 1, 0], // J 7
];

describe('known answers', () => {
  it('KR-20 of the Wuensch example', () => {
    expect(totals(WUENSCH)).toEqual([8, 7, 7, 2, 2, 9, 8, 9, 7, 7]);
    const p = WUENSCH[0]!.map((_, j) => difficulty(WUENSCH.map((r) => r[j]!)));
    expect(p.map((x) => Number(x!.toFixed(2)))).toEqual([0.7, 0.7, 0.6, 0.7, 0.6, 0.8, 0.7, 0.7, 0.5, 0.6]);
    expect(p.reduce<number>((s, x) => s + x! * (1 - x!), 0)).toBeCloseTo(2.18, 10);
    expect(populationVariance(totals(WUENSCH))).toBeCloseTo(5.84, 10);
    expect(kr20(WUENSCH)).toBeCloseTo((10 / 9) * (1 - 2.18 / 5.84), 10);
    expect(kr20(WUENSCH)).toBeCloseTo(0.6963, 4);
    expect(kr20FromAggregates(10, 2.18, 5.84)).toBeCloseTo(0.6963, 4);
  });

  it('SEM = SD · sqrt(1 − KR-20) on the Wuensch example', () => {
    // sqrt(5.84) · sqrt(1 − 0.69635) = 2.41661 · 0.55104 = 1.3317
    expect(standardErrorOfMeasurement(Math.sqrt(5.84), kr20(WUENSCH))).toBeCloseTo(1.3317, 3);
    expect(standardErrorOfMeasurement(2, null)).toBeNull();
  });

  it('point-biserial of the SciPy reference example', () => {
    // SciPy documentation, scipy.stats.pointbiserialr (e.g. https://docs.scipy.org/doc/scipy-1.6.0/reference/generated/scipy.stats.pointbiserialr.html):
    // a = [0,0,0,1,1,1,1], b = arange(7) gives r = 0.8660254037844386.
    expect(pointBiserial([0, 0, 0, 1, 1, 1, 1], [0, 1, 2, 3, 4, 5, 6])).toBeCloseTo(0.8660254037844386, 12);
  });

  it('the corrected item-total correlation leaves the item out of the total', () => {
    // Item 1 of Wuensch against the rest (total − item): by hand, rest = 7 6 6 2 2 8 7 8 7 6.
    const rest = [7, 6, 6, 2, 2, 8, 7, 8, 7, 6];
    const item = WUENSCH.map((r) => r[0]!);
    expect(restPointBiserial(WUENSCH, 0)).toBeCloseTo(pointBiserial(item, rest)!, 12);
    // and it is smaller than the uncorrected one (the item no longer correlates with itself)
    expect(restPointBiserial(WUENSCH, 0)!).toBeLessThan(pointBiserial(item, totals(WUENSCH))!);
  });

  it('undefined figures are null, not NaN', () => {
    expect(pointBiserial([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(kr20([[1, 1], [1, 1]])).toBeNull();
    expect(difficulty([])).toBeNull();
  });
});

const matrixArb = fc.integer({ min: 2, max: 8 }).chain((k) =>
  fc.array(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: k, maxLength: k }), { minLength: 2, maxLength: 40 }));

describe('properties', () => {
  it('KR-20 of identical items is 1', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 2, maxLength: 50 }), fc.integer({ min: 2, max: 10 }), (col, k) => {
      fc.pre(new Set(col).size === 2);
      const m = col.map((x) => Array.from({ length: k }, () => x));
      expect(kr20(m)).toBeCloseTo(1, 10);
    }));
  });

  it('p is in [0, 1], correlations in [−1, 1], KR-20 at most 1', () => {
    fc.assert(fc.property(matrixArb, (m) => {
      for (let j = 0; j < m[0]!.length; j++) {
        const p = difficulty(m.map((r) => r[j]!))!;
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        const r = restPointBiserial(m, j);
        if (r !== null) expect(Math.abs(r)).toBeLessThanOrEqual(1 + 1e-12);
      }
      const rel = kr20(m);
      if (rel !== null) expect(rel).toBeLessThanOrEqual(1 + 1e-12);
    }));
  });

  it('shuffling the candidates changes nothing', () => {
    fc.assert(fc.property(matrixArb.chain((m) => fc.tuple(fc.constant(m), fc.shuffledSubarray(m.map((_, i) => i), { minLength: m.length, maxLength: m.length }))), ([m, perm]) => {
      const shuffled = perm.map((i) => m[i]!);
      const a = kr20(m);
      const b = kr20(shuffled);
      if (a === null) expect(b).toBeNull(); else expect(b).toBeCloseTo(a, 10);
      for (let j = 0; j < m[0]!.length; j++) {
        const r1 = restPointBiserial(m, j);
        const r2 = restPointBiserial(shuffled, j);
        if (r1 === null) expect(r2).toBeNull(); else expect(r2).toBeCloseTo(r1, 10);
        expect(difficulty(shuffled.map((r) => r[j]!))).toBeCloseTo(difficulty(m.map((r) => r[j]!))!, 12);
      }
      // Option figures: the upper and lower groups are chosen by score, ties by id, never by row order.
      const ids = m.map((_, i) => `c${String(i).padStart(3, '0')}`);
      const choices = m.map((r) => (r[0] === 1 ? 0 : 1 + (r[1] ?? 0)));
      const figs = optionFigures(choices, totals(m), 0, 4, ids);
      const figs2 = optionFigures(perm.map((i) => choices[i]!), totals(shuffled), 0, 4, perm.map((i) => ids[i]!));
      expect(figs2).toEqual(figs);
    }));
  });
});

describe('flags', () => {
  const options = (shares: number[], upper: number[], key = 0) =>
    shares.map((share, index) => ({ index, is_key: index === key, share, upper_share: upper[index]!, lower_share: 0 }));
  it('names each reason', () => {
    expect(itemFlags({ p: 0.6, discrimination: 0.35, options: options([0.6, 0.2, 0.1, 0.1], [0.9, 0.05, 0.05, 0]) })).toEqual([]);
    expect(itemFlags({ p: 0.6, discrimination: -0.2, options: options([0.6, 0.2, 0.1, 0.1], [0.9, 0.05, 0.05, 0]) })).toEqual(['low_discrimination']);
    expect(itemFlags({ p: 0.6, discrimination: 0.05, options: options([0.6, 0.2, 0.1, 0.1], [0.9, 0.05, 0.05, 0]) })).toEqual(['low_discrimination']);
    expect(itemFlags({ p: 0.97, discrimination: 0.2, options: options([0.97, 0.01, 0.01, 0.01], [1, 0, 0, 0]) })).toEqual(['too_easy', 'dead_distractor']);
    expect(itemFlags({ p: 0.03, discrimination: 0.2, options: options([0.03, 0.3, 0.3, 0.37], [0.1, 0.3, 0.3, 0.3]) })).toEqual(['too_hard', 'distractor_attracts_top']);
    expect(itemFlags({ p: 0.6, discrimination: 0.3, options: options([0.6, 0.39, 0.01, 0], [0.9, 0.1, 0, 0]) })).toEqual(['dead_distractor']);
    expect(itemFlags({ p: 0.6, discrimination: null, options: [] })).toEqual(['low_discrimination']);
  });
  it('groups are 27 % of the candidates, at least one', () => {
    expect(groupSize(0)).toBe(0);
    expect(groupSize(1)).toBe(1);
    expect(groupSize(100)).toBe(27);
    expect(groupSize(200)).toBe(54);
  });
});
