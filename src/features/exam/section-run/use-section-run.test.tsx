// The section run with its API and clock replaced: where it resumes, how a failed submission
// is resent, and where the server's end-of-test messages lead.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { openTabCountAtom } from '../../../lib/session.ts';
import { sectionPhotoIdsAtom, submitGateAtom } from '../../../lib/proctoring-seams.ts';
import { startExamClock } from '../../../workers/exam-clock.ts';
import { fetchSection, outbox, pendingFor, submitAnswers } from '../api/exam-api.ts';
import { list, parts, sectionDetail } from '../testing/fixtures.ts';
import { useSectionRun } from './use-section-run.ts';

vi.mock('../api/exam-api.ts', () => ({
  fetchSection: vi.fn(),
  pendingFor: vi.fn(),
  submitAnswers: vi.fn(),
  outboxKey: (o: string, s: string) => `${o}:${s}`,
  nextDraftSeq: vi.fn(() => 1),
  outbox: { flush: vi.fn(async () => new Map()), enqueue: vi.fn(async () => 1), subscribe: vi.fn(() => () => undefined) },
}));
vi.mock('../../../workers/exam-clock.ts', () => ({ startExamClock: vi.fn(async () => undefined), stopExamClock: vi.fn() }));

const content = parts([{ part: 'A', lists: [list(['q1'], { selected: ['q1-w'] }), list(['q2']), list(['q3'])] }]);
const [q1, q2, q3] = content[0]!.question_list.map((l) => l.list_question[0]!.id);

function setup(store = createStore()) {
  const exit = vi.fn();
  const onAlreadyComplete = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useSectionRun({ orderId: 'o1', section: 'structure', exit, onAlreadyComplete }), { wrapper });
  return { ...hook, exit, onAlreadyComplete, store };
}

/** The answers as the screen shows them: the answer book's atoms on the store. */
const shown = (store: ReturnType<typeof createStore>, run: ReturnType<typeof useSectionRun>) =>
  Object.fromEntries([q1!, q2!, q3!].map((id) => [id, store.get(run.answers.answer(id))]));

