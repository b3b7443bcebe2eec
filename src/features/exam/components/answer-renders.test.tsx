// What an answer click costs (issue 16): the structure screen with its API and clock replaced, and
// React's commits recorded. A click re-renders the clicked question's option group (of its options
// those whose state changed), its grid cell and the counters, nothing else; a tick of the exam
// clock re-renders the timer only.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examClockAtom, initialExamClockState } from '../../../workers/exam-clock-atoms.ts';
import { startExamClock } from '../../../workers/exam-clock.ts';
import { fetchSection, outbox, pendingFor } from '../api/exam-api.ts';
import { list, parts, sectionDetail } from '../testing/fixtures.ts';
import type { Render } from '../testing/render-counter.ts';
import { StructurePage } from './paged-section-page.tsx';

// Before react-dom loads, so React reports its commits to it.
const counter = await vi.hoisted(async () => (await import('../testing/render-counter.ts')).installRenderCounter());

vi.mock('../api/exam-api.ts', () => ({
  fetchSection: vi.fn(),
  pendingFor: vi.fn(),
  submitAnswers: vi.fn(),
  outboxKey: (o: string, s: string) => `${o}:${s}`,
  nextDraftSeq: vi.fn(() => 1),
  outbox: { flush: vi.fn(async () => new Map()), enqueue: vi.fn(async () => 1), subscribe: vi.fn(() => () => undefined) },
}));
vi.mock('../../../workers/exam-clock.ts', () => ({ startExamClock: vi.fn(async () => undefined), stopExamClock: vi.fn() }));

// jsdom has no CSS.escape, which react-aria's dialog uses.
globalThis.CSS ??= { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) } as unknown as typeof CSS;

// A structure section's size: 15 questions in part A, 25 in part B.
const content = parts([
  { part: 'A', lists: Array.from({ length: 15 }, (_, i) => list([`a${i + 1}`])) },
  { part: 'B', lists: Array.from({ length: 25 }, (_, i) => list([`b${i + 1}`])) },
]);

async function openQuestionOne() {
  const store = createStore();
  const router = createMemoryRouter([{ path: '/epot/:id/structure', element: <StructurePage /> }], { initialEntries: ['/epot/o1/structure'] });
  render(<Provider store={store}><RouterProvider router={router} /></Provider>);
  await screen.findByRole('radiogroup', { name: 'Pilihan jawaban soal 1' });
  // The load's last step starts the clock: after it the screen has nothing left to render of its own.
  await waitFor(() => expect(startExamClock).toHaveBeenCalled());
  return store;
}

/** The components our code defines that rendered, by name, with how often. */
const ours = (renders: Render[], names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, renders.filter((r) => r.name === n).length]).filter(([, c]) => c));

/** The renders that are neither one of `roots` nor inside one. */
const outside = (renders: Render[], roots: readonly string[]) =>
  renders.filter((r) => !roots.includes(r.name) && !r.ancestors.some((a) => roots.includes(a))).map((r) => r.name);

const SCREEN = [
  'PagedSectionPage', 'PagedQuestions', 'SectionClock', 'SectionTimer', 'ViolationBadges', 'QuestionGrid', 'GridCell',
  'AnswerCounters', 'QuestionView', 'QuestionOptions', 'ChoiceGroup', 'Choice', 'Passage', 'QuestionText', 'ConfirmSubmitDialog', 'ResendDialog',
  'CameraPreviewSlot', 'OfflineNotice', 'Button',
] as const;

beforeEach(() => {
  vi.mocked(fetchSection).mockResolvedValue({ detail: sectionDetail('structure', content, { draft_position: 1 }), offsetMs: 0 });
  vi.mocked(pendingFor).mockResolvedValue(null);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('an answer click', () => {
  it('re-renders the option group, its grid cell and the counters only', async () => {
    await openQuestionOne();
    counter.reset();
    fireEvent.click(screen.getByRole('radio', { name: 'a1-x' }));
    // Waits for the commit (once, on a loaded machine, the check came a moment after the click).
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('radio', { name: 'a1-x' }).checked).toBe(true));
    expect(screen.getByTestId('count-answered').textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'Soal 1, sudah dijawab, soal saat ini' })).toBeTruthy();

    const renders = counter.renders();
    // The option picked; the others stay as they were.
    expect(ours(renders, SCREEN)).toEqual({ QuestionOptions: 1, ChoiceGroup: 1, Choice: 1, GridCell: 1, AnswerCounters: 1 });
    expect(outside(renders, ['QuestionOptions', 'GridCell', 'AnswerCounters'])).toEqual([]);
    expect(renders.find((r) => r.name === 'GridCell')?.props).toMatchObject({ number: 1 });
  });

  it('changing an answer re-renders the option group only; the answer is saved after the paint', async () => {
    await openQuestionOne();
    fireEvent.click(screen.getByRole('radio', { name: 'a1-w' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    vi.mocked(outbox.enqueue).mockClear();
    counter.reset();
    fireEvent.click(screen.getByRole('radio', { name: 'a1-z' }));
    // The option picked and the one it replaced.
    expect(ours(counter.renders(), SCREEN)).toEqual({ QuestionOptions: 1, ChoiceGroup: 1, Choice: 2 });
    expect(outside(counter.renders(), ['QuestionOptions'])).toEqual([]);
    expect(outbox.enqueue).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(outbox.enqueue).toHaveBeenCalledTimes(1));
    expect(vi.mocked(outbox.enqueue).mock.calls[0]![0]).toMatchObject({
      kind: 'draft', body: { position: 1, answer: [{ part: 'A', list_question: expect.arrayContaining([{ question_id: content[0]!.question_list[0]!.list_question[0]!.id, answer: ['a1-z'] }]) }, expect.anything()] },
    });
  });

  it('a tick of the exam clock re-renders the timer only', async () => {
    const store = await openQuestionOne();
    counter.reset();
    act(() => store.set(examClockAtom, { ...initialExamClockState, running: true, remainingSeconds: 1499 }));
    await waitFor(() => expect(screen.getByTestId('exam-timer').textContent).toBe('00:24:59'));
    expect(outside(counter.renders(), ['SectionClock'])).toEqual([]);
  });
});
