// Where the server's messages send the candidate (spec 8): this section closed or its time swept,
// an earlier section still open, or the test finished or disqualified.
import { atom, useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useCallback } from 'react';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import { matchServerMessage } from '../../../../contracts/facts/index.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { stopExamClock } from '../../../workers/exam-clock.ts';
import type { FollowServerMessage, RunCallbacks } from './section-run-state.ts';

/** Where a server message sends the candidate (spec 8), or null when it is an ordinary error. */
export function terminalRoute(message: string): string | null {
  const matched = matchServerMessage(message);
  if (matched?.code === 'testDisqualified') return `${paths.end}?type=gugur`;
  if (matched?.code === 'testFinished' || (matched?.code === 'sectionClosed' && matched.section === 'reading')) return paths.end;
  return null;
}

export const messageOf = (error: unknown): string =>
  error instanceof ApiError ? (error.isNetworkError ? messages.app.networkError : error.message) : messages.app.genericError;

/** The attempt the test just ended for (in memory): the end page asks the server why (issue 27). */
export const stoppedOrderAtom = atom<string | null>(null);

/** Spec 8: finished -> /epot/end; disqualified -> counters reset, /epot/end?type=gugur. */
export function useServerMessages(orderId: string, section: ExamSectionName, callbacks: RunCallbacks): FollowServerMessage {
  const setOpenTab = useSetAtom(openTabCountAtom);
  const setFace = useSetAtom(faceCountAtom);
  const setSpeech = useSetAtom(speechCountAtom);
  const setStopped = useSetAtom(stoppedOrderAtom);

  return useCallback((message: string): boolean => {
    const matched = matchServerMessage(message);
    // This section is over (closed, or swept from its draft after the deadline): go on.
    if ((matched?.code === 'sectionClosed' && matched.section === section) || matched?.code === 'timeUp') {
      stopExamClock();
      callbacks.current.onAlreadyComplete();
      return true;
    }
    // Opened out of order: the section to finish first.
    if (matched?.code === 'finishFirst' && matched.section) {
      callbacks.current.exit(paths.section(orderId, matched.section), { reload: true });
      return true;
    }
    const to = terminalRoute(message);
    if (!to) return false;
    if (matched?.code === 'testDisqualified') {
      setOpenTab(RESET);
      setFace(RESET);
      setSpeech(RESET);
      setStopped(orderId);
    }
    stopExamClock();
    callbacks.current.exit(to);
    return true;
  }, [callbacks, orderId, section, setFace, setOpenTab, setSpeech, setStopped]);
}
