import { describe, expect, it } from 'vitest';
import {
  cefrLevel, convertSection, MAX_RAW, proficiencyLevel, scoreExam, scoreSection, totalScore, type SectionScores,
} from './scoring.ts';

// The chart rows exactly as ../shared/reference/scoring.md prints them (copied, not retyped), so
// every cell of scoring.ts's hand transcription is checked against the reference.
const REFERENCE_CHART = `
| 50 | 68 | – | 67 |
| 49 | 67 | – | 66 |
| 48 | 66 | – | 65 |
| 47 | 65 | – | 63 |
| 46 | 63 | – | 61 |
| 45 | 62 | – | 60 |
| 44 | 61 | – | 59 |
| 43 | 60 | – | 58 |
| 42 | 59 | – | 57 |
| 41 | 58 | – | 56 |
| 40 | 57 | 68 | 55 |
| 39 | 57 | 67 | 54 |
| 38 | 56 | 65 | 54 |
| 37 | 55 | 63 | 53 |
| 36 | 54 | 61 | 52 |
| 35 | 54 | 60 | 52 |
| 34 | 53 | 58 | 51 |
| 33 | 52 | 57 | 50 |
| 32 | 52 | 56 | 49 |
| 31 | 51 | 55 | 48 |
| 30 | 51 | 54 | 48 |
| 29 | 50 | 53 | 47 |
| 28 | 49 | 52 | 46 |
| 27 | 49 | 51 | 46 |
| 26 | 48 | 50 | 45 |
| 25 | 48 | 49 | 44 |
| 24 | 47 | 48 | 43 |
| 23 | 47 | 47 | 43 |
| 22 | 46 | 46 | 42 |
| 21 | 45 | 45 | 41 |
| 20 | 45 | 44 | 40 |
| 19 | 44 | 43 | 39 |
| 18 | 43 | 42 | 38 |
| 17 | 42 | 41 | 37 |
| 16 | 41 | 40 | 36 |
| 15 | 41 | 40 | 35 |
| 14 | 39 | 38 | 34 |
| 13 | 38 | 37 | 32 |
| 12 | 37 | 36 | 31 |
| 11 | 35 | 35 | 30 |
| 10 | 33 | 33 | 29 |
| 9 | 32 | 31 | 28 |
| 8 | 32 | 29 | 28 |
| 7 | 31 | 27 | 27 |
| 6 | 30 | 26 | 26 |
| 5 | 29 | 25 | 25 |
| 4 | 28 | 23 | 24 |
| 3 | 27 | 22 | 23 |
| 2 | 26 | 21 | 23 |
| 1 | 25 | 20 | 22 |
`;
const referenceRows = REFERENCE_CHART.trim().split('\n').map((line) => {
  const [raw, listening, structure, reading] = line.split('|').slice(1, 5).map((c) => c.trim());
  const num = (c: string | undefined) => (c === '–' ? null : Number(c));
  return { raw: Number(raw), listening: num(listening)!, structure: num(structure), reading: num(reading)! };
});
const clamp = (v: number, max: number) => Math.min(max, Math.max(31, v));

