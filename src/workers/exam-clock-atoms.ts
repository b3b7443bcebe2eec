// The exam clock's state on the one store. Set only by the exam-clock bridge (./exam-clock.ts) from the
// clock worker's events; components read it.
import { atom } from 'jotai';

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

export const examClockAtom = atom<ExamClockState>(initialExamClockState);

// Derived atoms notify only when their value changes: a screen that needs to know the time is up
// does not re-render every second, and the timer reads the seconds on its own.
export const examClockExpiredAtom = atom((get) => get(examClockAtom).expired);
export const examClockSecondsAtom = atom((get) => get(examClockAtom).remainingSeconds);
