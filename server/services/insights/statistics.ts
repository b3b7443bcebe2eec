// Issue 31: the classical test theory behind the operator's item analysis, as pure functions.
// The database computes the same figures at scale (item-analysis.ts aggregates in SQL); these
// functions are the reference they are tested against, and turn the SQL aggregates into figures.
//   - difficulty p: the share of candidates answering the item correctly;
//   - discrimination: the point-biserial (Pearson) correlation of the item score with the rest of
//     its section (the section score without this item: the corrected item-total correlation);
//   - KR-20 = k/(k-1) * (1 - Σ p·q / σ²), σ² the population variance of the section scores;
//   - SEM = σ · sqrt(1 - KR-20).
import {
  ITEM_FLAG_MAX_DIFFICULTY, ITEM_FLAG_MIN_DIFFICULTY, ITEM_FLAG_MIN_DISCRIMINATION, ITEM_FLAG_MIN_DISTRACTOR_SHARE,
  ITEM_ANALYSIS_GROUP_PERCENT, type ItemFlag,
} from '../../../contracts/facts/index.ts';

/** A candidates × items matrix of 0/1 item scores (one row per candidate). */
export type ScoreMatrix = readonly (readonly number[])[];

function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Population variance (divides by n), the variance KR-20 uses. */
export function populationVariance(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return s / xs.length;
}

/** Share correct of one item's 0/1 scores; null without candidates. */
export function difficulty(scores: readonly number[]): number | null {
  return scores.length === 0 ? null : mean(scores);
}

/** Pearson correlation; null when either variable does not vary (the correlation is undefined). */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error('pearson: lengths differ');
  if (x.length < 2) return null;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Point-biserial of a 0/1 variable against a score: the Pearson correlation of the two. */
export const pointBiserial = pearson;

export function totals(matrix: ScoreMatrix): number[] {
  return matrix.map((row) => row.reduce((s, x) => s + x, 0));
}

/** Corrected item-total correlation: item `item` against the rest of the section (total minus the item). */
export function restPointBiserial(matrix: ScoreMatrix, item: number): number | null {
  const scores = matrix.map((row) => row[item]!);
  const rest = matrix.map((row) => row.reduce((s, x) => s + x, 0) - row[item]!);
  return pearson(scores, rest);
}

/** KR-20 from its sufficient statistics; null when undefined (fewer than 2 items, or no variance in the scores). */
export function kr20FromAggregates(items: number, sumPq: number, scoreVariance: number): number | null {
  if (items < 2 || !(scoreVariance > 0)) return null;
  return (items / (items - 1)) * (1 - sumPq / scoreVariance);
}

/** KR-20 of a 0/1 score matrix. */
export function kr20(matrix: ScoreMatrix): number | null {
  if (matrix.length === 0) return null;
  const k = matrix[0]!.length;
  let sumPq = 0;
  for (let j = 0; j < k; j++) {
    const p = mean(matrix.map((row) => row[j]!));
    sumPq += p * (1 - p);
  }
  return kr20FromAggregates(k, sumPq, populationVariance(totals(matrix)));
}

/** Standard error of measurement: SD · sqrt(1 - reliability); null when the reliability is unknown. A negative reliability counts as 0. */
export function standardErrorOfMeasurement(sd: number, reliability: number | null): number | null {
  if (reliability === null) return null;
  return sd * Math.sqrt(1 - Math.min(1, Math.max(0, reliability)));
}

/** How many candidates make the upper (and the lower) group of `n`: 27 %, at least 1. */
export function groupSize(n: number): number {
  return n === 0 ? 0 : Math.max(1, Math.ceil((n * ITEM_ANALYSIS_GROUP_PERCENT) / 100));
}

export interface OptionFigures {
  index: number;
  is_key: boolean;
  /** Share of all counted candidates choosing this option. */
  share: number;
  /** Share of the upper group (top 27 % by section score) choosing it. */
  upper_share: number;
  /** Share of the lower group (bottom 27 %) choosing it. */
  lower_share: number;
}

export interface ItemFigures {
  p: number | null;
  discrimination: number | null;
  options: readonly OptionFigures[];
}

/**
 * The flags of an item: discrimination below 0.1 (including negative, and undefined because the
 * item or the rest does not vary), share correct above 0.95 or below 0.05, a distractor chosen by
 * under 2 %, a distractor chosen by more of the upper group than the key.
 */
export function itemFlags(item: ItemFigures): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (item.discrimination === null || item.discrimination < ITEM_FLAG_MIN_DISCRIMINATION) flags.push('low_discrimination');
  if (item.p !== null && item.p > ITEM_FLAG_MAX_DIFFICULTY) flags.push('too_easy');
  if (item.p !== null && item.p < ITEM_FLAG_MIN_DIFFICULTY) flags.push('too_hard');
  const distractors = item.options.filter((o) => !o.is_key);
  if (distractors.some((o) => o.share < ITEM_FLAG_MIN_DISTRACTOR_SHARE)) flags.push('dead_distractor');
  const key = item.options.find((o) => o.is_key);
  if (key && distractors.some((o) => o.upper_share > key.upper_share)) flags.push('distractor_attracts_top');
  return flags;
}

/** Option figures from raw choices (reference for the SQL): `choices[c]` the option index candidate c chose, null unanswered. */
export function optionFigures(choices: readonly (number | null)[], sectionTotals: readonly number[], key: number, optionCount: number, ids: readonly string[]): OptionFigures[] {
  const n = choices.length;
  const g = groupSize(n);
  // Rank by section score, ties broken by the candidate's id: the same groups whatever the row order.
  const order = [...choices.keys()].sort((a, b) => sectionTotals[b]! - sectionTotals[a]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const upper = new Set(order.slice(0, g));
  const lower = new Set(order.slice(n - g));
  return Array.from({ length: optionCount }, (_, index) => {
    let all = 0;
    let up = 0;
    let low = 0;
    choices.forEach((c, i) => {
      if (c !== index) return;
      all++;
      if (upper.has(i)) up++;
      if (lower.has(i)) low++;
    });
    return { index, is_key: index === key, share: n ? all / n : 0, upper_share: g ? up / g : 0, lower_share: g ? low / g : 0 };
  });
}
