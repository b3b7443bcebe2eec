// Structure and written expression (spec 2.3, 4.3) and reading comprehension (2.4, 4.4): a
// direction page per part, then one question at a time with Prev / Next / Submit, the grid and the
// counters; the end-of-section screen (structure) or the end page (reading) after submission.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { fetchSection } from '../api/exam-api.ts';
import { answerCounts, buildPages, clampPage, gridCells, pageOfQuestion } from '../section-model.ts';
import {
  AnswerCounters, AUTO_CONTINUE_SECONDS, CameraPreviewSlot, ConfirmSubmitDialog, NextSectionScreen, OfflineNotice, LoadingView, QuestionGrid, ResendDialog,
  SectionTimer, useCountdown, ViolationBadges,
} from './exam-chrome.tsx';
import { Passage, QuestionView } from './question-view.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { messageOf, useSectionSession } from '../section-run/use-section-run.ts';
import './exam.css';

export function PagedSectionPage({ section }: { section: 'structure' | 'reading' }) {
  const { id = '' } = useParams();
  const name = messages.exam.sectionName[section];
  useDocumentTitle(name);
  const { exit, dialog: leaveDialog } = useLeaveGuard();
  const nextPath = section === 'structure' ? paths.section(id, 'reading') : paths.end;

  const session = useSectionSession({
    orderId: id,
    section,
    exit,
    // Spec 2: entering a completed section goes on to the next one.
    onAlreadyComplete: () => exit(nextPath, { reload: section === 'structure' }),
    initialPosition: (detail, saved) => clampPage(buildPages(detail.exam.parts), saved),
  });
  const { phase, parts, questions, answers, position, followServerMessage } = session;
  const pages = useMemo(() => buildPages(parts), [parts]);
  const page = pages[position];
  const currentQuestion = page?.kind === 'question' ? page.questionIndex : null;
  const [confirming, setConfirming] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);

  // Screen readers land on the new question or direction after each move.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [position]);
  const go = (p: number) => {
    moved.current = true;
    session.setPosition(p);
  };

  /** After a submission: is the section really closed? Then on to the next screen (spec 4.3, 4.4). */
  const finish = useCallback(async () => {
    setFinishError(null);
    try {
      const { detail } = await fetchSection(id, section);
      if (detail.exam.is_complete) exit(nextPath, { reload: section === 'structure' });
      else exit(paths.section(id, section), { reload: true });
    } catch (error) {
      if (!followServerMessage(messageOf(error))) setFinishError(messageOf(error));
    }
  }, [exit, followServerMessage, id, nextPath, section]);

  const submitted = phase.kind === 'submitted';
  const countdown = useCountdown(AUTO_CONTINUE_SECONDS, submitted && section === 'structure', () => void finish());
  useEffect(() => {
    if (submitted && section === 'reading') void finish();
  }, [submitted, section, finish]);
  useEffect(() => {
    if (phase.kind !== 'submitting' && phase.kind !== 'ready') setConfirming(false);
  }, [phase.kind]);

  if (phase.kind === 'loading') return <LoadingView title={name} />;
  if (phase.kind === 'load-error') {
    return (
      <section className="exam-fullscreen" aria-labelledby="exam-load-title">
        <h1 id="exam-load-title">{name}</h1>
        <Alert tone="error">{phase.message}</Alert>
        <Button onPress={session.reload}>{messages.exam.retry}</Button>
        {leaveDialog}
      </section>
    );
  }
  if (submitted) {
    return (
      <>
        {section === 'structure'
          ? <NextSectionScreen next="reading" seconds={countdown} onContinue={() => void finish()} doneTitle={messages.exam.sectionDone(name)} />
          : <section className="exam-fullscreen"><p role="status">{messages.exam.sending}</p></section>}
        {finishError && (
          <div className="exam-fullscreen">
            <Alert tone="error">{finishError}</Alert>
            <Button onPress={() => void finish()}>{messages.exam.retry}</Button>
          </div>
        )}
        {leaveDialog}
      </>
    );
  }

  const counts = answerCounts(questions, answers);
  const isLast = position === pages.length - 1;
  const q = currentQuestion !== null ? questions[currentQuestion] : undefined;
  const sending = phase.kind === 'submitting';

  return (
    <div className="exam-layout">
      <aside className="exam-panel" aria-label={name}>
        <SectionTimer remainingSeconds={session.remainingSeconds} />
        <ViolationBadges />
        <QuestionGrid cells={gridCells(questions, answers, currentQuestion)} onSelect={(qi) => go(pageOfQuestion(pages, qi))} />
        <AnswerCounters {...counts} />
      </aside>
      <section className="exam-main" aria-labelledby="exam-section-title">
        <p className="exam-kicker" id="exam-section-title">{name}</p>
        <OfflineNotice online={session.online} />
        {page?.kind === 'direction' && (
          <div className="direction" data-testid="direction">
            <h1 ref={headingRef} tabIndex={-1}>{messages.exam.direction}: {messages.exam.partName[section][page.part]}</h1>
            <p>{parts[page.partIndex]?.part_direction.text}</p>
            <div className="exam-nav">
              {position > 0 && <Button variant="secondary" onPress={() => go(position - 1)}>{messages.exam.prev}</Button>}
              <Button onPress={() => go(position + 1)}>{messages.exam.startTest}</Button>
            </div>
          </div>
        )}
        {q && (
          <>
            <Passage q={q} />
            <QuestionView q={q} section={section} answer={answers[q.question.id] ?? null} onAnswer={session.setAnswer}
              disabled={phase.kind !== 'ready'} headingRef={headingRef} />
            <div className="exam-nav">
              <Button variant="secondary" onPress={() => go(position - 1)}>{messages.exam.prev}</Button>
              {isLast
                ? <Button onPress={() => setConfirming(true)}>{messages.exam.submit}</Button>
                : <Button onPress={() => go(position + 1)}>{messages.exam.next}</Button>}
            </div>
          </>
        )}
      </section>
      <CameraPreviewSlot />
      <ConfirmSubmitDialog isOpen={confirming || sending} unanswered={counts.unanswered} sending={sending}
        onCancel={() => setConfirming(false)} onConfirm={() => void session.submit()} />
      <ResendDialog message={phase.kind === 'submit-failed' ? phase.message : null} sending={false} onResend={() => void session.resend()} />
      {leaveDialog}
    </div>
  );
}

export function StructurePage() {
  return <PagedSectionPage section="structure" />;
}

export function ReadingPage() {
  return <PagedSectionPage section="reading" />;
}
