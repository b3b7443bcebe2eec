// What the listening player's parts share: its status, and refs that mirror the latest values for
// the media events and timers.
import type { MutableRefObject, RefObject } from 'react';
import type { AudioSchedule } from '../../../../workers/audio-schedule/contract.ts';

export type PlayerStatus =
  | 'loading' // fetching / decoding the current item
  | 'playing'
  | 'buffering' // waiting / stalled: the clock is paused
  | 'needs-gesture' // the browser refused to start audio without a click
  | 'retrying' // an error, retried automatically (failures < 3)
  | 'failed' // 3 failures: the help message with retry and home
  | 'offline';

export interface LivePlayer {
  index: number;
  schedule: AudioSchedule | null;
  onItemEnd: (from: number) => void;
  status: PlayerStatus;
  refresh: () => Promise<void>;
}

/** A stall in progress: since when, and where in which item playback stopped. */
export interface Stall {
  since: number;
  offsetMs: number;
  index: number;
}

export interface PlayerRefs {
  audioRef: RefObject<HTMLAudioElement | null>;
  live: MutableRefObject<LivePlayer>;
  stall: MutableRefObject<Stall | null>;
  /** Failures in a row (spec: 3 tries, then the help message). */
  failureCount: MutableRefObject<number>;
}

export interface PlayerActions {
  setPlayerStatus: (next: PlayerStatus) => void;
  beginStall: () => void;
  /** Playback runs again; `restartedItem`: the item started over, so its played part is lost too. */
  endStall: (restartedItem: boolean) => void;
  finishItem: (from: number) => void;
}
