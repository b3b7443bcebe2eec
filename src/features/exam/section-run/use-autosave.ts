// Autosave (spec: every change is saved, not every click sent): each answer or move is written to
// the outbox right after the frame that shows it is painted (issue 16: the write — reading, sealing
// and storing the outbox entry — stays off the click's critical path), and sent after a quiet
// second. Changes within one frame make one write. A write not yet made is made at once when the
// page is hidden or left, before a submission and when the screen goes away, so nothing waits on
// a frame that never comes.
import { useCallback, useEffect, useRef } from 'react';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import type { AnswerDraftRequest } from '../../../../contracts/exam-delivery.ts';
import { afterPaint } from '../../../lib/after-paint.ts';
import { nextDraftSeq, outbox, outboxKey } from '../api/exam-api.ts';
import { toAnswerParts } from '../section-model.ts';
import type { Answers } from '../section-model.ts';
import type { RunRefs, SectionRunOptions } from './section-run-state.ts';

/** Autosave waits this long after the last change. */
export const DRAFT_DEBOUNCE_MS = 1000;

export interface Autosave extends Pick<SectionRunOptions, 'orderId' | 'section'> {
  refs: RunRefs;
  setAnswers: (answers: Answers) => void;
  setPositionState: (position: number) => void;
}

export function useAutosave({ orderId, section, refs, setAnswers, setPositionState }: Autosave) {
  const { latest, draftTimer, submitting } = refs;
  const key = outboxKey(orderId, section);

  const draftBody = useCallback((): AnswerDraftRequest | null => {
    const { detail: d, answers: a, position: p } = latest.current;
    if (!d) return null;
    return { id: orderId, section, answer: toAnswerParts(d.exam.parts, a), position: p, client_seq: nextDraftSeq() };
  }, [latest, orderId, section]);

  // Cancels the write waiting for the paint; null when none is waiting.
  const waiting = useRef<(() => void) | null>(null);

  /** Writes the current answers and position now, if a change is waiting. */
  const flushDraft = useCallback(() => {
    if (!waiting.current) return;
    waiting.current();
    waiting.current = null;
    const body = draftBody();
    if (!body || submitting.current) return;
    void outbox.enqueue({ method: 'PUT', path: apiPaths.order.answerDraft, body, key, kind: 'draft' });
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => void outbox.flush(), DRAFT_DEBOUNCE_MS);
  }, [draftBody, draftTimer, key, submitting]);

  const scheduleDraft = useCallback(() => {
    if (submitting.current || waiting.current) return;
    waiting.current = afterPaint(flushDraft);
  }, [flushDraft, submitting]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushDraft();
    };
    window.addEventListener('pagehide', flushDraft);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flushDraft);
      document.removeEventListener('visibilitychange', onHidden);
      flushDraft();
    };
  }, [flushDraft]);

  // The ref is updated before the draft is built: state only catches up on the next render.
  const setAnswer = useCallback((questionId: string, text: string) => {
    if (latest.current.phase.kind !== 'ready') return;
    const next = { ...latest.current.answers, [questionId]: text };
    latest.current.answers = next;
    setAnswers(next);
    scheduleDraft();
  }, [latest, scheduleDraft, setAnswers]);

  const setPosition = useCallback((p: number) => {
    if (p === latest.current.position) return;
    latest.current.position = p;
    setPositionState(p);
    scheduleDraft();
  }, [latest, scheduleDraft, setPositionState]);

  return { setAnswer, setPosition, flushDraft };
}
