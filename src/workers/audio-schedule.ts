// The listening timeline on the page: the audio-schedule worker plans it; every plan lands in
// `audioScheduleAtom` on the one store, which the listening screen plays <audio> against.
import type { AudioScheduleApi, SchedulePosition, Stall, TimelinePart } from '../../workers/audio-schedule/contract.ts';
import { appStore } from '../lib/store.ts';
import { audioScheduleAtom } from './audio-schedule-atoms.ts';
import { createWorkerBridge } from './worker-bridge.ts';
import type { CallOptions, WorkerLike } from './worker-bridge.ts';

type Signal = Pick<CallOptions, 'signal'>;

export function createAudioScheduleClient({ create, store }: { create: () => WorkerLike; store: typeof appStore }) {
  // Small pure calls: a stuck worker must not freeze the listening screen.
  const bridge = createWorkerBridge<AudioScheduleApi>({ name: 'audio-schedule', create, timeoutMs: 5_000 });
  let lastParts: TimelinePart[] | null = null;
  let stalls: Stall[] = [];

  /** Re-sends the plan and its stalls to a worker that was restarted (it lost its state). */
  async function replay(signal?: AbortSignal) {
    let schedule = await bridge.call('plan', [lastParts!], { signal });
    for (const s of stalls) schedule = await bridge.call('stalled', [s], { signal });
    return schedule;
  }

  return {
    async plan(parts: TimelinePart[], { signal }: Signal = {}) {
      lastParts = parts;
      stalls = [];
      const schedule = await bridge.call('plan', [parts], { signal });
      store.set(audioScheduleAtom, schedule);
      return schedule;
    },
    async reportStall(stall: Stall, { signal }: Signal = {}) {
      if (!lastParts) throw new Error('audio-schedule: plan before reporting a stall');
      if (!bridge.running) await replay(signal);
      const schedule = await bridge.call('stalled', [stall], { signal });
      stalls = [...stalls, stall]; // only once accepted: a refused stall is not replayed
      store.set(audioScheduleAtom, schedule);
      return schedule;
    },
    async locate(elapsedMs: number, { signal }: Signal = {}): Promise<SchedulePosition | null> {
      if (!lastParts) throw new Error('audio-schedule: plan before locating');
      if (!bridge.running) await replay(signal);
      return bridge.call('locate', [elapsedMs], { signal });
    },
    stop() {
      bridge.terminate();
      lastParts = null;
      stalls = [];
      store.set(audioScheduleAtom, null);
    },
  };
}

const audioSchedule = createAudioScheduleClient({
  create: () =>
    new Worker(new URL('../../workers/audio-schedule/audio-schedule.worker.ts', import.meta.url), {
      type: 'module',
      name: 'audio-schedule',
    }),
  store: appStore,
});

export const planListening = audioSchedule.plan;
export const reportAudioStall = audioSchedule.reportStall;
export const locateInSchedule = audioSchedule.locate;
export const stopAudioSchedule = audioSchedule.stop;
