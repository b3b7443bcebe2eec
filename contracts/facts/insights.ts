// Issue 31: the thresholds of the insights (item analysis and institution dashboards), stated once
// for the server, the staff SPA and the CSV export.

/** Item analysis of an exam version shows no figures before this many counted attempts (completed, not disqualified). */
export const ITEM_ANALYSIS_MIN_ATTEMPTS = 30;
/** A comparison (institution beside all EPOT candidates) is shown only when each group has at least this many candidates. */
export const INSIGHTS_MIN_COMPARISON_GROUP = 20;
/** Flag: corrected item-rest point-biserial below this (near zero or negative discrimination). */
export const ITEM_FLAG_MIN_DISCRIMINATION = 0.1;
/** Flag: share correct above this (nearly everyone right). */
export const ITEM_FLAG_MAX_DIFFICULTY = 0.95;
/** Flag: share correct below this (nearly no one right). */
export const ITEM_FLAG_MIN_DIFFICULTY = 0.05;
/** Flag: a distractor chosen by fewer than this share of the candidates (a dead distractor). */
export const ITEM_FLAG_MIN_DISTRACTOR_SHARE = 0.02;
/** Upper and lower groups for the distractor analysis: this percentage of candidates by section score (Kelley's 27 %). */
export const ITEM_ANALYSIS_GROUP_PERCENT = 27;

export const ITEM_FLAGS = ['low_discrimination', 'too_easy', 'too_hard', 'dead_distractor', 'distractor_attracts_top'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
