// One section run on the page, shared by the three screens: load and resume (use-section-load.ts),
// the exam clock counting to the server deadline, autosave of every change (use-autosave.ts),
// submission with resend (use-submission.ts), and the spec's finished/disqualified messages
// (server-messages.ts). This hook holds the state they share and composes them. Answers are not
// React state here: they go to the answer book's atoms (answer-book.ts), so a click re-renders the
// components of that question and the counters, not the screen; the clock's seconds likewise reach
// the timer only (SectionClock).
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SectionDetail } from '../../../../contracts/exam-delivery.ts';
import { examClockExpiredAtom } from '../../../workers/exam-clock-atoms.ts';
import { flattenQuestions } from '../section-model.ts';
import type { Answers } from '../section-model.ts';
import { createAnswerBook } from './answer-book.ts';
import type { AnswerBook } from './answer-book.ts';
import { useServerMessages } from './server-messages.ts';
import type { RunRefs, SectionRunOptions, SectionRunPhase } from './section-run-state.ts';
import { useAutosave } from './use-autosave.ts';
import { useOnline } from './use-online.ts';
import { useSectionLoad } from './use-section-load.ts';
import { useSubmission } from './use-submission.ts';

export type { SectionRunOptions, SectionRunPhase } from './section-run-state.ts';

export function useSectionRun({ orderId, section, exit, onAlreadyComplete, initialPosition }: SectionRunOptions) {
  const [phase, setPhase] = useState<SectionRunPhase>({ kind: 'loading' });
  const [detail, setDetail] = useState<SectionDetail | null>(null);
  const [book] = useState(createAnswerBook);
  const store = useStore();
  const [position, setPositionState] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const expired = useAtomValue(examClockExpiredAtom);

  // Refs mirror the latest values for callbacks fired by timers and events; the answers live only
  // there (and in the book's atoms).
  const latest = useRef({ detail, answers: {} as Answers, position, phase });
  latest.current = { detail, answers: latest.current.answers, position, phase };
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitting = useRef(false);
  const refs: RunRefs = { latest, draftTimer, submitting };
  const callbacks = useRef({ exit, onAlreadyComplete, initialPosition });
  callbacks.current = { exit, onAlreadyComplete, initialPosition };

  const followServerMessage = useServerMessages(orderId, section, callbacks);
  const setAnswers = useCallback((next: Answers) => book.publish(store, next), [book, store]);
  const onLoaded = useCallback((d: SectionDetail, restored: Answers, at: number) => {
    latest.current.answers = restored;
    book.setQuestions(store, flattenQuestions(d.exam.parts).map((q) => q.question.id));
    book.publish(store, restored);
    setDetail(d);
    setPositionState(at);
  }, [book, store]);
  useSectionLoad({ orderId, section, attempt, callbacks, refs, followServerMessage, setPhase, onLoaded });
  const { setAnswer, setPosition, flushDraft } = useAutosave({ orderId, section, refs, setAnswers, setPositionState });
  const submit = useSubmission({ orderId, section, refs, setPhase, followServerMessage, expired, flushDraft });
  const online = useOnline();
  const questions = useMemo(() => flattenQuestions(detail?.exam.parts ?? []), [detail]);

  return {
    phase,
    detail,
    parts: detail?.exam.parts ?? [],
    questions,
    /** Each question's answer and the counts, as atoms (read them where they are shown). */
    answers: book as AnswerBook,
    position,
    online,
    setAnswer,
    setPosition,
    submit,
    /** 'Kirim ulang': the same submission again (it replaces the one still waiting). */
    resend: submit,
    reload: () => setAttempt((n) => n + 1),
    /** For the listening screen, which ends its own way and then re-checks the section. */
    followServerMessage,
  };
}

export type SectionRun = ReturnType<typeof useSectionRun>;
