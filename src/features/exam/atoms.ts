import { atom } from 'jotai';
import type { AudioSchedule } from '../../../workers/audio-schedule/contract.ts';

export interface ExamClockState {
  /** Whole seconds left (rounded up); null before the first tick of a run. */
  remainingSeconds: number | null;
  expired: boolean;
  /** Counting down now (false while paused, stopped or expired). */
  running: boolean;
  paused: boolean;
  /** Why the clock worker stopped unexpectedly (a WorkerCallError code), else null. */
  error: string | null;
}

export const initialExamClockState: ExamClockState = {
  remainingSeconds: null,
  expired: false,
  running: false,
  paused: false,
  error: null,
};

/** Set only by src/workers/exam-clock.ts, from the clock worker's events. */
export const examClockAtom = atom<ExamClockState>(initialExamClockState);

/** The listening timeline; set only by src/workers/audio-schedule.ts from the worker's plans. */
export const audioScheduleAtom = atom<AudioSchedule | null>(null);
