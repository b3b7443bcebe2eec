// Listening (spec 2.2, 4.2): 'Preparing Listening Section' while the section loads and the
// audio-schedule worker plans the timeline; then each part's direction, its questions and its close
// statement play in order and the screen moves on with the audio. Earlier questions cannot be
// revisited. At the end (or when time is up) the answers are submitted and section 2 is announced.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { DeliveredPart } from '../../../../contracts/exam-delivery.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { planListening, stopAudioSchedule } from '../../../workers/audio-schedule.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { fetchSection } from '../api/exam-api.ts';
import { audioScheduleAtom } from '../../../workers/audio-schedule-atoms.ts';
import { itemContent, itemQuestions, toTimeline } from '../listening-model.ts';
import { answerCounts, gridCells } from '../section-model.ts';
import {
  AnswerCounters, AUTO_CONTINUE_SECONDS, CameraPreviewSlot, NextSectionScreen, OfflineNotice, QuestionGrid, ResendDialog, SectionTimer,
  useCountdown, ViolationBadges,
} from './exam-chrome.tsx';
import { QuestionView } from './question-view.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';
import { useListeningPlayer } from './use-listening-player.ts';
import { messageOf, useSectionSession } from '../section-run/use-section-run.ts';
import './exam.css';

export function ListeningPage() {
  const { id = '' } = useParams();
  const name = messages.exam.sectionName.listening;
  useDocumentTitle(name);
  const { exit, dialog: leaveDialog } = useLeaveGuard();
  const structurePath = paths.section(id, 'structure');
  const session = useSectionSession({
    orderId: id,
    section: 'listening',
    exit,
    onAlreadyComplete: () => exit(structurePath, { reload: true }),
  });
  const { phase, detail, questions, answers, position: index, followServerMessage } = session;
  const schedule = useAtomValue(audioScheduleAtom);
  const [planError, setPlanError] = useState<string | null>(null);
  // Signed media URLs expire: a retry fetches the section again for fresh ones.
  const [freshParts, setFreshParts] = useState<DeliveredPart[] | null>(null);
  const parts = freshParts ?? session.parts;

  useEffect(() => {
    if (!detail) return;
    setPlanError(null);
    planListening(toTimeline(detail.exam.parts)).catch((error: unknown) => setPlanError(String(error)));
    return () => stopAudioSchedule();
  }, [detail]);

  const items = schedule?.items ?? [];
  const item = items[index];
  const content = item ? itemContent(parts, item) : null;
  const over = schedule !== null && index >= items.length;
  const ready = phase.kind === 'ready';

  const { setPosition, submit } = session;
  const onItemEnd = useCallback((from: number) => setPosition(from + 1), [setPosition]);
  const refresh = useCallback(async () => {
    const { detail: d } = await fetchSection(id, 'listening');
    if (d.exam.is_complete) exit(structurePath, { reload: true });
    else setFreshParts(d.exam.parts);
  }, [exit, id, structurePath]);

  const player = useListeningPlayer({
    schedule,
    index,
    src: content?.media?.public_url ?? null,
    active: ready && !over,
    onItemEnd,
    refresh,
  });

  // The timeline is over: the answers go in (spec 4.2 step 5).
  useEffect(() => {
    if (over && ready) void submit();
  }, [over, ready, submit]);

  const [finishError, setFinishError] = useState<string | null>(null);
  const finish = useCallback(async () => {
    setFinishError(null);
    try {
      const { detail: d } = await fetchSection(id, 'listening');
      exit(d.exam.is_complete ? structurePath : paths.section(id, 'listening'), { reload: true });
    } catch (error) {
      if (!followServerMessage(messageOf(error))) setFinishError(messageOf(error));
    }
  }, [exit, followServerMessage, id, structurePath]);
  const submitted = phase.kind === 'submitted';
  const countdown = useCountdown(AUTO_CONTINUE_SECONDS, submitted, () => void finish());

  const current = useMemo(() => itemQuestions(questions, parts, item), [questions, parts, item]);
  const counts = answerCounts(questions, answers);
  const trouble = player.status === 'retrying' || player.status === 'failed' || player.status === 'offline';
  const isLastItem = item !== undefined && item.index === items.length - 1;

  let body: ReactNode;
  if (phase.kind === 'load-error') {
    body = (
      <section className="exam-fullscreen" aria-labelledby="exam-load-title">
        <h1 id="exam-load-title">{name}</h1>
        <Alert tone="error">{phase.message}</Alert>
        <Button onPress={session.reload}>{messages.exam.retry}</Button>
      </section>
    );
  } else if (submitted) {
    body = (
      <>
        <NextSectionScreen next="structure" seconds={countdown} onContinue={() => void finish()} doneTitle={messages.exam.sectionDone(name)} />
        {finishError && <Alert tone="error">{finishError}</Alert>}
      </>
    );
  } else if (phase.kind === 'loading' || !schedule) {
    body = (
      <section className="exam-fullscreen" aria-busy="true" aria-labelledby="listening-preparing">
        <h1 id="listening-preparing">{messages.exam.preparingListening}</h1>
        {planError && <Alert tone="error">{planError}</Alert>}
      </section>
    );
  } else {
    body = (
      <div className="exam-layout">
        <aside className="exam-panel" aria-label={name}>
          <SectionTimer remainingSeconds={session.remainingSeconds} />
          <ViolationBadges />
          {/* Listening cannot go back: the grid only shows where the candidate is. */}
          <QuestionGrid cells={gridCells(questions, answers, current.map((q) => q.index))} />
          <AnswerCounters {...counts} />
        </aside>
        <section className="exam-main" aria-labelledby="exam-section-title" data-testid="listening-item"
          data-kind={item?.kind} data-index={item?.index}>
          <p className="exam-kicker" id="exam-section-title">{name}</p>
          <OfflineNotice online={session.online} />
          {trouble ? (
            <AudioTrouble status={player.status} onRetry={() => void player.retry()} onHome={() => exit(paths.epot)} />
          ) : (
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
                  {isLastItem && <Button onPress={() => void submit()}>{messages.exam.continue}</Button>}
                </div>
              )}
              {item?.kind === 'group' && (
                <div className="listening-questions">
                  {current.map((q) => (
                    <QuestionView key={q.question.id} q={q} section="listening" answer={answers[q.question.id] ?? null}
                      onAnswer={session.setAnswer} disabled={!ready} />
                  ))}
                </div>
              )}
            </>
          )}
        </section>
        <CameraPreviewSlot />
        {phase.kind === 'submitting' && <p className="visually-hidden" role="status">{messages.exam.sending}</p>}
        <ResendDialog message={phase.kind === 'submit-failed' ? phase.message : null} sending={false} onResend={() => void session.resend()} />
      </div>
    );
  }

  // One <audio> for the whole section, always first in the tree so its listeners stay attached.
  return (
    <>
      <audio ref={player.audioRef} preload="auto" data-testid="listening-audio" />
      {body}
      {leaveDialog}
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
