// Autosave (spec: every change is saved, not every click sent): each answer or move is written to
// the outbox at once, so a crash loses nothing, and sent after a quiet second.
import { useCallback } from 'react';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import type { AnswerDraftRequest } from '../../../../contracts/exam-delivery.ts';
import { outbox, outboxKey } from '../api/exam-api.ts';
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
    return { id: orderId, section, answer: toAnswerParts(d.exam.parts, a), position: p };
  }, [latest, orderId, section]);

  const scheduleDraft = useCallback(() => {
    const body = draftBody();
    if (!body || submitting.current) return;
    void outbox.enqueue({ method: 'PUT', path: apiPaths.order.answerDraft, body, key, kind: 'draft' });
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => void outbox.flush(), DRAFT_DEBOUNCE_MS);
  }, [draftBody, draftTimer, key, submitting]);

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

  return { setAnswer, setPosition };
}
