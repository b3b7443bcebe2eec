// One section run on the page, shared by the three screens: load and resume (use-section-load.ts),
// the exam clock counting to the server deadline, autosave of every change (use-autosave.ts),
// submission with resend (use-submission.ts), and the spec's finished/disqualified messages
// (server-messages.ts). This hook holds the state they share and composes them.
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SectionDetail } from '../../../../contracts/exam-delivery.ts';
import { examClockAtom } from '../../../workers/exam-clock-atoms.ts';
import { flattenQuestions } from '../section-model.ts';
import type { Answers } from '../section-model.ts';
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
  const [answers, setAnswers] = useState<Answers>({});
  const [position, setPositionState] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const clock = useAtomValue(examClockAtom);

  // Refs mirror the latest values for callbacks fired by timers and events.
  const latest = useRef({ detail, answers, position, phase });
  latest.current = { detail, answers, position, phase };
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitting = useRef(false);
  const refs: RunRefs = { latest, draftTimer, submitting };
  const callbacks = useRef({ exit, onAlreadyComplete, initialPosition });
  callbacks.current = { exit, onAlreadyComplete, initialPosition };

  const followServerMessage = useServerMessages(orderId, section, callbacks);
  const onLoaded = useCallback((d: SectionDetail, restored: Answers, at: number) => {
    setDetail(d);
    setAnswers(restored);
    setPositionState(at);
  }, []);
  useSectionLoad({ orderId, section, attempt, callbacks, refs, followServerMessage, setPhase, onLoaded });
  const { setAnswer, setPosition } = useAutosave({ orderId, section, refs, setAnswers, setPositionState });
  const submit = useSubmission({ orderId, section, refs, setPhase, followServerMessage, expired: clock.expired });
  const online = useOnline();
  const questions = useMemo(() => flattenQuestions(detail?.exam.parts ?? []), [detail]);

  return {
    phase,
    detail,
    parts: detail?.exam.parts ?? [],
    questions,
    answers,
    position,
    online,
    remainingSeconds: clock.remainingSeconds,
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
