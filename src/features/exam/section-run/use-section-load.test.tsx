// Loading on its own: what a failed load shows, that a server message is followed instead, and that
// leaving the screen stops the clock and the pending autosave.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { startExamClock, stopExamClock } from '../../../workers/exam-clock.ts';
import { fetchSection } from '../api/exam-api.ts';
import { list, parts, sectionDetail } from '../testing/fixtures.ts';
import type { SectionRunPhase } from './section-run-state.ts';
import { useSectionLoad } from './use-section-load.ts';

vi.mock('../api/exam-api.ts', () => ({
  fetchSection: vi.fn(),
  pendingFor: vi.fn(async () => null),
  outbox: { flush: vi.fn(async () => new Map()) },
}));
vi.mock('../../../workers/exam-clock.ts', () => ({ startExamClock: vi.fn(async () => undefined), stopExamClock: vi.fn() }));

function setup(follow = vi.fn((_m: string) => false)) {
  const callbacks = { current: { exit: vi.fn(), onAlreadyComplete: vi.fn(), initialPosition: (_d: unknown, saved: number | null) => (saved ?? 0) + 1 } };
  const refs = { draftTimer: { current: undefined }, submitting: { current: true } };
  const setPhase = vi.fn((_p: SectionRunPhase) => undefined);
  const onLoaded = vi.fn();
  const hook = renderHook(() => useSectionLoad({
    orderId: 'o1', section: 'reading', attempt: 0, callbacks, refs, followServerMessage: follow, setPhase, onLoaded,
  }));
  return { ...hook, refs, setPhase, onLoaded, follow };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('section load', () => {
  it('resumes where the screen says, then starts the clock; a new load may submit again', async () => {
    const detail = sectionDetail('reading', parts([{ part: 'A', lists: [list(['q1'])] }]), { draft_position: 2, deadline_ms: 9_000 });
    vi.mocked(fetchSection).mockResolvedValueOnce({ detail, offsetMs: 5 });
    const t = setup();
    expect(t.refs.submitting.current).toBe(false);
    await waitFor(() => expect(startExamClock).toHaveBeenCalledWith({ deadlineMs: 9_000, offsetMs: 5 }));
    expect(t.onLoaded).toHaveBeenCalledWith(detail, expect.any(Object), 3);
    expect(t.setPhase.mock.calls.map((c) => c[0].kind)).toEqual(['loading', 'ready']);
  });

  it('a failed load shows why; a server message is followed instead', async () => {
    vi.mocked(fetchSection).mockRejectedValueOnce(new ApiError(0, 'Network Error'));
    const t = setup();
    await waitFor(() => expect(t.setPhase).toHaveBeenLastCalledWith({ kind: 'load-error', message: messages.app.networkError }));
    cleanup();
    vi.mocked(fetchSection).mockRejectedValueOnce(new ApiError(400, messages.exam.testDone));
    const followed = setup(vi.fn(() => true));
    await waitFor(() => expect(followed.follow).toHaveBeenCalledWith(messages.exam.testDone));
    expect(followed.setPhase).toHaveBeenCalledTimes(1);
  });

  it('leaving the screen stops the clock and the pending autosave', () => {
    vi.mocked(fetchSection).mockReturnValueOnce(new Promise(() => undefined));
    const t = setup();
    t.unmount();
    expect(stopExamClock).toHaveBeenCalled();
  });
});
