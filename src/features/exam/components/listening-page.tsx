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
import { Alert } from '../../../ui/alert.tsx';
import { audioScheduleAtom } from '../../../workers/audio-schedule-atoms.ts';
import { fetchSection } from '../api/exam-api.ts';
import { useListeningPlan } from '../listening-player/use-listening-plan.ts';
import { useListeningPlayer } from '../listening-player/use-listening-player.ts';
import { itemContent, itemQuestions } from '../listening-model.ts';
import { useSectionFinish } from '../section-run/use-section-finish.ts';
import { useSectionRun } from '../section-run/use-section-run.ts';
import { autoContinueSeconds, LoadErrorView, NextSectionScreen, useCountdown } from './exam-chrome.tsx';
import { ListeningScreen } from './listening-screen.tsx';
import { BreakOfferView, useBreakOffer } from './section-break.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';
import './exam.css';

export function ListeningPage() {
  const { id = '' } = useParams();
  const name = messages.exam.sectionName.listening;
  useDocumentTitle(name);
  const { exit, dialog: leaveDialog } = useLeaveGuard();
  const structurePath = paths.section(id, 'structure');
  const run = useSectionRun({ orderId: id, section: 'listening', exit, onAlreadyComplete: () => exit(structurePath, { reload: true }) });
  const { phase, detail, questions, position: index, followServerMessage } = run;
  const schedule = useAtomValue(audioScheduleAtom);
  const planError = useListeningPlan(detail);
  // Signed media URLs expire: a retry fetches the section again for fresh ones.
  const [freshParts, setFreshParts] = useState<DeliveredPart[] | null>(null);
  const parts = freshParts ?? run.parts;

  const items = schedule?.items ?? [];
  const item = items[index];
  const content = item ? itemContent(parts, item) : null;
  const over = schedule !== null && index >= items.length;
  const ready = phase.kind === 'ready';

  const { setPosition, submit } = run;
  const onItemEnd = useCallback((from: number) => setPosition(from + 1), [setPosition]);
  const refresh = useCallback(async () => {
    const { detail: d } = await fetchSection(id, 'listening');
    if (d.exam.is_complete) exit(structurePath, { reload: true });
    else setFreshParts(d.exam.parts);
  }, [exit, id, structurePath]);
  const player = useListeningPlayer({ schedule, index, src: content?.media?.public_url ?? null, active: ready && !over, onItemEnd, refresh });

  // The timeline is over: the answers go in (spec 4.2 step 5).
  useEffect(() => {
    if (over && ready) void submit();
  }, [over, ready, submit]);

  const next = { path: structurePath, reload: true };
  const { finish, finishError } = useSectionFinish({ orderId: id, section: 'listening', exit, next, followServerMessage });
  const submitted = phase.kind === 'submitted';
  const offer = useBreakOffer(id, 'listening', detail?.time_accommodation, exit);
  const countdown = useCountdown(autoContinueSeconds(detail?.time_accommodation), submitted && !offer.busy, () => void finish());
  const current = useMemo(() => itemQuestions(questions, parts, item), [questions, parts, item]);

  let body: ReactNode;
  if (phase.kind === 'load-error') {
    body = <LoadErrorView title={name} message={phase.message} onRetry={run.reload} />;
  } else if (submitted) {
    body = (
      <>
        <NextSectionScreen next="structure" seconds={countdown} onContinue={() => void finish()} doneTitle={messages.exam.sectionDone(name)}
          accommodation={detail?.time_accommodation}>
          <BreakOfferView offer={offer} />
        </NextSectionScreen>
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
    body = <ListeningScreen name={name} run={run} player={player} item={item} content={content} current={current}
      isLastItem={item !== undefined && item.index === items.length - 1} onHome={() => exit(paths.epot)} />;
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
