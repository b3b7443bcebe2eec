import { describe, expect, it } from 'vitest';
import { itemContent, itemQuestions, toTimeline } from './listening-model.ts';
import {
  answersFromDetail, answersFromParts, buildPages, clampPage, crossedThreshold, flattenQuestions, gridStatus, isAnswered,
  pageOfQuestion, parseUnderlines, toAnswerParts,
} from './section-model.ts';
import { list, media, parts } from './testing/fixtures.ts';

const structure = parts([
  { part: 'A', lists: [list(['s1']), list(['s2'], { selected: ['s2-y'] })] },
  { part: 'B', lists: [list(['[A]Each[/A] of the [B]participants[/B] were'])] },
]);

describe('section model', () => {
  it('flattens questions in order with their part and section-wide number', () => {
    const qs = flattenQuestions(structure);
    expect(qs.map((q) => [q.index, q.part, q.question.number])).toEqual([[0, 'A', 1], [1, 'A', 2], [2, 'B', 3]]);
  });

  it('pages: each part direction, then its questions; Prev from the first question is the direction', () => {
    const pages = buildPages(structure);
    expect(pages).toEqual([
      { kind: 'direction', part: 'A', partIndex: 0 },
      { kind: 'question', questionIndex: 0 },
      { kind: 'question', questionIndex: 1 },
      { kind: 'direction', part: 'B', partIndex: 1 },
      { kind: 'question', questionIndex: 2 },
    ]);
    expect(pageOfQuestion(pages, 2)).toBe(4);
    expect(clampPage(pages, 4)).toBe(4);
    expect(clampPage(pages, 5)).toBe(0);
    expect(clampPage(pages, -1)).toBe(0);
    expect(clampPage(pages, null)).toBe(0);
  });

  it('answers: restored from the draft, submitted with a null item for every unanswered question', () => {
    const answers = answersFromDetail(structure);
    expect(answers).toEqual({ 'list-1-q1': null, 'list-2-q1': 's2-y', 'list-3-q1': null });
    const body = toAnswerParts(structure, { ...answers, 'list-3-q1': 'participants' });
    expect(body).toEqual([
      { part: 'A', list_question: [{ question_id: 'list-1-q1', answer: [null] }, { question_id: 'list-2-q1', answer: ['s2-y'] }] },
      { part: 'B', list_question: [{ question_id: 'list-3-q1', answer: ['participants'] }] },
    ]);
    expect(answersFromParts(body)).toEqual({ 'list-1-q1': null, 'list-2-q1': 's2-y', 'list-3-q1': 'participants' });
  });

  it('grid: current wins, answered is green, the rest default; null or missing is unanswered', () => {
    const answers = { 'list-1-q1': 's1-w', 'list-2-q1': 's2-x', 'list-3-q1': null };
    expect(['list-1-q1', 'list-2-q1', 'list-3-q1', 'list-4-q1'].map((id) => isAnswered(answers, id))).toEqual([true, true, false, false]);
    expect(gridStatus(true, true)).toBe('current');
    expect(gridStatus(true, false)).toBe('current');
    expect(gridStatus(false, true)).toBe('answered');
    expect(gridStatus(false, false)).toBe('default');
  });

  it('written expression: underlined parts with their letters, plain text between', () => {
    expect(parseUnderlines('[A]Each[/A] of the [B]participants[/B] were [C]given[/C] a [D]prize[/D].')).toEqual([
      { text: 'Each', letter: 'A' }, { text: ' of the ', letter: null }, { text: 'participants', letter: 'B' },
      { text: ' were ', letter: null }, { text: 'given', letter: 'C' }, { text: ' a ', letter: null },
      { text: 'prize', letter: 'D' }, { text: '.', letter: null },
    ]);
    expect(parseUnderlines('No markup, a [A]broken tag.')).toEqual([{ text: 'No markup, a [A]broken tag.', letter: null }]);
    expect(parseUnderlines('')).toEqual([]);
  });

  it('time is announced when crossing 10, 5 and 1 minutes left, not every second', () => {
    expect(crossedThreshold(601, 600)).toBe(10);
    expect(crossedThreshold(600, 599)).toBeNull();
    expect(crossedThreshold(301, 300)).toBe(5);
    expect(crossedThreshold(61, 60)).toBe(1);
    expect(crossedThreshold(null, 600)).toBeNull(); // the first value after a load is not announced
    expect(crossedThreshold(900, 200)).toBe(5); // a jump announces the lowest crossed
    expect(crossedThreshold(60, 61)).toBeNull();
    const said = [];
    for (let s = 700; s > 0; s--) if (crossedThreshold(s, s - 1) !== null) said.push(s - 1);
    expect(said).toEqual([600, 300, 60]);
  });
});

describe('listening model', () => {
  const listening = parts([
    { part: 'A', direction: media('dir-a', 20.5), close: { text: 'End of Part A.', media: media('close-a', 2) },
      lists: [list(['a1'], { audio: media('a1', 12.25) }), list(['a2'], { audio: null })] },
    { part: 'B', direction: null, close: null, lists: [list(['b1', 'b2'], { audio: media('b', 60) })] },
  ]);

  it('maps parts onto the timeline source in ms (null without media)', () => {
    expect(toTimeline(listening)).toEqual([
      { part: 'A', direction: { durationMs: 20_500 }, groups: [{ durationMs: 12_250 }, { durationMs: null }], close: { durationMs: 2000 } },
      { part: 'B', direction: { durationMs: null }, groups: [{ durationMs: 60_000 }], close: null },
    ]);
  });

  it('says what each timeline item plays and which questions it shows', () => {
    const qs = flattenQuestions(listening);
    const item = (kind: 'direction' | 'group' | 'close', part: 'A' | 'B', group: number | null) =>
      ({ index: 0, kind, part, group, startMs: 0, durationMs: 1, stalledMs: 0, endMs: 1 });
    expect(itemContent(listening, item('direction', 'A', null))).toMatchObject({ text: 'Direction A', media: { id: 'dir-a' } });
    expect(itemContent(listening, item('close', 'A', null))).toMatchObject({ text: 'End of Part A.', media: { id: 'close-a' } });
    expect(itemContent(listening, item('group', 'A', 1)).media).toBeNull();
    expect(itemQuestions(qs, listening, item('group', 'B', 0)).map((q) => q.question.number)).toEqual([3, 4]);
    expect(itemQuestions(qs, listening, item('direction', 'B', null))).toEqual([]);
  });
});
