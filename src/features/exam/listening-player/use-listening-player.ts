// Plays the listening timeline on one <audio> element. The audio-schedule worker says what each
// item is and how long it lasts; this hook only plays the current item, moves on when it ends
// (`ended`, or `timeupdate` past the scheduled length), and turns trouble into timeline facts:
// buffering, a blocked autoplay, an error or going offline pause the exam clock, and the time lost
// is reported to the worker as a stall so the rest of the timeline shifts. The parts live next to it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudioSchedule } from '../../../../workers/audio-schedule/contract.ts';
import type { PlayerActions, PlayerRefs, PlayerStatus, Stall } from './player-state.ts';
import { useAudioStall } from './use-audio-stall.ts';
import { useMediaEvents } from './use-media-events.ts';
import { useNetworkPause } from './use-network-pause.ts';
import { usePlayItem } from './use-play-item.ts';


const RETRY_DELAY_MS = 1500;

export interface PlayerOptions {
  schedule: AudioSchedule | null;
  index: number;
  /** Public URL of the current item's audio; null plays 1 s of nothing (spec 9). */
  src: string | null;
  /** Playback is wanted (the section is open and not being submitted). */
  active: boolean;
  /** The item at `from` is over. */
  onItemEnd: (from: number) => void;
  /** Called before an automatic or manual retry: e.g. fetch fresh signed media URLs. */
  refresh: () => Promise<void>;
}

export function useListeningPlayer({ schedule, index, src, active, onItemEnd, refresh }: PlayerOptions) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const failureCount = useRef(0);
  const [attempt, setAttempt] = useState(0);
  const live = useRef({ index, schedule, onItemEnd, status, refresh });
  live.current = { index, schedule, onItemEnd, status, refresh };
  const stall = useRef<Stall | null>(null);
  const ended = useRef(-1);
  const refs: PlayerRefs = { audioRef, live, stall, failureCount };

  const setPlayerStatus = useCallback((next: PlayerStatus) => {
    live.current.status = next;
    setStatus(next);
  }, []);
  const { beginStall, endStall } = useAudioStall(refs);
  const finishItem = useCallback((from: number) => {
    if (ended.current === from || from !== live.current.index) return;
    ended.current = from;
    live.current.onItemEnd(from);
  }, []);
  const actions: PlayerActions = { setPlayerStatus, beginStall, endStall, finishItem };

  usePlayItem({ refs, actions, active, planned: schedule !== null, index, src, attempt });
  useMediaEvents(refs, actions);

  /** Starts the current item again, with fresh media URLs. */
  const retry = useCallback(async ({ resetFailures = false } = {}) => {
    if (resetFailures) failureCount.current = 0;
    setPlayerStatus('loading');
    await live.current.refresh().catch(() => undefined);
    setAttempt((n) => n + 1);
  }, [setPlayerStatus]);

  // Failures below the limit retry by themselves.
  useEffect(() => {
    if (status !== 'retrying') return;
    const timer = setTimeout(() => void retry(), RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, retry]);
  useNetworkPause(refs, actions, active, retry);

  /** The 'Putar audio' button: a click lets the browser start audio. */
  const playAfterGesture = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.play().then(() => {
      setPlayerStatus('playing');
      endStall(false);
    }, () => undefined);
  }, [endStall, setPlayerStatus]);

  return { audioRef, status, retry: () => retry({ resetFailures: true }), playAfterGesture };
}

export type ListeningPlayer = ReturnType<typeof useListeningPlayer>;