beforeEach(() => {
  vi.mocked(fetchSection).mockResolvedValue({ detail: sectionDetail('structure', content, { draft_position: 2, deadline_ms: 5_000 }), offsetMs: 250 });
  vi.mocked(pendingFor).mockResolvedValue(null);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('section run', () => {
  it('resumes from the server draft and starts the clock at the server deadline', async () => {
    const { result, store } = setup();
    await waitFor(() => expect(result.current.phase.kind).toBe('ready'));
    expect(shown(store, result.current)).toEqual({ [q1!]: 'q1-w', [q2!]: null, [q3!]: null });
    expect([store.get(result.current.answers.answeredCount), store.get(result.current.answers.unansweredCount)]).toEqual([1, 2]);
    expect(result.current.position).toBe(2);
    expect(startExamClock).toHaveBeenCalledWith({ deadlineMs: 5_000, offsetMs: 250 });
  });

  it('a draft still waiting in the outbox is newer than the server copy', async () => {
    vi.mocked(pendingFor).mockResolvedValue({
      method: 'PUT', path: '/d', key: 'o1:structure', kind: 'draft',
      body: { id: 'o1', section: 'structure', client_seq: 1, position: 3, answer: [{ part: 'A', list_question: [{ question_id: q2!, answer: ['q2-z'] }] }] },
    });
    const { result, store } = setup();
    await waitFor(() => expect(result.current.phase.kind).toBe('ready'));
    expect(shown(store, result.current)).toEqual({ [q1!]: 'q1-w', [q2!]: 'q2-z', [q3!]: null });
    expect(result.current.position).toBe(3);
  });

  it('every change goes to the outbox after the paint with the whole answer list and the position', async () => {
    const { result, store } = setup();
    await waitFor(() => expect(result.current.phase.kind).toBe('ready'));
    act(() => result.current.setAnswer(q3!, 'q3-y'));
    act(() => result.current.setPosition(1));
    expect(shown(store, result.current)).toEqual({ [q1!]: 'q1-w', [q2!]: null, [q3!]: 'q3-y' });
    expect(store.get(result.current.answers.answeredCount)).toBe(2);
    // Both changes came within one frame: one write.
    await waitFor(() => expect(outbox.enqueue).toHaveBeenCalledTimes(1));
    expect(outbox.enqueue).toHaveBeenLastCalledWith(expect.objectContaining({
      kind: 'draft', key: 'o1:structure',
      body: { id: 'o1', section: 'structure', client_seq: 1, position: 1, answer: [{ part: 'A', list_question: [
        { question_id: q1, answer: ['q1-w'] }, { question_id: q2, answer: [null] }, { question_id: q3, answer: ['q3-y'] },
      ] }] },
    }));
  });

  it('a submission first writes the change still waiting for the paint: held by proctoring, the answer is in the outbox', async () => {
    const store = createStore();
    store.set(submitGateAtom, { gate: async () => false });
    const { result } = setup(store);
    await waitFor(() => expect(result.current.phase.kind).toBe('ready'));
    act(() => result.current.setAnswer(q2!, 'q2-a'));
    await act(() => result.current.submit());
    expect(outbox.enqueue).toHaveBeenCalledTimes(1);
    expect(outbox.enqueue).toHaveBeenLastCalledWith(expect.objectContaining({
      kind: 'draft', body: expect.objectContaining({ answer: [{ part: 'A', list_question: [
        { question_id: q1, answer: ['q1-w'] }, { question_id: q2, answer: ['q2-a'] }, { question_id: q3, answer: [null] },
      ] }] }),
    }));
    expect(submitAnswers).not.toHaveBeenCalled();
    expect(result.current.phase.kind).toBe('ready');
    // Written once: the frame that comes later finds nothing waiting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(outbox.enqueue).toHaveBeenCalledTimes(1);
  });

  it('a failed submission shows the server message; the resend goes through with the photos', async () => {
    const store = createStore();
    store.set(sectionPhotoIdsAtom, { structure: ['p1', 'p2'] });
    vi.mocked(submitAnswers)
      .mockResolvedValueOnce({ ok: false, kept: true, error: new ApiError(503, 'Server sedang sibuk') })
      .mockResolvedValueOnce({ ok: true, data: { id: 'o1', section: 'structure', status: 'submitted', submitted_at: 'x', order_status: 'in_progress', exam_complete: false } });
    const { result } = setup(store);
    await waitFor(() => expect(result.current.phase.kind).toBe('ready'));
    await act(() => result.current.submit());
    expect(result.current.phase).toEqual({ kind: 'submit-failed', message: 'Server sedang sibuk' });
    await act(() => result.current.resend());
    expect(result.current.phase.kind).toBe('submitted');
    expect(submitAnswers).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'o1', section: 'structure', images: ['p1', 'p2'], disqualified: false }));
  });

  it('the server ending the test leads to the end page; disqualified resets the counters', async () => {
    const store = createStore();
    store.set(openTabCountAtom, 2);
    vi.mocked(fetchSection).mockRejectedValueOnce(new ApiError(400, 'Maaf, Tes ini sudah selesai dan terdiskualifikasi'));
    const { exit } = setup(store);
    await waitFor(() => expect(exit).toHaveBeenCalledWith('/epot/end?type=gugur'));
    expect(store.get(openTabCountAtom)).toBe(0);
    cleanup();
    vi.mocked(fetchSection).mockRejectedValueOnce(new ApiError(400, 'Maaf, Tes ini sudah selesai'));
    const again = setup();
    await waitFor(() => expect(again.exit).toHaveBeenCalledWith('/epot/end'));
  });

  it('a closed section goes on to the next; one opened too early goes back to the earlier one', async () => {
    vi.mocked(fetchSection).mockResolvedValueOnce({ detail: sectionDetail('structure', [], { exam: { is_complete: true, section: 'structure', parts: [] } }), offsetMs: 0 });
    const first = setup();
    await waitFor(() => expect(first.onAlreadyComplete).toHaveBeenCalled());
    cleanup();
    vi.mocked(fetchSection).mockRejectedValueOnce(new ApiError(409, 'Selesaikan section listening terlebih dahulu'));
    const second = setup();
    await waitFor(() => expect(second.exit).toHaveBeenCalledWith('/epot/o1/listening', { reload: true }));
  });
});
