// Submitting the section (spec 4.2-4.4): proctoring may hold it for its photos, the answers go
// through the outbox with the photo ids, a failure can be resent, a replay nobody awaited still
// counts, and time running out or proctoring ending the test act on their own.
import { useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { AnswerSubmitResult } from '../../../../contracts/exam-delivery.ts';
import { messages } from '../../../i18n/messages.ts';
import { sectionPhotoIdsAtom, submitGateAtom, testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { stopExamClock } from '../../../workers/exam-clock.ts';
import { outbox, outboxKey, submitAnswers } from '../api/exam-api.ts';
import { toAnswerParts } from '../section-model.ts';
import { messageOf } from './server-messages.ts';
import type { FollowServerMessage, RunRefs, SectionRunOptions, SectionRunPhase } from './section-run-state.ts';

export interface Submission extends Pick<SectionRunOptions, 'orderId' | 'section'> {
  refs: RunRefs;
  setPhase: (phase: SectionRunPhase) => void;
  followServerMessage: FollowServerMessage;
  /** The exam clock ran out. */
  expired: boolean;
  /** Writes an autosave still waiting for the paint, so the outbox holds the answers if the submission is held or fails. */
  flushDraft?: () => void;
}

export function useSubmission({ orderId, section, refs, setPhase, followServerMessage, expired, flushDraft }: Submission) {
  const store = useStore();
  const { latest, draftTimer, submitting } = refs;
  const key = outboxKey(orderId, section);

  const onSubmitted = useCallback((result: AnswerSubmitResult) => {
    stopExamClock();
    setPhase({ kind: 'submitted', result });
  }, [setPhase]);

  const submit = useCallback(async () => {
    if (!latest.current.detail || submitting.current) return;
    flushDraft?.();
    submitting.current = true;
    // Proctoring may hold the submission until its photos are taken (spec 4.4, 4.7).
    const gate = store.get(submitGateAtom);
    if (gate && !(await gate.gate(section))) {
      submitting.current = false;
      return;
    }
    const { detail: d, answers: a } = latest.current;
    if (!d) return;
    clearTimeout(draftTimer.current);
    setPhase({ kind: 'submitting' });
    const images = store.get(sectionPhotoIdsAtom)[section] ?? [];
    const outcome = await submitAnswers({ id: orderId, section, images, answer: toAnswerParts(d.exam.parts, a), disqualified: false });
    if (outcome.ok) return onSubmitted(outcome.data as AnswerSubmitResult);
    const message = messageOf(outcome.error);
    if (followServerMessage(message)) return;
    submitting.current = false;
    setPhase({ kind: 'submit-failed', message });
  }, [draftTimer, flushDraft, followServerMessage, latest, onSubmitted, orderId, section, setPhase, store, submitting]);

  // Replays nobody awaited (the network came back): a submission that got through ends the wait;
  // a refused draft may say the test is over.
  useEffect(() => outbox.subscribe((entry, outcome) => {
    if (entry.key !== key) return;
    if (entry.kind === 'submit' && outcome.ok && latest.current.phase.kind === 'submit-failed') {
      submitting.current = true;
      onSubmitted(outcome.data as AnswerSubmitResult);
    } else if (!outcome.ok && !outcome.kept) {
      followServerMessage(messageOf(outcome.error));
    }
  }), [followServerMessage, key, latest, onSubmitted, submitting]);

  // Proctoring ended the test (spec 4.6, disqualified answers posted): leave as for the server's message.
  useEffect(() => store.sub(testStoppedAtom, () => {
    if (store.get(testStoppedAtom)) followServerMessage(messages.exam.testDisqualified);
  }), [followServerMessage, store]);

  // Time is up: the answers go in by themselves (spec 4.3, 4.4).
  useEffect(() => {
    if (expired && latest.current.phase.kind === 'ready') void submit();
  }, [expired, latest, submit]);

  return submit;
}