describe('convertSection', () => {
  it('matches every row of the reference chart, clamped to the reported scale', () => {
    expect(referenceRows).toHaveLength(50);
    for (const row of referenceRows) {
      expect(convertSection('listening', row.raw), `listening raw ${row.raw}`).toBe(clamp(row.listening, 68));
      expect(convertSection('reading', row.raw), `reading raw ${row.raw}`).toBe(clamp(row.reading, 67));
      if (row.structure === null) expect(() => convertSection('structure', row.raw)).toThrow(RangeError);
      else expect(convertSection('structure', row.raw), `structure raw ${row.raw}`).toBe(clamp(row.structure, 68));
    }
  });

  it('spot-checks cells by hand', () => {
    expect(convertSection('structure', 18)).toBe(42); // the reference's choice where copies differ
    expect(convertSection('listening', 30)).toBe(51);
    expect(convertSection('structure', 28)).toBe(52);
    expect(convertSection('reading', 43)).toBe(58);
    expect(convertSection('reading', 13)).toBe(32);
    expect(convertSection('listening', 47)).toBe(65);
  });

  it('clamps at both ends', () => {
    expect(convertSection('listening', 50)).toBe(68);
    expect(convertSection('structure', 40)).toBe(68);
    expect(convertSection('reading', 50)).toBe(67);
    // The chart goes below 31; the scale does not.
    expect(convertSection('listening', 6)).toBe(31);
    expect(convertSection('listening', 7)).toBe(31);
    expect(convertSection('structure', 9)).toBe(31);
    expect(convertSection('structure', 1)).toBe(31);
    expect(convertSection('reading', 12)).toBe(31);
    expect(convertSection('reading', 11)).toBe(31);
    for (const s of ['listening', 'structure', 'reading'] as const) expect(convertSection(s, 0)).toBe(31);
  });

  it('refuses raw scores the chart does not cover', () => {
    expect(() => convertSection('listening', 51)).toThrow(RangeError);
    expect(() => convertSection('structure', 41)).toThrow(RangeError);
    expect(() => convertSection('reading', -1)).toThrow(RangeError);
    expect(() => convertSection('reading', 2.5)).toThrow(RangeError);
    expect(MAX_RAW).toEqual({ listening: 50, structure: 40, reading: 50 });
  });
});

describe('scoreExam', () => {
  it('reproduces the reference worked checks', () => {
    expect(scoreExam({ listening: 30, structure: 28, reading: 43 })).toMatchObject({
      converted: { listening: 51, structure: 52, reading: 58 }, total: 537, level: 'Advanced',
    });
    expect(scoreExam({ listening: 29, structure: 26, reading: 33 })).toMatchObject({
      converted: { listening: 50, structure: 50, reading: 50 }, total: 500, level: 'Upper intermediate',
    });
  });

  it('spans 310 to 677', () => {
    expect(scoreExam({ listening: 0, structure: 0, reading: 0 })).toMatchObject({ total: 310, level: 'Beginner', cefr: 'below A2' });
    expect(scoreExam({ listening: 50, structure: 40, reading: 50 })).toMatchObject({
      converted: { listening: 68, structure: 68, reading: 67 }, total: 677, level: 'Advanced', cefr: 'C1',
    });
  });

  it('rounds the total to the nearest whole number', () => {
    expect(totalScore({ listening: 51, structure: 52, reading: 58 })).toBe(537); // 536.67
    expect(totalScore({ listening: 40, structure: 40, reading: 41 })).toBe(403); // 403.33
    expect(totalScore({ listening: 40, structure: 40, reading: 40 })).toBe(400);
  });
});

describe('proficiencyLevel', () => {
  it('follows the bands at their boundaries', () => {
    expect(proficiencyLevel(310)).toBe('Beginner');
    expect(proficiencyLevel(400)).toBe('Beginner');
    expect(proficiencyLevel(403)).toBe('Intermediate');
    expect(proficiencyLevel(460)).toBe('Intermediate');
    expect(proficiencyLevel(463)).toBe('Upper intermediate');
    expect(proficiencyLevel(520)).toBe('Upper intermediate');
    expect(proficiencyLevel(523)).toBe('Advanced');
    expect(proficiencyLevel(677)).toBe('Advanced');
  });

  it('puts the totals that cannot occur into the band below', () => {
    expect(proficiencyLevel(401)).toBe('Beginner');
    expect(proficiencyLevel(402)).toBe('Beginner');
    expect(proficiencyLevel(461)).toBe('Intermediate');
    expect(proficiencyLevel(462)).toBe('Intermediate');
    expect(proficiencyLevel(521)).toBe('Upper intermediate');
    expect(proficiencyLevel(522)).toBe('Upper intermediate');
  });

  it('gives those gap totals only to impossible inputs', () => {
    const reachable = new Set<number>();
    for (let sum = 93; sum <= 203; sum++) reachable.add(Math.round((sum * 10) / 3));
    for (const gap of [401, 402, 461, 462, 521, 522]) expect(reachable.has(gap), String(gap)).toBe(false);
  });

  it('refuses totals off the scale', () => {
    expect(() => proficiencyLevel(309)).toThrow(RangeError);
    expect(() => proficiencyLevel(678)).toThrow(RangeError);
  });
});

