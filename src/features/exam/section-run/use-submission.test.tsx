// Submission on its own: the proctoring gate, the answers with the photo ids, a failure kept for
// resend, replays nobody awaited, proctoring ending the test, and time running out.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerSubmitResult } from '../../../../contracts/exam-delivery.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { QueueEntry, SendOutcome } from '../../../lib/offline-queue.ts';
import { sectionPhotoIdsAtom, submitGateAtom, testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { stopExamClock } from '../../../workers/exam-clock.ts';
import { submitAnswers } from '../api/exam-api.ts';
import { list, parts, sectionDetail } from '../testing/fixtures.ts';
import type { RunRefs, SectionRunPhase } from './section-run-state.ts';
import { useSubmission } from './use-submission.ts';

const outboxListener = vi.hoisted(() => ({ current: (_e: QueueEntry, _o: SendOutcome) => undefined as void }));
vi.mock('../api/exam-api.ts', () => ({
  outboxKey: (o: string, s: string) => `${o}:${s}`,
  submitAnswers: vi.fn(),
  outbox: { subscribe: vi.fn((l: typeof outboxListener.current) => { outboxListener.current = l; return () => undefined; }) },
}));
vi.mock('../../../workers/exam-clock.ts', () => ({ stopExamClock: vi.fn() }));

const result: AnswerSubmitResult = { id: 'o1', section: 'structure', status: 'submitted', submitted_at: 'x', order_status: 'in_progress', exam_complete: false };
const entry = (kind: 'submit' | 'draft', key = 'o1:structure') => ({ kind, key, method: 'POST', path: '/a', body: {}, seq: 1, createdAt: 0 }) as QueueEntry;

function setup(store = createStore(), phase: SectionRunPhase = { kind: 'ready' }) {
  const content = parts([{ part: 'A', lists: [list(['q1'])] }]);
  const refs: RunRefs = {
    latest: { current: { detail: sectionDetail('structure', content), answers: {}, position: 0, phase } },
    draftTimer: { current: undefined },
    submitting: { current: false },
  };
  const setPhase = vi.fn((p: SectionRunPhase) => { refs.latest.current.phase = p; });
  const follow = vi.fn((_message: string) => false);
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(({ expired }) => useSubmission({ orderId: 'o1', section: 'structure', refs, setPhase, followServerMessage: follow, expired }),
    { wrapper, initialProps: { expired: false } });
  return { ...hook, submit: () => hook.result.current(), refs, setPhase, follow, store };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('submission', () => {
  it('proctoring may hold it: nothing is sent and a later submission may try again', async () => {
    const store = createStore();
    store.set(submitGateAtom, { gate: vi.fn(async () => false) });
    const t = setup(store);
    await act(() => t.submit());
    expect(submitAnswers).not.toHaveBeenCalled();
    expect(t.refs.submitting.current).toBe(false);
  });

  it('goes with the photo ids; success stops the clock', async () => {
    const store = createStore();
    store.set(sectionPhotoIdsAtom, { structure: ['p1', 'p2'] });
    vi.mocked(submitAnswers).mockResolvedValueOnce({ ok: true, data: result });
    const t = setup(store);
    await act(() => t.submit());
    expect(submitAnswers).toHaveBeenCalledWith(expect.objectContaining({ id: 'o1', section: 'structure', images: ['p1', 'p2'], disqualified: false }));
    expect(t.setPhase.mock.calls.map((c) => c[0].kind)).toEqual(['submitting', 'submitted']);
    expect(stopExamClock).toHaveBeenCalled();
  });

  it('a failure the screen does not follow is kept for resend', async () => {
    vi.mocked(submitAnswers).mockResolvedValueOnce({ ok: false, kept: true, error: new ApiError(503, 'Server sedang sibuk') });
    const t = setup();
    await act(() => t.submit());
    expect(t.follow).toHaveBeenCalledWith('Server sedang sibuk');
    expect(t.setPhase).toHaveBeenLastCalledWith({ kind: 'submit-failed', message: 'Server sedang sibuk' });
    expect(t.refs.submitting.current).toBe(false);
  });

  it('a replayed submission ends the wait; a refused draft is followed; other sections are ignored', () => {
    const t = setup(createStore(), { kind: 'submit-failed', message: 'x' });
    outboxListener.current(entry('submit', 'o1:reading'), { ok: true, data: result });
    expect(t.setPhase).not.toHaveBeenCalled();
    outboxListener.current(entry('submit'), { ok: true, data: result });
    expect(t.setPhase).toHaveBeenCalledWith({ kind: 'submitted', result });
    outboxListener.current(entry('draft'), { ok: false, kept: false, error: new ApiError(400, messages.exam.testDone) });
    expect(t.follow).toHaveBeenCalledWith(messages.exam.testDone);
  });

  it('proctoring ending the test is followed as disqualified; time up submits by itself', async () => {
    vi.mocked(submitAnswers).mockResolvedValue({ ok: true, data: result });
    const t = setup();
    act(() => t.store.set(testStoppedAtom, true));
    expect(t.follow).toHaveBeenCalledWith(messages.exam.testDisqualified);
    t.rerender({ expired: true });
    await waitFor(() => expect(submitAnswers).toHaveBeenCalledTimes(1));
  });
});
