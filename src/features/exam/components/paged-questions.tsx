// The structure and reading screen while the section is open: the left panel (timer, badges, grid,
// counters), the current direction or question with Prev / Next / Submit, and the submission dialogs.
import type { ReactNode, RefObject } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import type { SectionRun } from '../section-run/use-section-run.ts';
import { answerCounts, gridCells, pageOfQuestion } from '../section-model.ts';
import type { Page } from '../section-model.ts';
import {
  AnswerCounters, CameraPreviewSlot, ConfirmSubmitDialog, OfflineNotice, ResendDialog, ViolationBadges,
} from './exam-chrome.tsx';
import { QuestionGrid } from './question-grid.tsx';
import { SectionTimer } from './section-timer.tsx';
import { Passage, QuestionView } from './question-view.tsx';

interface Props {
  section: 'structure' | 'reading';
  name: string;
  run: SectionRun;
  pages: Page[];
  go: (position: number) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  confirming: boolean;
  setConfirming: (open: boolean) => void;
  leaveDialog: ReactNode;
}

export function PagedQuestions({ section, name, run, pages, go, headingRef, confirming, setConfirming, leaveDialog }: Props) {
  const { phase, parts, questions, answers, position } = run;
  const page = pages[position];
  const currentQuestion = page?.kind === 'question' ? page.questionIndex : null;
  const counts = answerCounts(questions, answers);
  const isLast = position === pages.length - 1;
  const q = currentQuestion !== null ? questions[currentQuestion] : undefined;
  const sending = phase.kind === 'submitting';

  return (
    <div className="exam-layout">
      <aside className="exam-panel" aria-label={name}>
        <SectionTimer remainingSeconds={run.remainingSeconds} accommodation={run.detail?.time_accommodation} />
        <ViolationBadges />
        <QuestionGrid cells={gridCells(questions, answers, currentQuestion)} onSelect={(qi) => go(pageOfQuestion(pages, qi))} />
        <AnswerCounters {...counts} />
      </aside>
      <section className="exam-main" aria-labelledby="exam-section-title">
        <p className="exam-kicker" id="exam-section-title">{name}</p>
        <OfflineNotice online={run.online} />
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
            <QuestionView q={q} section={section} answer={answers[q.question.id] ?? null} onAnswer={run.setAnswer}
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
        onCancel={() => setConfirming(false)} onConfirm={() => void run.submit()} />
      <ResendDialog message={phase.kind === 'submit-failed' ? phase.message : null} sending={false} onResend={() => void run.resend()} />
      {leaveDialog}
    </div>
  );
}