describe('cefrLevel', () => {
  const at = (listening: number, structure: number, reading: number): SectionScores => ({ listening, structure, reading });
  it('needs the total and every section minimum', () => {
    expect(cefrLevel(at(64, 64, 63))).toBe('C1'); // 636.67 -> 637
    expect(cefrLevel(at(63, 68, 67))).toBe('B2'); // high total, listening under C1's 64
    expect(cefrLevel(at(54, 53, 56))).toBe('B2'); // exactly B2's minimums: 543
    expect(cefrLevel(at(54, 53, 55))).toBe('B1'); // reading one short of B2
    expect(cefrLevel(at(47, 43, 48))).toBe('B1'); // exactly B1's minimums: 460
    expect(cefrLevel(at(68, 42, 67))).toBe('A2'); // structure one short of B1, despite a total of 590
    expect(cefrLevel(at(38, 32, 31))).toBe('A2'); // 337
    expect(cefrLevel(at(37, 68, 67))).toBe('below A2'); // listening under A2's 38
    expect(cefrLevel(at(31, 31, 31))).toBe('below A2');
  });
});

describe('scoreSection', () => {
  const q = (id: string, ...texts: string[]) => ({ id, options: texts.map((text) => ({ text })) });
  const questions = [q('q1', 'a', 'b', 'c', 'd'), q('q2', 'e', 'f', 'g', 'h'), q('q3', 'i', 'j', 'k', 'l'), q('q4', 'm', 'n', 'o', 'p')];
  const keys = [
    { question_id: 'q1', correct_index: 0 }, { question_id: 'q2', correct_index: 3 },
    { question_id: 'q3', correct_index: 1 }, { question_id: 'q4', correct_index: 2 },
  ];

  it('counts answers whose text is the correct option', () => {
    const answers = [
      { part: 'A' as const, list_question: [{ question_id: 'q1', answer: ['a'] as [string] }, { question_id: 'q2', answer: ['e'] as [string] }] },
      { part: 'B' as const, list_question: [{ question_id: 'q3', answer: [' j '] as [string] }, { question_id: 'q4', answer: [null] as [null] }] },
    ];
    expect(scoreSection(questions, answers, keys)).toBe(2);
  });

  it('counts nothing for no answers, unknown questions or repeats', () => {
    expect(scoreSection(questions, [], keys)).toBe(0);
    const answers = [{
      part: 'A' as const,
      list_question: [
        { question_id: 'elsewhere', answer: ['a'] as [string] },
        { question_id: 'q1', answer: ['a'] as [string] },
        { question_id: 'q1', answer: ['b'] as [string] }, // the later entry replaces the earlier
        { question_id: 'q2', answer: ['H'] as [string] }, // text must match exactly
      ],
    }];
    expect(scoreSection(questions, answers, keys)).toBe(0);
  });

  it('scores a full correct section as the question count', () => {
    const answers = [{ part: 'A' as const, list_question: questions.map((x, i) => ({ question_id: x.id, answer: [x.options[keys[i]!.correct_index]!.text] as [string] })) }];
    expect(scoreSection(questions, answers, keys)).toBe(4);
  });

  it('refuses a question without a key', () => {
    expect(() => scoreSection([q('q9', 'a', 'b', 'c', 'd')], [], keys)).toThrow(/no answer key/);
  });
});
