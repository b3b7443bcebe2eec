// Spec accounts 9: proficiency levels by predicted (total) score.

export const PROFICIENCY_LEVELS = [
  { from: 310, to: 400, level: 'Beginner' },
  { from: 403, to: 460, level: 'Intermediate' },
  { from: 463, to: 520, level: 'Upper intermediate' },
  { from: 523, to: 677, level: 'Advanced' },
] as const;
export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number]['level'];

export const TOTAL_SCORE_MIN = PROFICIENCY_LEVELS[0].from;
export const TOTAL_SCORE_MAX = PROFICIENCY_LEVELS[PROFICIENCY_LEVELS.length - 1]!.to;

/**
 * The band a total falls in. Totals between bands (401-402, 461-462, 521-522) cannot come out of
 * the scoring; were one given, it stays in the band below, being under the next band's minimum.
 * Null outside TOTAL_SCORE_MIN-TOTAL_SCORE_MAX.
 */
export function proficiencyLevel(total: number): ProficiencyLevel | null {
  if (!Number.isInteger(total) || total < TOTAL_SCORE_MIN || total > TOTAL_SCORE_MAX) return null;
  return [...PROFICIENCY_LEVELS].reverse().find((l) => total >= l.from)!.level;
}
