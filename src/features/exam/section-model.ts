// Pure logic of a test section, shared by the three screens: the flat question list, the pages a
// candidate steps through, the answers in the spec's submission shape, grid statuses,
// the written-expression underline markup and the screen-reader time announcements.
import type { AnswerPart } from '../../../contracts/exam-answer.ts';
import type { DeliveredPart, DeliveredQuestion, QuestionList } from '../../../contracts/exam-delivery.ts';

export type PartLetter = DeliveredPart['part'];

export interface FlatQuestion {
  question: DeliveredQuestion;
  part: PartLetter;
  /** The question list it belongs to (passage, conversation, or a lone question). */
  list: QuestionList;
  /** 0-based in the section. */
  index: number;
}

export function flattenQuestions(parts: readonly DeliveredPart[]): FlatQuestion[] {
  const out: FlatQuestion[] = [];
  for (const p of parts) {
    for (const list of p.question_list) {
      for (const question of list.list_question) out.push({ question, part: p.part, list, index: out.length });
    }
  }
  return out;
}

/** Chosen option text per question id; a missing or null entry is unanswered. */
export type Answers = Readonly<Record<string, string | null>>;

/** The answers the server remembered (autosaved drafts), as the section detail reports them. */
export function answersFromDetail(parts: readonly DeliveredPart[]): Answers {
  const out: Record<string, string | null> = {};
  for (const { question } of flattenQuestions(parts)) out[question.id] = question.selected_answer;
  return out;
}

/** Spec 3 "Answer submission": every question of every part, with a one-item list or a null item. */
export function toAnswerParts(parts: readonly DeliveredPart[], answers: Answers): AnswerPart[] {
  return parts.map((p) => ({
    part: p.part,
    list_question: p.question_list.flatMap((l) => l.list_question).map((q) => ({
      question_id: q.id,
      answer: [answers[q.id] ?? null] as [string | null],
    })),
  }));
}

/** Answers of a submission/draft body back into the map (a queued draft is newer than the server's). */
export function answersFromParts(answerParts: readonly AnswerPart[]): Answers {
  const out: Record<string, string | null> = {};
  for (const p of answerParts) for (const e of p.list_question) out[e.question_id] = e.answer[0];
  return out;
}

// ---- pages -------------------------------------------------------------------------------------

/** Structure and reading: each part's direction page, then its questions one at a time. */
export type Page = { kind: 'direction'; part: PartLetter; partIndex: number } | { kind: 'question'; questionIndex: number };

export function buildPages(parts: readonly DeliveredPart[]): Page[] {
  const pages: Page[] = [];
  let q = 0;
  parts.forEach((p, partIndex) => {
    pages.push({ kind: 'direction', part: p.part, partIndex });
    for (const list of p.question_list) for (let i = 0; i < list.list_question.length; i++) pages.push({ kind: 'question', questionIndex: q++ });
  });
  return pages;
}

export function pageOfQuestion(pages: readonly Page[], questionIndex: number): number {
  return pages.findIndex((p) => p.kind === 'question' && p.questionIndex === questionIndex);
}

/** A stored position that no longer fits (content changed, bad value) starts at the beginning. */
export function clampPage(pages: readonly Page[], position: number | null | undefined): number {
  return position != null && Number.isInteger(position) && position >= 0 && position < pages.length ? position : 0;
}

// ---- grid and counters -------------------------------------------------------------------------

export type GridStatus = 'current' | 'answered' | 'default';

export const isAnswered = (answers: Answers, id: string): boolean => {
  const a = answers[id];
  return a !== undefined && a !== null;
};

/**
 * Spec 2.3: current, answered (green), default. The current question wins over answered. Listening
 * shows a conversation's questions together, so several may be current.
 */
export function gridStatus(isCurrent: boolean, answered: boolean): GridStatus {
  return isCurrent ? 'current' : answered ? 'answered' : 'default';
}

// ---- written expression ------------------------------------------------------------------------

export interface TextSegment {
  text: string;
  /** The letter under an underlined part, null for plain text. */
  letter: string | null;
}

/** `Each [A]participants[/A] were …` -> plain and underlined segments; unmatched tags stay text. */
export function parseUnderlines(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  const re = /\[([A-D])\]([\s\S]*?)\[\/\1\]/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), letter: null });
    out.push({ text: m[2]!, letter: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), letter: null });
  return out;
}

// ---- time announcements ------------------------------------------------------------------------

/** Minutes left at which the timer is read out (an aria-live region, not every second). */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/**
 * The threshold (in minutes) crossed going from `previous` to `current` seconds left, if any. A
 * jump over several thresholds (a reload) announces only the lowest; starting below one is silent.
 */
export function crossedThreshold(previous: number | null, current: number | null): number | null {
  if (previous === null || current === null || current >= previous) return null;
  const crossed = ANNOUNCE_AT_MINUTES.filter((m) => previous > m * 60 && current <= m * 60);
  return crossed.length ? Math.min(...crossed) : null;
}
