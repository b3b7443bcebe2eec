// The countdown itself, plain TypeScript so it runs under Node tests with a fake clock.
// Every tick recomputes from the deadline instead of counting ticks: timers drift, fire late and
// are throttled in hidden tabs, so a counted countdown would be wrong exactly when it matters.
import { WorkerError } from '../_shared/worker-error.ts';
import type { ExamClockApi, ExamClockErrorCode, ExamClockEvent, ExamClockStart } from './contract.ts';

export interface Scheduler {
  /** Client wall-clock epoch ms (the deadline is an epoch time, so not a monotonic clock). */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Looked up on every call so test fake timers installed later still apply.
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type Run =
  | { state: 'idle' }
  | { state: 'running' | 'paused' | 'expired'; deadlineMs: number; offsetMs: number; extensionMs: number; pausedAt: number };

export function createExamClock(emit: (event: ExamClockEvent) => void, scheduler: Scheduler = realScheduler): ExamClockApi {
  let run: Run = { state: 'idle' };
  let timer: unknown = null;
  let lastTick: number | null = null;

  const clearTimer = () => {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
  };

  const remainingMs = (r: Exclude<Run, { state: 'idle' }>) => {
    const clientNow = r.state === 'paused' ? r.pausedAt : scheduler.now();
    return r.deadlineMs + r.extensionMs - (clientNow + r.offsetMs);
  };

  // Emits the current value (if it changed, or always when `force`) and sleeps until the next
  // second boundary of the remaining time; a timer that fires early only reschedules.
  const tick = (force: boolean) => {
    clearTimer();
    if (run.state !== 'running') return;
    const ms = remainingMs(run);
    if (ms <= 0) {
      run = { ...run, state: 'expired' };
      emit({ type: 'expired' });
      return;
    }
    const seconds = Math.ceil(ms / 1000);
    if (force || seconds !== lastTick) emit({ type: 'tick', remainingSeconds: seconds });
    lastTick = seconds;
    timer = scheduler.setTimeout(() => tick(false), ms - (seconds - 1) * 1000);
  };

  return {
    start({ deadlineMs, offsetMs }) {
      assertFinite({ deadlineMs, offsetMs });
      run = { state: 'running', deadlineMs, offsetMs, extensionMs: 0, pausedAt: 0 };
      tick(true);
    },
    pause() {
      if (run.state !== 'running') return;
      clearTimer();
      run = { ...run, state: 'paused', pausedAt: scheduler.now() };
      emit({ type: 'paused', remainingSeconds: Math.max(0, Math.ceil(remainingMs(run) / 1000)) });
    },
    resume() {
      if (run.state !== 'paused') return;
      run = { ...run, state: 'running', extensionMs: run.extensionMs + (scheduler.now() - run.pausedAt) };
      emit({ type: 'resumed' });
      tick(true);
    },
    sync(update = {}) {
      assertFinite(update);
      if (run.state === 'idle' || run.state === 'expired') return;
      if (update.offsetMs !== undefined) run = { ...run, offsetMs: update.offsetMs };
      if (update.deadlineMs !== undefined) {
        run = { ...run, deadlineMs: update.deadlineMs, extensionMs: 0, pausedAt: scheduler.now() };
      }
      if (run.state === 'paused') {
        emit({ type: 'paused', remainingSeconds: Math.max(0, Math.ceil(remainingMs(run) / 1000)) });
      } else {
        tick(true);
      }
    },
    stop() {
      clearTimer();
      run = { state: 'idle' };
      lastTick = null;
    },
  };
}

function assertFinite(values: Partial<ExamClockStart>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && !Number.isFinite(value)) {
      throw new WorkerError<ExamClockErrorCode>('invalid-argument', `${key} must be a finite number, got ${String(value)}`);
    }
  }
}
