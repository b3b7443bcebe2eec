// Where the server's messages lead, on their own: the pure mapping and the hook that follows them.
import { cleanup, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { faceCountAtom, openTabCountAtom } from '../../../lib/session.ts';
import { stopExamClock } from '../../../workers/exam-clock.ts';
import { messageOf, stoppedOrderAtom, terminalRoute, useServerMessages } from './server-messages.ts';

vi.mock('../../../workers/exam-clock.ts', () => ({ stopExamClock: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function follow(store = createStore()) {
  const callbacks = { current: { exit: vi.fn(), onAlreadyComplete: vi.fn() } };
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useServerMessages('o1', 'structure', callbacks), { wrapper });
  return { follow: result.current, ...callbacks.current, store };
}

describe('server messages', () => {
  it('end the test: disqualified to the gugur end page, done to the end page, others nowhere', () => {
    expect(terminalRoute(messages.exam.testDisqualified)).toBe('/epot/end?type=gugur');
    expect(terminalRoute(messages.exam.testDone)).toBe('/epot/end');
    expect(terminalRoute(messages.exam.readingDone)).toBe('/epot/end');
    expect(terminalRoute('Server sedang sibuk')).toBeNull();
  });

  it('read from errors: the server text, the network text, or the generic one', () => {
    expect(messageOf(new ApiError(400, 'Tidak boleh'))).toBe('Tidak boleh');
    expect(messageOf(new ApiError(0, 'Network Error'))).toBe(messages.app.networkError);
    expect(messageOf(new Error('x'))).toBe(messages.app.genericError);
  });

  it('a closed or timed-out section goes on; one opened too early goes back to the earlier one', () => {
    const t = follow();
    expect(t.follow(messages.exam.sectionClosed('structure'))).toBe(true);
    expect(t.follow(messages.exam.timeUp)).toBe(true);
    expect(t.onAlreadyComplete).toHaveBeenCalledTimes(2);
    expect(stopExamClock).toHaveBeenCalledTimes(2);
    expect(t.follow(messages.exam.finishFirst('listening'))).toBe(true);
    expect(t.exit).toHaveBeenCalledWith('/epot/o1/listening', { reload: true });
  });

  it('disqualified resets the counters before leaving; an ordinary error is not followed', () => {
    const store = createStore();
    store.set(openTabCountAtom, 2);
    store.set(faceCountAtom, 1);
    const t = follow(store);
    expect(t.follow('Server sedang sibuk')).toBe(false);
    expect(t.exit).not.toHaveBeenCalled();
    expect(t.follow(messages.exam.testDisqualified)).toBe(true);
    expect([store.get(openTabCountAtom), store.get(faceCountAtom)]).toEqual([0, 0]);
    expect(t.exit).toHaveBeenCalledWith('/epot/end?type=gugur');
    expect(store.get(stoppedOrderAtom)).toBe('o1'); // the end page asks the server why
  });
});
