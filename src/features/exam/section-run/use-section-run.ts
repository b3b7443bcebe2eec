// One section attempt on the page, shared by the three screens: load (which starts the section on
// the server), resume from the server's draft or a newer one still waiting in the outbox, the exam
// clock counting to the server deadline, autosave of every change, submission with resend, and the
// spec's finished/disqualified messages.
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiPaths } from '../../../../contracts/api-paths.ts';
import type { AnswerDraftRequest, AnswerSubmitResult, SectionDetail } from '../../../../contracts/exam-delivery.ts';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import { paths } from '../../../lib/paths.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sectionPhotoIdsAtom, submitGateAtom, testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { startExamClock, stopExamClock } from '../../../workers/exam-clock.ts';
import { fetchSection, outbox, outboxKey, pendingFor, submitAnswers } from '../api/exam-api.ts';
import { examClockAtom } from '../../../workers/exam-clock-atoms.ts';
import { answersFromDetail, answersFromParts, flattenQuestions, toAnswerParts } from '../section-model.ts';
import type { Answers } from '../section-model.ts';

// Local copy of the order (the contract's constant would pull zod into this chunk).
const SECTION_ORDER: readonly ExamSectionName[] = ['listening', 'structure', 'reading'];

/** Autosave waits this long after the last change (spec: every change is saved, not every click sent). */
export const DRAFT_DEBOUNCE_MS = 1000;

export type SessionPhase =
  | { kind: 'loading' }
  | { kind: 'load-error'; message: string }
  | { kind: 'ready' }
  | { kind: 'submitting' }
  | { kind: 'submit-failed'; message: string }
  | { kind: 'submitted'; result: AnswerSubmitResult };

/** Where a server message sends the candidate (spec 8), or null when it is an ordinary error. */
export function terminalRoute(message: string): string | null {
  if (message === messages.exam.testDisqualified) return `${paths.end}?type=gugur`;
  if (message === messages.exam.readingDone || message === messages.exam.testDone) return paths.end;
  return null;
}

export const messageOf = (error: unknown): string =>
  error instanceof ApiError ? (error.isNetworkError ? messages.app.networkError : error.message) : messages.app.genericError;

export interface SectionSessionOptions {
  orderId: string;
  section: ExamSectionName;
  /** Leaves the test page (the leave guard lets it through); `reload` loads the target afresh. */
  exit: (to: string, options?: { reload?: boolean }) => void;
  /** The section was already closed when the page opened. */
  onAlreadyComplete: () => void;
  /** Where to resume: a page index (structure, reading) or a timeline item (listening). */
  initialPosition?: (detail: SectionDetail, saved: number | null) => number;
}

