// Autosave on its own: every change goes to the outbox right after the next paint with the whole
// answer list and the position (a frame's changes in one write), and is sent after a quiet second;
// a change not yet written is written at once when the page is hidden or left or the screen goes
// away; nothing is saved before the section is ready or once it is being submitted.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../api/exam-api.ts';
import { list, parts, sectionDetail } from '../testing/fixtures.ts';
import type { Latest, RunRefs, SectionRunPhase } from './section-run-state.ts';
import { DRAFT_DEBOUNCE_MS, useAutosave } from './use-autosave.ts';

vi.mock('../api/exam-api.ts', () => ({
  outboxKey: (o: string, s: string) => `${o}:${s}`,
  nextDraftSeq: vi.fn(() => 1),
  outbox: { flush: vi.fn(async () => new Map()), enqueue: vi.fn(async () => 1) },
}));

const content = parts([{ part: 'A', lists: [list(['q1']), list(['q2'])] }]);
const [q1, q2] = content[0]!.question_list.map((l) => l.list_question[0]!.id);

function setup(phase: SectionRunPhase = { kind: 'ready' }) {
  const latest: Latest = { detail: sectionDetail('structure', content), answers: {}, position: 0, phase };
  const refs: RunRefs = { latest: { current: latest }, draftTimer: { current: undefined }, submitting: { current: false } };
  const setAnswers = vi.fn();
  const setPositionState = vi.fn();
  const { result, unmount } = renderHook(() => useAutosave({ orderId: 'o1', section: 'structure', refs, setAnswers, setPositionState }));
  return { ...result.current, refs, setAnswers, setPositionState, unmount };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('autosave', () => {
  it('writes the changes right after the next paint, in one write, and sends after a quiet second', () => {
    const t = setup();
    act(() => t.setAnswer(q1!, 'q1-a'));
    act(() => t.setPosition(1));
    expect(t.setAnswers).toHaveBeenCalledWith({ [q1!]: 'q1-a' });
    expect(t.setPositionState).toHaveBeenCalledWith(1);
    expect(outbox.enqueue).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    // The fake clock makes a 0 ms timer set inside a timer 1 ms.
    vi.advanceTimersByTime(1);
    expect(outbox.enqueue).toHaveBeenCalledTimes(1);
    expect(outbox.enqueue).toHaveBeenLastCalledWith(expect.objectContaining({
      method: 'PUT', kind: 'draft', key: 'o1:structure',
      body: { id: 'o1', section: 'structure', client_seq: 1, position: 1, answer: [{ part: 'A', list_question: [
        { question_id: q1, answer: ['q1-a'] }, { question_id: q2, answer: [null] },
      ] }] },
    }));
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 1);
    expect(outbox.flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(outbox.flush).toHaveBeenCalledTimes(1);
  });

  it('a change not yet written is written at once when the page is hidden, left, or the screen goes away', () => {
    const t = setup();
    const written = () => vi.mocked(outbox.enqueue).mock.calls.map(([r]) => (r.body as { answer: { list_question: { answer: unknown[] }[] }[] }).answer[0]!.list_question.map((e) => e.answer[0]));
    act(() => t.setAnswer(q1!, 'q1-a'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(written()).toEqual([['q1-a', null]]);
    act(() => t.setAnswer(q2!, 'q2-b'));
    window.dispatchEvent(new Event('pagehide'));
    expect(written()).toEqual([['q1-a', null], ['q1-a', 'q2-b']]);
    // The frames that come later find nothing waiting.
    vi.advanceTimersByTime(500);
    expect(outbox.enqueue).toHaveBeenCalledTimes(2);
    act(() => t.setAnswer(q1!, 'q1-c'));
    t.unmount();
    expect(written()).toEqual([['q1-a', null], ['q1-a', 'q2-b'], ['q1-c', 'q2-b']]);
  });

  it('the same position again saves nothing', () => {
    const t = setup();
    act(() => t.setPosition(0));
    vi.advanceTimersByTime(500);
    expect(outbox.enqueue).not.toHaveBeenCalled();
  });

  it('nothing is saved before the section is ready or while it is being submitted', () => {
    const loading = setup({ kind: 'loading' });
    act(() => loading.setAnswer(q1!, 'x'));
    expect(loading.setAnswers).not.toHaveBeenCalled();
    const submitting = setup();
    submitting.refs.submitting.current = true;
    act(() => submitting.setAnswer(q1!, 'x'));
    expect(submitting.setAnswers).toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(outbox.enqueue).not.toHaveBeenCalled();
  });
});
