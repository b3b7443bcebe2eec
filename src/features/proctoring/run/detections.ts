// What the sensors say, turned into violations: the face detector's verdicts (no face or several
// faces; with the face counter off only the 'tidak stabil' snackbar) and the latest speech transcript
// over the section's word limit. A face problem that outlasts its warning is warned about again. A
// face episode (no face, several faces) of at least FACE_EPISODE_MIN_MS is reported with its length
// when it ends, for the reviewers (monitoring.episode).
import { speechAtom } from '../../../sensors/speech-atoms.ts';
import { faceStateAtom } from '../../../workers/face-detector-atoms.ts';
import type { CounterKind } from '../../../../contracts/proctoring.ts';
import type { ViolationVariant } from '../atoms.ts';
import { FACE_REPEAT_MS, isSpeechViolation } from '../rules.ts';
import type { Monitoring } from './monitoring.ts';
import type { RunContext } from './run-context.ts';

type Raise = (kind: CounterKind, variant: ViolationVariant, text?: string) => boolean;

/** Shorter face episodes are detector flicker (a verdict every 250 ms), not worth a reviewer's time. */
export const FACE_EPISODE_MIN_MS = 2_000;

export function createDetections(ctx: RunContext, monitoring: Monitoring, raise: Raise) {
  const { store } = ctx;
  let lastFaceProblem: string | null = null;
  let recheck: unknown = null;
  let lastSentence: unknown = null;
  let episode: { state: 'no-face' | 'multi-face'; since: number } | null = null;

  /** Ends the running face episode (if any) and reports it when long enough. */
  function endEpisode(): void {
    if (!episode) return;
    const ms = ctx.now() - episode.since;
    if (ms >= FACE_EPISODE_MIN_MS) monitoring.episode(episode.state === 'no-face' ? 'face-missing' : 'face-multiple', ms);
    episode = null;
  }

  function followEpisode(state: string): void {
    if (episode?.state === state) return;
    endEpisode();
    if (ctx.checks.faceCounter && (state === 'no-face' || state === 'multi-face')) episode = { state, since: ctx.now() };
  }

  function onFaceState(): void {
    const { state, reason } = store.get(faceStateAtom);
    followEpisode(state);
    if (state === 'camera-ended') monitoring.problem('camera-ended', 'track ended');
    else if (state === 'unavailable') monitoring.problem('detector-unavailable', reason ?? '');
    else if (state === 'ok' || state === 'no-face' || state === 'multi-face' || state === 'still') monitoring.recovered();
    const bad = state === 'no-face' || state === 'multi-face';
    const unstable = bad && !ctx.checks.faceCounter;
    if (ctx.ui().unstable !== unstable) ctx.patch({ unstable });
    if (!bad) {
      lastFaceProblem = null;
      return;
    }
    if (ctx.checks.faceCounter && state !== lastFaceProblem && raise('face', state)) lastFaceProblem = state;
  }

  /** A face problem that outlasts a warning (or was hidden behind another dialog) is warned about again. */
  function scheduleFaceRecheck(ms: number): void {
    if (!ctx.checks.faceCounter) return;
    if (recheck !== null) ctx.clearTimer(recheck);
    recheck = ctx.setTimer(() => {
      recheck = null;
      const { state } = store.get(faceStateAtom);
      if ((state === 'no-face' || state === 'multi-face') && raise('face', state)) lastFaceProblem = state;
    }, ms);
  }

  function onSpeech(): void {
    const latest = store.get(speechAtom).sentences.at(-1);
    if (!latest || latest === lastSentence) return;
    lastSentence = latest;
    if (isSpeechViolation(ctx.section, latest.words)) raise('speech', 'speech', latest.text);
  }

  return {
    watchFace: () => store.sub(faceStateAtom, onFaceState),
    /** Follows the transcript from its latest sentence on: what was said before is not this section's. */
    watchSpeech(): () => void {
      lastSentence = store.get(speechAtom).sentences.at(-1) ?? null;
      return store.sub(speechAtom, onSpeech);
    },
    afterAcknowledge: (kind: CounterKind) => scheduleFaceRecheck(kind === 'face' ? FACE_REPEAT_MS : 1_000),
    stop(): void {
      if (recheck !== null) ctx.clearTimer(recheck);
      recheck = null;
      endEpisode();
    },
  };
}

export type Detections = ReturnType<typeof createDetections>;
