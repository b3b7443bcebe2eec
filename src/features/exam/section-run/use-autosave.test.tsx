// Autosave on its own: every change goes to the outbox at once with the whole answer list and the
// position, and is sent after a quiet second; nothing is saved before the section is ready or once
// it is being submitted.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../api/exam-api.ts';
import { list, parts, sectionDetail } from '../testing/fixtures.ts';
import type { Latest, RunRefs, SectionRunPhase } from './section-run-state.ts';
import { DRAFT_DEBOUNCE_MS, useAutosave } from './use-autosave.ts';

vi.mock('../api/exam-api.ts', () => ({
  outboxKey: (o: string, s: string) => `${o}:${s}`,
  outbox: { flush: vi.fn(async () => new Map()), enqueue: vi.fn(async () => 1) },
}));

const content = parts([{ part: 'A', lists: [list(['q1']), list(['q2'])] }]);
const [q1, q2] = content[0]!.question_list.map((l) => l.list_question[0]!.id);

function setup(phase: SectionRunPhase = { kind: 'ready' }) {
  const latest: Latest = { detail: sectionDetail('structure', content), answers: {}, position: 0, phase };
  const refs: RunRefs = { latest: { current: latest }, draftTimer: { current: undefined }, submitting: { current: false } };
  const setAnswers = vi.fn();
  const setPositionState = vi.fn();
  const { result } = renderHook(() => useAutosave({ orderId: 'o1', section: 'structure', refs, setAnswers, setPositionState }));
  return { ...result.current, refs, setAnswers, setPositionState };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('autosave', () => {
  it('writes each change at once and sends after a quiet second', () => {
    const t = setup();
    act(() => t.setAnswer(q1!, 'q1-a'));
    act(() => t.setPosition(1));
    expect(t.setAnswers).toHaveBeenCalledWith({ [q1!]: 'q1-a' });
    expect(t.setPositionState).toHaveBeenCalledWith(1);
    expect(outbox.enqueue).toHaveBeenLastCalledWith(expect.objectContaining({
      method: 'PUT', kind: 'draft', key: 'o1:structure',
      body: { id: 'o1', section: 'structure', position: 1, answer: [{ part: 'A', list_question: [
        { question_id: q1, answer: ['q1-a'] }, { question_id: q2, answer: [null] },
      ] }] },
    }));
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 1);
    expect(outbox.flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(outbox.flush).toHaveBeenCalledTimes(1);
  });

  it('the same position again saves nothing', () => {
    const t = setup();
    act(() => t.setPosition(0));
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
    expect(outbox.enqueue).not.toHaveBeenCalled();
  });
});
