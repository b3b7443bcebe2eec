// Stalls turned into timeline facts: while audio cannot play the exam clock is paused, and the time
// lost is reported to the audio-schedule worker so the rest of the timeline shifts.
import { useCallback } from 'react';
import { reportAudioStall } from '../../../workers/audio-schedule.ts';
import { pauseExamClock, resumeExamClock } from '../../../workers/exam-clock.ts';
import type { PlayerRefs } from './player-state.ts';

export function useAudioStall({ audioRef, live, stall }: Pick<PlayerRefs, 'audioRef' | 'live' | 'stall'>) {
  const beginStall = useCallback(() => {
    if (stall.current) return;
    const audio = audioRef.current;
    stall.current = { since: Date.now(), offsetMs: Math.round((audio?.currentTime ?? 0) * 1000), index: live.current.index };
    void pauseExamClock();
  }, [audioRef, live, stall]);

  /** Playback runs again: the clock resumes and the worker shifts the rest of the timeline. */
  const endStall = useCallback((restartedItem: boolean) => {
    const s = stall.current;
    if (!s) return;
    stall.current = null;
    void resumeExamClock();
    const item = live.current.schedule?.items[s.index];
    if (!item) return;
    const offsetMs = Math.min(Math.max(0, s.offsetMs), item.durationMs);
    // A restarted item plays its first `offset` ms again: that time is lost too.
    const stalledMs = Date.now() - s.since + (restartedItem ? offsetMs : 0);
    void reportAudioStall({ index: s.index, offsetMs, stalledMs }).catch(() => undefined);
  }, [live, stall]);

  return { beginStall, endStall };
}
