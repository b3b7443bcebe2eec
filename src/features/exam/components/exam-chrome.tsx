// The parts every test screen shares (spec 2.2-2.4): the left panel with the timer, violation
// badges, the numbered question grid and the answered/unanswered counters; the screen-reader time
// announcements; the camera preview slot; and the dialogs around submission.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { hasExtraTime, isNoAccommodation, type TimeAccommodation } from '../../../../contracts/facts/index.ts';
import { messages } from '../../../i18n/messages.ts';
import { CAMERA_PREVIEW_SLOT_ID, cameraPreviewSlotAtom } from '../../../lib/proctoring-seams.ts';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import type { AnswerBook } from '../section-run/answer-book.ts';

/** Spec 9: the end-of-section screen continues by itself after 12 seconds. */
export const AUTO_CONTINUE_SECONDS = 12;
/**
 * A candidate granted extra time (issue 18) gets a minute: 12 seconds is too short to hear the
 * screen with a screen reader and choose (WCAG 2.2.1). The next section's clock is not running yet.
 */
export const ACCOMMODATED_AUTO_CONTINUE_SECONDS = 60;

export const autoContinueSeconds = (a: TimeAccommodation | null | undefined) =>
  isNoAccommodation(a) ? AUTO_CONTINUE_SECONDS : ACCOMMODATED_AUTO_CONTINUE_SECONDS;

export function LoadingView({ title }: { title: string }) {
  return (
    <section className="exam-fullscreen" aria-busy="true" aria-labelledby="exam-loading">
      <h1 id="exam-loading">{title}</h1>
      <p role="status">{messages.app.loading}</p>
    </section>
  );
}

/** The section could not load: why, and 'Coba lagi'. */
export function LoadErrorView({ title, message, onRetry, children }: { title: string; message: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <section className="exam-fullscreen" aria-labelledby="exam-load-title">
      <h1 id="exam-load-title">{title}</h1>
      <Alert tone="error">{message}</Alert>
      <Button onPress={onRetry}>{messages.exam.retry}</Button>
      {children}
    </section>
  );
}

/** Counters kept by proctoring (stored with the login session, cleared at logout); always shown, so they never jump. */
export function ViolationBadges() {
  const tab = useAtomValue(openTabCountAtom);
  const face = useAtomValue(faceCountAtom);
  const speech = useAtomValue(speechCountAtom);
  return (
    <section aria-label={messages.exam.violations} className="violation-badges">
      <ul>
        <li><span>{messages.exam.violationNewTab}</span> <span className="badge" data-testid="violations-new-tab">{tab}</span></li>
        <li><span>{messages.exam.violationFace}</span> <span className="badge" data-testid="violations-face">{face}</span></li>
        <li><span>{messages.exam.violationSpeech}</span> <span className="badge" data-testid="violations-speech">{speech}</span></li>
      </ul>
    </section>
  );
}

/** Reads the counts only: an answer re-renders this, not the panel. */
export function AnswerCounters({ answers }: { answers: AnswerBook }) {
  const answered = useAtomValue(answers.answeredCount);
  const unanswered = useAtomValue(answers.unansweredCount);
  return (
    <dl className="answer-counters">
      <div><dt>{messages.exam.answered}</dt><dd data-testid="count-answered">{answered}</dd></div>
      <div><dt>{messages.exam.unanswered}</dt><dd data-testid="count-unanswered">{unanswered}</dd></div>
    </dl>
  );
}

/** Proctoring portals its 240x140 <video> here (see src/lib/proctoring-seams.ts). */
export function CameraPreviewSlot() {
  const setSlot = useSetAtom(cameraPreviewSlotAtom);
  return <div ref={setSlot} id={CAMERA_PREVIEW_SLOT_ID} className="camera-preview-slot" role="region" aria-label={messages.exam.cameraPreview} />;
}

export function OfflineNotice({ online }: { online: boolean }) {
  // Floats above the page: appearing and going away must not move what the candidate is clicking.
  return online ? null : <p className="alert alert-error exam-offline" role="status">{messages.exam.offline}</p>;
}

export function ConfirmSubmitDialog({ isOpen, answers, sending, onConfirm, onCancel }: {
  isOpen: boolean;
  /** Its count of unanswered questions is read only while the dialog is open. */
  answers: AnswerBook;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog title={messages.exam.confirmTitle} isOpen={isOpen} onClose={sending ? undefined : onCancel}>
      {sending ? (
        <p role="status">{messages.exam.sending}</p>
      ) : (
        <>
          <UnansweredNote answers={answers} />
          <p>{messages.exam.confirmBody}</p>
          <div className="dialog-actions">
            <Button variant="secondary" onPress={onCancel}>{messages.exam.confirmNo}</Button>
            <Button onPress={onConfirm}>{messages.exam.confirmYes}</Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

function UnansweredNote({ answers }: { answers: AnswerBook }) {
  const unanswered = useAtomValue(answers.unansweredCount);
  return unanswered > 0 ? <p>{messages.exam.confirmUnanswered(unanswered)}</p> : null;
}

/** Spec 8: 'Peringatan' with the server's message and 'Kirim ulang'. */
export function ResendDialog({ message, sending, onResend }: { message: string | null; sending: boolean; onResend: () => void }) {
  return (
    <ModalDialog title={messages.exam.warning} role="alertdialog" isOpen={message !== null}>
      <p>{message}</p>
      <div className="dialog-actions">
        <Button autoFocus isDisabled={sending} onPress={onResend}>{messages.exam.resend}</Button>
      </div>
    </ModalDialog>
  );
}

/**
 * The end-of-section screen: the next section's name, time (with the candidate's extra time) and
 * size, a countdown and continue; `children` is the granted break's offer (section-break.tsx).
 */
export function NextSectionScreen({ next, seconds, onContinue, doneTitle, accommodation, children }: {
  next: 'structure' | 'reading';
  seconds: number | null;
  onContinue: () => void;
  doneTitle: string;
  accommodation?: TimeAccommodation | null;
  children?: ReactNode;
}) {
  const a = messages.exam.announcement[next];
  // The question the candidate was on is gone: the keyboard and screen reader land on this title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const extra = hasExtraTime(accommodation) && accommodation
    ? ` · ${messages.accommodation.timer(messages.accommodation.describe(accommodation.factor, accommodation.extra_minutes))}` : '';
  return (
    <section className="exam-fullscreen" aria-labelledby="next-section-title">
      <p className="exam-kicker">{doneTitle}</p>
      <h1 id="next-section-title" ref={title} tabIndex={-1}>{messages.exam.nextSection}: {a.label}</h1>
      <p className="exam-next-name">{a.name}</p>
      <p>{messages.exam.minutes(a.minutes)} · {messages.exam.questions(a.questions)}{extra}</p>
      {/* Not a live region: a screen reader would read it every second. The heading has focus; the text is read with the screen. */}
      {seconds !== null && <p data-testid="auto-continue">{messages.exam.autoContinue(seconds)}</p>}
      <Button onPress={onContinue}>{messages.exam.continue}</Button>
      {children}
    </section>
  );
}

/** Counts down from `from` seconds while `active` and calls `onDone` once at zero. */
export function useCountdown(from: number, active: boolean, onDone: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!active) return setLeft(null);
    const end = Date.now() + from * 1000;
    setLeft(from);
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [active, from]);
  return left;
}
