// Liveness evidence for the reviewers (issue 27), never a violation: how long the face detector saw a
// face but no live one (state 'still': a photo, a phone, a poster before an empty seat), and how long
// a face that did not move like a person stood beside the candidate (not counted as a second person).
// Each episode is reported with its length when it ends, or when monitoring stops, like the face
// episodes in detections.ts. The worker decides per frame; this only follows the atom.
import { faceStateAtom } from '../../../workers/face-detector-atoms.ts';
import { FACE_EPISODE_MIN_MS } from './detections.ts';
import type { Monitoring } from './monitoring.ts';
import type { RunContext } from './run-context.ts';

type Kind = 'face-still' | 'face-still-beside';

/** Follows the face state from now on; returns the stop, which reports an episode still open. */
export function watchLiveness({ store, now }: Pick<RunContext, 'store' | 'now'>, monitoring: Pick<Monitoring, 'episode'>): () => void {
  const since: Record<Kind, number | null> = { 'face-still': null, 'face-still-beside': null };

  function follow(kind: Kind, on: boolean, stopping = false): void {
    const start = since[kind];
    if (on && start === null) since[kind] = now();
    if (!on && start !== null) {
      since[kind] = null;
      const ms = now() - start;
      // The worker flags a face only after a whole window without motion, so an episode open when
      // monitoring stops is no flicker, however short its tail here: it is reported.
      if (ms >= FACE_EPISODE_MIN_MS || stopping) monitoring.episode(kind, ms);
    }
  }

  function onFaceState(): void {
    const { state, stillBeside } = store.get(faceStateAtom);
    follow('face-still', state === 'still');
    // Beside someone who counts: the detector is watching and sees a person.
    follow('face-still-beside', stillBeside && (state === 'ok' || state === 'multi-face'));
  }

  onFaceState();
  const unsubscribe = store.sub(faceStateAtom, onFaceState);
  return () => {
    unsubscribe();
    follow('face-still', false, true);
    follow('face-still-beside', false, true);
  };
}
