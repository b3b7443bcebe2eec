// The compact shapes the demo exam is written in; build.ts turns them into exam.json.

/** A multiple-choice question written with the correct option first; build.ts places it. */
export interface Mcq {
  q: string;
  correct: string;
  wrong: [string, string, string];
}

/** Part directions and the spoken end-of-part statement. */
export interface PartTexts {
  direction: string;
  close?: string;
}

/** Listening Part A: a two-line exchange ('M: …' / 'W: …') and one question about it. */
export interface ShortDialogue extends Mcq {
  lines: string[];
}

/** Listening Parts B and C: a conversation or talk with four questions. */
export interface LongListening {
  /** What the narrator says before it, e.g. 'Listen to a conversation between two students.' */
  intro: string;
  lines: string[];
  questions: Mcq[];
}

/** Written expression: a sentence with its four underlined parts marked [A]…[/A] to [D]…[/D]. */
export interface ErrorSentence {
  s: string;
  /** The underlined part that must be changed. */
  err: 'A' | 'B' | 'C' | 'D';
}

export interface Passage {
  /** Paragraphs, joined with blank lines. */
  paragraphs: string[];
  questions: Mcq[];
}
