// The <audio>'s events as player facts: the item ended (or ran past its scheduled length), playback
// waits (a stall), plays again, or failed (counted towards the retry limit).
import { useEffect } from 'react';
import type { PlayerActions, PlayerRefs } from './player-state.ts';

/** Spec 4.2 / 9: audio access is retried up to 3 times, then the help message. */
export const AUDIO_RETRY_LIMIT = 3;
/** `timeupdate` may run a little past a measured duration before `ended` fires. */
const END_TOLERANCE_MS = 250;

export function useMediaEvents({ audioRef, live, stall, failureCount }: PlayerRefs, actions: PlayerActions): void {
  const { setPlayerStatus, beginStall, endStall, finishItem } = actions;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let lastTime = 0;
    const onEnded = () => finishItem(live.current.index);
    const onTimeUpdate = () => {
      const t = audio.currentTime;
      if (stall.current && t > lastTime && live.current.status === 'buffering') {
        setPlayerStatus('playing');
        endStall(false);
      }
      lastTime = t;
      const item = live.current.schedule?.items[live.current.index];
      if (item && t * 1000 >= item.durationMs + END_TOLERANCE_MS) finishItem(item.index);
    };
    const onWaiting = () => {
      if (live.current.status !== 'playing') return;
      beginStall();
      setPlayerStatus('buffering');
    };
    const onPlaying = () => {
      if (live.current.status === 'offline' || live.current.status === 'failed') return;
      setPlayerStatus('playing');
      endStall(false);
    };
    const onError = () => {
      if (!audio.getAttribute('src')) return;
      beginStall();
      failureCount.current += 1;
      setPlayerStatus(failureCount.current >= AUDIO_RETRY_LIMIT ? 'failed' : 'retrying');
    };
    const listeners: [string, () => void][] = [
      ['ended', onEnded], ['timeupdate', onTimeUpdate], ['waiting', onWaiting], ['stalled', onWaiting], ['playing', onPlaying], ['error', onError],
    ];
    for (const [type, listener] of listeners) audio.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
    };
  }, [audioRef, live, stall, failureCount, beginStall, endStall, finishItem, setPlayerStatus]);
}
