// Plays the listening timeline on one <audio> element. The audio-schedule worker says what each
// item is and how long it lasts; this hook only plays the current item, moves on when it ends
// (`ended`, or `timeupdate` past the scheduled length), and turns trouble into timeline facts:
// buffering, a blocked autoplay, an error or going offline pause the exam clock, and the time lost
// is reported to the worker as a stall so the rest of the timeline shifts.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudioSchedule } from '../../../../workers/audio-schedule/contract.ts';
import { reportAudioStall } from '../../../workers/audio-schedule.ts';
import { pauseExamClock, resumeExamClock } from '../../../workers/exam-clock.ts';

/** Spec 4.2 / 9: audio access is retried up to 3 times, then the help message. */
export const AUDIO_RETRY_LIMIT = 3;
const RETRY_DELAY_MS = 1500;
/** `timeupdate` may run a little past a measured duration before `ended` fires. */
const END_TOLERANCE_MS = 250;

export type PlayerStatus =
  | 'loading' // fetching / decoding the current item
  | 'playing'
  | 'buffering' // waiting / stalled: the clock is paused
  | 'needs-gesture' // the browser refused to start audio without a click
  | 'retrying' // an error, retried automatically (failures < 3)
  | 'failed' // 3 failures: the help message with retry and home
  | 'offline';

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
  // Failures in a row (spec: 3 tries, then the help message).
  const failureCount = useRef(0);
  const [attempt, setAttempt] = useState(0);

  const live = useRef({ index, schedule, onItemEnd, status, refresh });
  live.current = { index, schedule, onItemEnd, status, refresh };
  // A stall in progress: since when, and where in the item playback stopped.
  const stall = useRef<{ since: number; offsetMs: number; index: number } | null>(null);
  const ended = useRef(-1);

  const setPlayerStatus = useCallback((next: PlayerStatus) => {
    live.current.status = next;
    setStatus(next);
  }, []);

  const beginStall = useCallback(() => {
    if (stall.current) return;
    const audio = audioRef.current;
    stall.current = { since: Date.now(), offsetMs: Math.round((audio?.currentTime ?? 0) * 1000), index: live.current.index };
    void pauseExamClock();
  }, []);

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
  }, []);

  const finishItem = useCallback((from: number) => {
    if (ended.current === from || from !== live.current.index) return;
    ended.current = from;
    live.current.onItemEnd(from);
  }, []);

  // ---- play the current item -----------------------------------------------------------------
  // Keyed on the item, not the schedule object: a re-plan after a stall must not restart the audio.
  const planned = schedule !== null;
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
  }, [active, planned, index, src, attempt, beginStall, endStall, finishItem, setPlayerStatus]);

  // ---- media events --------------------------------------------------------------------------
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
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('timeupdate', onTimeUpdate);
    audio.addEventListener('waiting', onWaiting);
    audio.addEventListener('stalled', onWaiting);
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('error', onError);
    return () => {
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('timeupdate', onTimeUpdate);
      audio.removeEventListener('waiting', onWaiting);
      audio.removeEventListener('stalled', onWaiting);
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('error', onError);
    };
  }, [beginStall, endStall, finishItem, setPlayerStatus]);

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

  // Going offline is the same error state; coming back retries the item.
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
  }, [active, beginStall, retry, setPlayerStatus]);

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
