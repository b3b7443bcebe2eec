// Going offline is an error state like a failed item (the clock pauses); coming back retries it.
import { useEffect } from 'react';
import type { PlayerActions, PlayerRefs } from './player-state.ts';

export function useNetworkPause(
  { audioRef, live }: Pick<PlayerRefs, 'audioRef' | 'live'>,
  { beginStall, setPlayerStatus }: Pick<PlayerActions, 'beginStall' | 'setPlayerStatus'>,
  active: boolean,
  retry: () => Promise<void>,
): void {
  useEffect(() => {
    const down = () => {
      if (!active) return;
      audioRef.current?.pause();
      beginStall();
      setPlayerStatus('offline');
    };
    const up = () => {
      if (live.current.status === 'offline') void retry();
    };
    if (active && !navigator.onLine) down();
    window.addEventListener('offline', down);
    window.addEventListener('online', up);
    return () => {
      window.removeEventListener('offline', down);
      window.removeEventListener('online', up);
    };
  }, [active, audioRef, live, beginStall, retry, setPlayerStatus]);
}
