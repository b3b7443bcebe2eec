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
import { useSectionFinish } from '../section-run/use-section-finish.ts';
import { useSectionRun } from '../section-run/use-section-run.ts';
import { buildPages, clampPage } from '../section-model.ts';
import { autoContinueSeconds, LoadErrorView, LoadingView, NextSectionScreen, useCountdown } from './exam-chrome.tsx';
import { PagedQuestions } from './paged-questions.tsx';
import { BreakOfferView, useBreakOffer } from './section-break.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';
import './exam.css';

export function PagedSectionPage({ section }: { section: 'structure' | 'reading' }) {
  const { id = '' } = useParams();
  const name = messages.exam.sectionName[section];
  useDocumentTitle(name);
  const { exit, dialog: leaveDialog } = useLeaveGuard();
  const nextPath = section === 'structure' ? paths.section(id, 'reading') : paths.end;

  const run = useSectionRun({
    orderId: id,
    section,
    exit,
    // Spec 2: entering a completed section goes on to the next one.
    onAlreadyComplete: () => exit(nextPath, { reload: section === 'structure' }),
    initialPosition: (detail, saved) => clampPage(buildPages(detail.exam.parts), saved),
  });
  const { phase, parts, position, followServerMessage, setPosition } = run;
  const pages = useMemo(() => buildPages(parts), [parts]);
  const [confirming, setConfirming] = useState(false);

  // Screen readers land on the new question or direction after each move.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [position]);
  const go = useCallback((p: number) => {
    moved.current = true;
    setPosition(p);
  }, [setPosition]);

  const next = { path: nextPath, reload: section === 'structure' };
  const { finish, finishError } = useSectionFinish({ orderId: id, section, exit, next, followServerMessage });
  const submitted = phase.kind === 'submitted';
  const accommodation = run.detail?.time_accommodation;
  const offer = useBreakOffer(id, 'structure', accommodation, exit);
  const countdown = useCountdown(autoContinueSeconds(accommodation), submitted && section === 'structure' && !offer.busy, () => void finish());
  useEffect(() => {
    if (submitted && section === 'reading') void finish();
  }, [submitted, section, finish]);
  useEffect(() => {
    if (phase.kind !== 'submitting' && phase.kind !== 'ready') setConfirming(false);
  }, [phase.kind]);

  if (phase.kind === 'loading') return <LoadingView title={name} />;
  if (phase.kind === 'load-error') return <LoadErrorView title={name} message={phase.message} onRetry={run.reload}>{leaveDialog}</LoadErrorView>;
  if (submitted) {
    return (
      <>
        {section === 'structure'
          ? (
            <NextSectionScreen next="reading" seconds={countdown} onContinue={() => void finish()} doneTitle={messages.exam.sectionDone(name)}
              accommodation={accommodation}>
              <BreakOfferView offer={offer} />
            </NextSectionScreen>
          )
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
  return (
    <PagedQuestions section={section} name={name} run={run} pages={pages} go={go} headingRef={headingRef}
      confirming={confirming} setConfirming={setConfirming} leaveDialog={leaveDialog} />
  );
}

export function StructurePage() {
  return <PagedSectionPage section="structure" />;
}

export function ReadingPage() {
  return <PagedSectionPage section="reading" />;
}