export function useSectionSession({ orderId, section, exit, onAlreadyComplete, initialPosition }: SectionSessionOptions) {
  const store = useStore();
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  const [detail, setDetail] = useState<SectionDetail | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [position, setPositionState] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const clock = useAtomValue(examClockAtom);
  const setOpenTab = useSetAtom(openTabCountAtom);
  const setFace = useSetAtom(faceCountAtom);
  const setSpeech = useSetAtom(speechCountAtom);

  // Refs mirror the latest values for callbacks fired by timers and events.
  const latest = useRef({ detail, answers, position, phase });
  latest.current = { detail, answers, position, phase };
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitting = useRef(false);
  const key = outboxKey(orderId, section);
  const callbacks = useRef({ exit, onAlreadyComplete, initialPosition });
  callbacks.current = { exit, onAlreadyComplete, initialPosition };

  /** Spec 8: finished -> /epot/end; disqualified -> counters reset, /epot/end?type=gugur. */
  const followServerMessage = useCallback((message: string): boolean => {
    // This section is over (closed, or swept from its draft after the deadline): go on.
    if (message === messages.exam.sectionClosed(section) || message === messages.exam.timeUp) {
      stopExamClock();
      callbacks.current.onAlreadyComplete();
      return true;
    }
    // Opened out of order: the section to finish first.
    const earlier = SECTION_ORDER.find((s) => message === messages.exam.finishFirst(s));
    if (earlier) {
      callbacks.current.exit(paths.section(orderId, earlier), { reload: true });
      return true;
    }
    const to = terminalRoute(message);
    if (!to) return false;
    if (message === messages.exam.testDisqualified) {
      setOpenTab(RESET);
      setFace(RESET);
      setSpeech(RESET);
    }
    stopExamClock();
    callbacks.current.exit(to);
    return true;
  }, [orderId, section, setFace, setOpenTab, setSpeech]);

  // ---- load ---------------------------------------------------------------------------------
  useEffect(() => {
    let cancelled = false;
    submitting.current = false;
    setPhase({ kind: 'loading' });
    (async () => {
      // Anything left from before a reload goes first, so the server's state includes it.
      await outbox.flush().catch(() => undefined);
      const loaded = await fetchSection(orderId, section);
      if (cancelled) return;
      const { detail: d, offsetMs } = loaded;
      if (d.exam.is_complete) {
        callbacks.current.onAlreadyComplete();
        return;
      }
      let restored = answersFromDetail(d.exam.parts);
      let saved = d.draft_position;
      // A draft still waiting in the outbox is newer than the server's copy.
      const waiting = await pendingFor(orderId, section);
      const body = waiting?.body as Partial<AnswerDraftRequest> | undefined;
      if (body?.answer) {
        restored = { ...restored, ...answersFromParts(body.answer) };
        if (typeof body.position === 'number') saved = body.position;
      }
      if (cancelled) return;
      setDetail(d);
      setAnswers(restored);
      setPositionState(callbacks.current.initialPosition?.(d, saved) ?? saved ?? 0);
      setPhase({ kind: 'ready' });
      await startExamClock({ deadlineMs: d.deadline_ms, offsetMs });
    })().catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof ApiError && followServerMessage(error.message)) return;
      setPhase({ kind: 'load-error', message: messageOf(error) });
    });
    return () => {
      cancelled = true;
      clearTimeout(draftTimer.current);
      stopExamClock();
    };
  }, [orderId, section, attempt, followServerMessage]);

  // ---- autosave -----------------------------------------------------------------------------
  const draftBody = useCallback((): AnswerDraftRequest | null => {
    const { detail: d, answers: a, position: p } = latest.current;
    if (!d) return null;
    return { id: orderId, section, answer: toAnswerParts(d.exam.parts, a), position: p };
  }, [orderId, section]);

  // Written to the outbox at once (a crash loses nothing), sent after a quiet second.
  const scheduleDraft = useCallback(() => {
    const body = draftBody();
    if (!body || submitting.current) return;
    void outbox.enqueue({ method: 'PUT', path: apiPaths.order.answerDraft, body, key, kind: 'draft' });
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => void outbox.flush(), DRAFT_DEBOUNCE_MS);
  }, [draftBody, key]);

  // The ref is updated before the draft is built: state only catches up on the next render.
  const setAnswer = useCallback((questionId: string, text: string) => {
    if (latest.current.phase.kind !== 'ready') return;
    const next = { ...latest.current.answers, [questionId]: text };
    latest.current.answers = next;
    setAnswers(next);
    scheduleDraft();
  }, [scheduleDraft]);

  const setPosition = useCallback((p: number) => {
    if (p === latest.current.position) return;
    latest.current.position = p;
    setPositionState(p);
    scheduleDraft();
  }, [scheduleDraft]);

  // ---- submission ---------------------------------------------------------------------------
  const onSubmitted = useCallback((result: AnswerSubmitResult) => {
    stopExamClock();
    setPhase({ kind: 'submitted', result });
  }, []);

  const submit = useCallback(async () => {
    if (!latest.current.detail || submitting.current) return;
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
  }, [followServerMessage, onSubmitted, orderId, section, store]);

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
  }), [followServerMessage, key, onSubmitted]);

  // Proctoring ended the test (spec 4.6, disqualified answers posted): leave as for the server's message.
  useEffect(() => store.sub(testStoppedAtom, () => {
    if (store.get(testStoppedAtom)) followServerMessage(messages.exam.testDisqualified);
  }), [followServerMessage, store]);

  // Time is up: the answers go in by themselves (spec 4.3, 4.4).
  useEffect(() => {
    if (clock.expired && latest.current.phase.kind === 'ready') void submit();
  }, [clock.expired, submit]);

  // ---- network ------------------------------------------------------------------------------
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void outbox.flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);

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
