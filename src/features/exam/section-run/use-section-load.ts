// Loading a section (which starts it on the server): resume from the server's draft or a newer one
// still waiting in the outbox, and start the exam clock at the server's deadline. `attempt` reloads.
import { useEffect } from 'react';
import type { AnswerDraftRequest, SectionDetail } from '../../../../contracts/exam-delivery.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { startExamClock, stopExamClock } from '../../../workers/exam-clock.ts';
import { fetchSection, outbox, pendingFor } from '../api/exam-api.ts';
import { answersFromDetail, answersFromParts } from '../section-model.ts';
import type { Answers } from '../section-model.ts';
import { messageOf } from './server-messages.ts';
import type { FollowServerMessage, RunCallbacks, RunRefs, SectionRunOptions, SectionRunPhase } from './section-run-state.ts';

export interface SectionLoad extends Pick<SectionRunOptions, 'orderId' | 'section'> {
  attempt: number;
  callbacks: RunCallbacks;
  refs: Pick<RunRefs, 'draftTimer' | 'submitting'>;
  followServerMessage: FollowServerMessage;
  setPhase: (phase: SectionRunPhase) => void;
  /** The section as loaded, with the answers and position to resume from. */
  onLoaded: (detail: SectionDetail, answers: Answers, position: number) => void;
}

export function useSectionLoad({ orderId, section, attempt, callbacks, refs, followServerMessage, setPhase, onLoaded }: SectionLoad): void {
  useEffect(() => {
    let cancelled = false;
    refs.submitting.current = false;
    setPhase({ kind: 'loading' });
    (async () => {
      // Anything left from before a reload goes first, so the server's state includes it.
      await outbox.flush().catch(() => undefined);
      const { detail, offsetMs } = await fetchSection(orderId, section);
      if (cancelled) return;
      if (detail.exam.is_complete) {
        callbacks.current.onAlreadyComplete();
        return;
      }
      let restored = answersFromDetail(detail.exam.parts);
      let saved = detail.draft_position;
      // A draft still waiting in the outbox is newer than the server's copy.
      const body = (await pendingFor(orderId, section))?.body as Partial<AnswerDraftRequest> | undefined;
      if (body?.answer) {
        restored = { ...restored, ...answersFromParts(body.answer) };
        if (typeof body.position === 'number') saved = body.position;
      }
      if (cancelled) return;
      onLoaded(detail, restored, callbacks.current.initialPosition?.(detail, saved) ?? saved ?? 0);
      setPhase({ kind: 'ready' });
      await startExamClock({ deadlineMs: detail.deadline_ms, offsetMs });
    })().catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof ApiError && followServerMessage(error.message)) return;
      setPhase({ kind: 'load-error', message: messageOf(error) });
    });
    return () => {
      cancelled = true;
      clearTimeout(refs.draftTimer.current);
      stopExamClock();
    };
    // Refs, setters and `onLoaded` are stable; a new `attempt` is a reload.
  }, [orderId, section, attempt, followServerMessage]);
}
