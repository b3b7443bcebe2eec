// Scores: raw correct answers per section -> converted section scores (TOEFL-ITP-style chart,
// ../shared/reference/scoring.md) -> total, proficiency level and CEFR level. Pure functions; the
// server is the only place answers are scored.
import type { AnswerPart } from '../../../contracts/exam-answer.ts';
import {
  proficiencyLevel as levelOf, TOTAL_SCORE_MAX, TOTAL_SCORE_MIN, type ProficiencyLevel, type SectionName,
} from '../../../contracts/facts/index.ts';

export type SectionScores = Record<SectionName, number>;

/** Questions per section the chart covers (the importer refuses longer sections). */
export const MAX_RAW: SectionScores = { listening: 50, structure: 40, reading: 50 };

/** The reported scale per section: the chart goes lower, ETS reports from 31. */
export const SCALE: Record<SectionName, { min: number; max: number }> = {
  listening: { min: 31, max: 68 },
  structure: { min: 31, max: 68 },
  reading: { min: 31, max: 67 },
};

// Raw -> converted, transcribed row by row from the reference chart: [raw, listening, structure, reading].
// Structure has 40 questions (null above). Structure raw 18 is 42 (the reference's choice).
const CHART: [number, number, number | null, number][] = [
  [50, 68, null, 67], [49, 67, null, 66], [48, 66, null, 65], [47, 65, null, 63], [46, 63, null, 61],
  [45, 62, null, 60], [44, 61, null, 59], [43, 60, null, 58], [42, 59, null, 57], [41, 58, null, 56],
  [40, 57, 68, 55], [39, 57, 67, 54], [38, 56, 65, 54], [37, 55, 63, 53], [36, 54, 61, 52],
  [35, 54, 60, 52], [34, 53, 58, 51], [33, 52, 57, 50], [32, 52, 56, 49], [31, 51, 55, 48],
  [30, 51, 54, 48], [29, 50, 53, 47], [28, 49, 52, 46], [27, 49, 51, 46], [26, 48, 50, 45],
  [25, 48, 49, 44], [24, 47, 48, 43], [23, 47, 47, 43], [22, 46, 46, 42], [21, 45, 45, 41],
  [20, 45, 44, 40], [19, 44, 43, 39], [18, 43, 42, 38], [17, 42, 41, 37], [16, 41, 40, 36],
  [15, 41, 40, 35], [14, 39, 38, 34], [13, 38, 37, 32], [12, 37, 36, 31], [11, 35, 35, 30],
  [10, 33, 33, 29], [9, 32, 31, 28], [8, 32, 29, 28], [7, 31, 27, 27], [6, 30, 26, 26],
  [5, 29, 25, 25], [4, 28, 23, 24], [3, 27, 22, 23], [2, 26, 21, 23], [1, 25, 20, 22],
];

const byRaw = new Map(CHART.map(([raw, listening, structure, reading]) => [raw, { listening, structure, reading }]));

/**
 * The converted score for `raw` correct answers, clamped to the section's scale. Raw 0 is not in
 * the chart; it gets the scale minimum like every chart value below it.
 */
export function convertSection(section: SectionName, raw: number): number {
  if (!Number.isInteger(raw) || raw < 0 || raw > MAX_RAW[section]) {
    throw new RangeError(`${section}: raw score must be a whole number 0-${MAX_RAW[section]} (got ${raw})`);
  }
  const { min, max } = SCALE[section];
  const chart = raw === 0 ? min : byRaw.get(raw)![section]!;
  return Math.min(max, Math.max(min, chart));
}

/** round((listening + structure + reading) x 10 / 3) over converted scores: 310-677. */
export function totalScore(converted: SectionScores): number {
  return Math.round(((converted.listening + converted.structure + converted.reading) * 10) / 3);
}

export type { ProficiencyLevel };

/** The spec's band of a total (contracts/facts); a total outside 310-677 is a bug, not a level. */
export function proficiencyLevel(total: number): ProficiencyLevel {
  const level = levelOf(total);
  if (!level) throw new RangeError(`total must be ${TOTAL_SCORE_MIN}-${TOTAL_SCORE_MAX} (got ${total})`);
  return level;
}

export type CefrLevel = 'C1' | 'B2' | 'B1' | 'A2' | 'below A2';

/** ETS's CEFR minimums: a level needs its total and all three section minimums. */
export const CEFR_MINIMUMS: { level: Exclude<CefrLevel, 'below A2'>; total: number; section: SectionScores }[] = [
  { level: 'C1', total: 627, section: { listening: 64, structure: 64, reading: 63 } },
  { level: 'B2', total: 543, section: { listening: 54, structure: 53, reading: 56 } },
  { level: 'B1', total: 460, section: { listening: 47, structure: 43, reading: 48 } },
  { level: 'A2', total: 337, section: { listening: 38, structure: 32, reading: 31 } },
];

/** The highest level whose total and every section minimum are met; 'below A2' when none is. */
export function cefrLevel(converted: SectionScores, total = totalScore(converted)): CefrLevel {
  const met = CEFR_MINIMUMS.find((c) => total >= c.total
    && converted.listening >= c.section.listening && converted.structure >= c.section.structure
    && converted.reading >= c.section.reading);
  return met?.level ?? 'below A2';
}

export interface ExamScore {
  raw: SectionScores;
  converted: SectionScores;
  total: number;
  level: ProficiencyLevel;
  cefr: CefrLevel;
}

/** Everything the certificate prints, from the raw correct counts. */
export function scoreExam(raw: SectionScores): ExamScore {
  const converted: SectionScores = {
    listening: convertSection('listening', raw.listening),
    structure: convertSection('structure', raw.structure),
    reading: convertSection('reading', raw.reading),
  };
  const total = totalScore(converted);
  return { raw: { ...raw }, converted, total, level: proficiencyLevel(total), cefr: cefrLevel(converted, total) };
}

export interface ScorableQuestion { id: string; options: { text: string }[] }
export interface AnswerKey { question_id: string; correct_index: number }

/**
 * Raw correct answers for one section. Answers arrive as the chosen option's text (the spec's
 * format), so they are matched by text; the importer makes options within a question distinct.
 * A question counts at most once (a later entry for the same id replaces an earlier one); entries
 * for questions outside `questions` and null (unanswered) items count nothing.
 */
export function scoreSection(questions: readonly ScorableQuestion[], answers: readonly AnswerPart[], keys: Iterable<AnswerKey>): number {
  const correctIndex = new Map<string, number>();
  for (const k of keys) correctIndex.set(k.question_id, k.correct_index);
  const chosen = new Map<string, string | null>();
  for (const part of answers) for (const entry of part.list_question) chosen.set(entry.question_id, entry.answer[0]);
  let correct = 0;
  for (const q of questions) {
    const index = correctIndex.get(q.id);
    if (index === undefined) throw new Error(`no answer key for question ${q.id}`);
    const answer = chosen.get(q.id);
    if (answer != null && answer.trim() === q.options[index]?.text) correct++;
  }
  return correct;
}
