// Plays the current item on the <audio>. Keyed on the item, not the schedule object: a re-plan after
// a stall must not restart the audio. An item without audio lasts its scheduled second (spec 9).
import { useEffect } from 'react';
import type { PlayerActions, PlayerRefs } from './player-state.ts';

export interface PlayItem {
  refs: PlayerRefs;
  actions: PlayerActions;
  active: boolean;
  planned: boolean;
  index: number;
  src: string | null;
  /** Bumped by a retry: the same item starts again. */
  attempt: number;
}

export function usePlayItem({ refs, actions, active, planned, index, src, attempt }: PlayItem): void {
  const { audioRef, live, stall, failureCount } = refs;
  const { setPlayerStatus, beginStall, endStall, finishItem } = actions;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!active || !planned) {
      audio.pause();
      return;
    }
    const item = live.current.schedule?.items[index];
    if (!item) return;
    const restarted = stall.current !== null;
    if (!src) {
      // No audio: the item lasts one second (spec 9). A short timer; the exam clock is the worker's.
      audio.removeAttribute('src');
      setPlayerStatus('playing');
      endStall(restarted);
      const timer = setTimeout(() => finishItem(index), item.durationMs);
      return () => clearTimeout(timer);
    }
    setPlayerStatus('loading');
    audio.src = src;
    audio.currentTime = 0;
    audio.play().then(
      () => {
        // The limit is on failures in a row: audio that plays again starts the count afresh.
        failureCount.current = 0;
        setPlayerStatus('playing');
        endStall(restarted);
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          beginStall();
          setPlayerStatus('needs-gesture');
        }
        // Other rejections (a failed source, a newer src) come with their own `error` event.
      },
    );
    return () => audio.pause();
  }, [active, planned, index, src, attempt, audioRef, live, stall, failureCount, beginStall, endStall, finishItem, setPlayerStatus]);
}
