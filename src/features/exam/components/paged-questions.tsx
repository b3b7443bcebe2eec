// The structure and reading screen while the section is open: the left panel (timer, badges, grid,
// counters), the current direction or question with Prev / Next / Submit, and the submission dialogs.
// It re-renders on a move, not on an answer: the options, grid cells and counters read the run's
// answer book themselves, so the props handed to the memoised grid and question keep their identity.
import { useCallback } from 'react';
import type { ReactNode, RefObject } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import type { SectionRun } from '../section-run/use-section-run.ts';
import { pageOfQuestion } from '../section-model.ts';
import type { Page } from '../section-model.ts';
import {
  AnswerCounters, CameraPreviewSlot, ConfirmSubmitDialog, OfflineNotice, ResendDialog, ViolationBadges,
} from './exam-chrome.tsx';
import { QuestionGrid } from './question-grid.tsx';
import { SectionClock } from './section-timer.tsx';
import { Passage, QuestionView } from './question-view.tsx';

interface Props {
  section: 'structure' | 'reading';
  name: string;
  run: SectionRun;
  pages: Page[];
  /** Should be stable: the grid is memoised. */
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
  const isLast = position === pages.length - 1;
  const q = currentQuestion !== null ? questions[currentQuestion] : undefined;
  const sending = phase.kind === 'submitting';
  const openQuestion = useCallback((qi: number) => go(pageOfQuestion(pages, qi)), [go, pages]);

  return (
    <div className="exam-layout">
      <aside className="exam-panel" aria-label={name}>
        <SectionClock accommodation={run.detail?.time_accommodation} />
        <ViolationBadges />
        <QuestionGrid questions={questions} current={currentQuestion} answered={answers.answered} onSelect={openQuestion} />
        <AnswerCounters answers={answers} />
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
            <QuestionView q={q} section={section} answer={answers.answer(q.question.id)} onAnswer={run.setAnswer}
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
      <ConfirmSubmitDialog isOpen={confirming || sending} answers={answers} sending={sending}
        onCancel={() => setConfirming(false)} onConfirm={() => void run.submit()} />
      <ResendDialog message={phase.kind === 'submit-failed' ? phase.message : null} sending={false} onResend={() => void run.resend()} />
      {leaveDialog}
    </div>
  );
}
