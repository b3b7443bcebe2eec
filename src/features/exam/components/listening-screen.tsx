// The listening screen while the timeline plays: the left panel (timer, badges, a grid that only
// shows where the candidate is, counters), and the current item — a part's direction, its questions,
// or its close statement — or the audio trouble with retry and home (spec 8).
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { ScheduledItem } from '../../../../workers/audio-schedule/contract.ts';
import { messages } from '../../../i18n/messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { focusElement, focusLost, useFocusRescue } from '../../../lib/use-focus-rescue.ts';
import type { ListeningPlayer } from '../listening-player/use-listening-player.ts';
import type { ItemContent } from '../listening-model.ts';
import type { SectionRun } from '../section-run/use-section-run.ts';
import type { FlatQuestion } from '../section-model.ts';
import { AnswerCounters, CameraPreviewSlot, OfflineNotice, ResendDialog, ViolationBadges } from './exam-chrome.tsx';
import { QuestionGrid } from './question-grid.tsx';
import { SectionClock } from './section-timer.tsx';
import { QuestionView } from './question-view.tsx';

interface Props {
  name: string;
  run: SectionRun;
  player: ListeningPlayer;
  item: ScheduledItem | undefined;
  content: ItemContent | null;
  /** The questions of the current item. */
  current: FlatQuestion[];
  isLastItem: boolean;
  onHome: () => void;
}

/**
 * Listening moves on by itself: when the item changes and focus was in the item (or fell to <body>
 * with the removed question), the new item's heading takes it, so the keyboard and screen reader
 * follow the audio. Focus elsewhere (the panel, a dialog) stays where it is; when a dialog that
 * opened over an item closes after the item has gone, focus would be left on <body>: the current
 * item's heading takes it then too (useFocusRescue).
 */
function useFollowItem(main: RefObject<HTMLElement | null>, itemIndex: number | undefined) {
  const handled = useRef<number | undefined>(undefined);
  const heading = () => main.current?.querySelector<HTMLElement>('h1, h2');
  useFocusRescue(heading);
  // After every render: an item's questions may render a moment after the item itself.
  useEffect(() => {
    if (itemIndex === handled.current) return;
    const h = heading();
    if (!h) return;
    handled.current = itemIndex;
    const active = document.activeElement;
    if (!focusLost() && !main.current?.contains(active)) return;
    focusElement(h);
  });
}

export function ListeningScreen({ name, run, player, item, content, current, isLastItem, onHome }: Props) {
  const { phase, questions, answers } = run;
  const currentIndexes = useMemo(() => current.map((q) => q.index), [current]);
  const main = useRef<HTMLElement>(null);
  useFollowItem(main, item?.index);
  const trouble = player.status === 'retrying' || player.status === 'failed' || player.status === 'offline';
  return (
    <div className="exam-layout">
      <aside className="exam-panel" aria-label={name}>
        <SectionClock accommodation={run.detail?.time_accommodation} />
        <ViolationBadges />
        {/* Listening cannot go back: the grid only shows where the candidate is. */}
        <QuestionGrid questions={questions} current={currentIndexes} answered={answers.answered} />
        <AnswerCounters answers={answers} />
      </aside>
      <section ref={main} className="exam-main" aria-labelledby="exam-section-title" data-testid="listening-item"
        data-kind={item?.kind} data-index={item?.index}>
        <p className="exam-kicker" id="exam-section-title">{name}</p>
        <OfflineNotice online={run.online} />
        {trouble
          ? <AudioTrouble status={player.status} onRetry={() => void player.retry()} onHome={onHome} />
          : <ListeningItem run={run} player={player} item={item} content={content} current={current} isLastItem={isLastItem} />}
      </section>
      <CameraPreviewSlot />
      {phase.kind === 'submitting' && <p className="visually-hidden" role="status">{messages.exam.sending}</p>}
      <ResendDialog message={phase.kind === 'submit-failed' ? phase.message : null} sending={false} onResend={() => void run.resend()} />
    </div>
  );
}

function ListeningItem({ run, player, item, content, current, isLastItem }: Omit<Props, 'name' | 'onHome'>) {
  return (
    <>
      {/* Always rendered, with room for one line: a notice that pushed the options down would move them under the pointer. */}
      <p role="status" className="field-help listening-status">{player.status === 'buffering' ? messages.exam.buffering : ''}</p>
      {player.status === 'needs-gesture' && (
        <div className="alert alert-error" role="alert">
          <p>{messages.exam.playAudioHint}</p>
          <Button onPress={player.playAfterGesture}>{messages.exam.playAudio}</Button>
        </div>
      )}
      {item?.kind === 'direction' && content && (
        <div className="direction">
          <h1>{messages.exam.direction}: {messages.exam.partName.listening[item.part]}</h1>
          <p>{content.text}</p>
        </div>
      )}
      {item?.kind === 'close' && content && (
        <div className="exam-statement">
          <p className="exam-statement-text">{content.text}</p>
          {isLastItem && <Button onPress={() => void run.submit()}>{messages.exam.continue}</Button>}
        </div>
      )}
      {item?.kind === 'group' && (
        <div className="listening-questions">
          {current.map((q) => (
            <QuestionView key={q.question.id} q={q} section="listening" answer={run.answers.answer(q.question.id)}
              onAnswer={run.setAnswer} disabled={run.phase.kind !== 'ready'} />
          ))}
        </div>
      )}
    </>
  );
}

/** Spec 8: the first failure says so; after 3 the help message with retry and home; offline the same. */
function AudioTrouble({ status, onRetry, onHome }: { status: string; onRetry: () => void; onHome: () => void }) {
  if (status === 'retrying') return <Alert tone="error">{messages.exam.audioFailed}</Alert>;
  return (
    <div className="alert alert-error" role="alert" data-testid="audio-failed">
      <p><strong>{status === 'failed' ? messages.exam.audioFailed3x : messages.exam.audioFailed}</strong></p>
      <ul>{messages.exam.audioAdvice.map((a) => <li key={a}>{a}</li>)}</ul>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onHome}>{messages.app.backHome}</Button>
        <Button onPress={onRetry}>{messages.exam.retry}</Button>
      </div>
    </div>
  );
}
