// The exam clock on the page: starts the clock worker and turns its events into `examClockAtom` on
// the one store. Components never see the worker; they read the atom.
import type { ExamClockApi, ExamClockEvent, ExamClockStart } from '../../workers/exam-clock/contract.ts';
import { appStore } from '../lib/store.ts';
import { examClockAtom, initialExamClockState } from './exam-clock-atoms.ts';
import type { ExamClockState } from './exam-clock-atoms.ts';
import { createWorkerBridge } from './worker-bridge.ts';
import type { CallOptions, WorkerLike } from './worker-bridge.ts';

export function reduceExamClock(state: ExamClockState, event: ExamClockEvent): ExamClockState {
  switch (event.type) {
    case 'tick':
      return { ...state, remainingSeconds: event.remainingSeconds, running: true, paused: false, error: null };
    case 'paused':
      return { ...state, remainingSeconds: event.remainingSeconds, running: false, paused: true };
    case 'resumed':
      return { ...state, running: true, paused: false };
    case 'expired':
      return { ...state, remainingSeconds: 0, expired: true, running: false, paused: false };
  }
}

type Signal = Pick<CallOptions, 'signal'>;

export function createExamClockClient({ create, store }: { create: () => WorkerLike; store: typeof appStore }) {
  const bridge = createWorkerBridge<ExamClockApi, ExamClockEvent>({
    name: 'exam-clock',
    create,
    events: true,
    onExit(reason) {
      stopWatchingVisibility();
      // 'terminated' is our own stop(); anything else left a frozen countdown: say so.
      if (reason.code !== 'terminated') store.set(examClockAtom, (s) => ({ ...s, running: false, error: reason.code }));
    },
  });
  bridge.subscribe((event) => store.set(examClockAtom, (s) => reduceExamClock(s, event)));

  // Timers in a hidden tab are throttled: on return, show the right value now, not at the next tick.
  const onVisibilityChange = () => {
    if (document.visibilityState !== 'hidden') bridge.call('sync', []).catch(() => {});
  };
  const stopWatchingVisibility = () => document.removeEventListener('visibilitychange', onVisibilityChange);

  /** Calls that only make sense on a running clock; they never start a worker. */
  const ifRunning = async <T>(call: () => Promise<T>): Promise<T | undefined> => (bridge.running ? call() : undefined);

  return {
    /** `deadlineMs` from the server; `offsetMs` = serverNow - Date.now() measured from a response. */
    async start({ signal, ...start }: ExamClockStart & Signal): Promise<void> {
      store.set(examClockAtom, initialExamClockState);
      await bridge.call('start', [start], { signal });
      document.addEventListener('visibilitychange', onVisibilityChange);
    },
    pause: ({ signal }: Signal = {}) => ifRunning(() => bridge.call('pause', [], { signal })),
    resume: ({ signal }: Signal = {}) => ifRunning(() => bridge.call('resume', [], { signal })),
    /** Adopt a new server deadline or offset (e.g. after each answer save); ticks at once. */
    sync: ({ signal, ...update }: Partial<ExamClockStart> & Signal = {}) =>
      ifRunning(() => bridge.call('sync', [update], { signal })),
    /** Ends the clock and its worker; the atom returns to its initial state. */
    stop(): void {
      stopWatchingVisibility();
      bridge.terminate();
      store.set(examClockAtom, initialExamClockState);
    },
  };
}

const examClock = createExamClockClient({
  create: () =>
    new Worker(new URL('../../workers/exam-clock/exam-clock.worker.ts', import.meta.url), {
      type: 'module',
      name: 'exam-clock',
    }),
  store: appStore,
});

export const startExamClock = examClock.start;
export const pauseExamClock = examClock.pause;
export const resumeExamClock = examClock.resume;
export const syncExamClock = examClock.sync;
export const stopExamClock = examClock.stop;
