// The audio-schedule bridge in jsdom: the real timeline behind a fake worker, its plans landing in
// audioScheduleAtom; a restarted worker gets the plan and its stalls again.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createAudioSchedule } from '../../workers/audio-schedule/audio-schedule.ts';
import type { TimelinePart } from '../../workers/audio-schedule/contract.ts';
import { audioScheduleAtom } from './audio-schedule-atoms.ts';
import { createAudioScheduleClient } from './audio-schedule.ts';
import { fakeWorkerFactory } from './testing/fake-worker.ts';

const parts: TimelinePart[] = [
  { part: 'A', direction: { durationMs: 10_000 }, groups: [{ durationMs: 5_000 }, { durationMs: null }], close: { durationMs: 2_000 } },
];

function setup() {
  const workers = fakeWorkerFactory(() => ({ api: createAudioSchedule() }));
  const store = createStore();
  const client = createAudioScheduleClient({ create: workers.create, store });
  return { workers, client, schedule: () => store.get(audioScheduleAtom) };
}

describe('audio-schedule bridge', () => {
  it('puts each plan and re-plan into the atom', async () => {
    const { client, schedule } = setup();
    expect(schedule()).toBeNull();
    await client.plan(parts);
    expect(schedule()?.items.map((i) => [i.kind, i.startMs, i.durationMs])).toEqual([
      ['direction', 0, 10_000], ['group', 10_000, 5_000], ['group', 15_000, 1_000], ['close', 16_000, 2_000],
    ]);
    await client.reportStall({ index: 1, offsetMs: 1_000, stalledMs: 3_000 });
    expect(schedule()?.items[2]!.startMs).toBe(18_000);
    expect(schedule()?.totalMs).toBe(21_000);
    expect(await client.locate(17_500)).toEqual({ index: 1, offsetMs: 7_500 });
    client.stop();
    expect(schedule()).toBeNull();
  });

  it('a crashed worker is replanned with its stalls on the next call', async () => {
    const { client, schedule, workers } = setup();
    await client.plan(parts);
    await client.reportStall({ index: 0, offsetMs: 0, stalledMs: 500 });
    workers.latest()!.crash();
    await client.reportStall({ index: 1, offsetMs: 0, stalledMs: 1_000 });
    expect(workers.started).toHaveLength(2);
    expect(schedule()?.stalledMs).toBe(1_500);
    expect(await client.locate(10_400)).toEqual({ index: 0, offsetMs: 10_400 });
    client.stop();
  });

  it('an invalid stall is refused with its code and leaves the plan as it was', async () => {
    const { client, schedule } = setup();
    await client.plan(parts);
    const before = schedule();
    await expect(client.reportStall({ index: 9, offsetMs: 0, stalledMs: 1 })).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(schedule()).toEqual(before);
    // ...and is not replayed into a restarted worker.
    await client.reportStall({ index: 0, offsetMs: 0, stalledMs: 100 });
    expect(schedule()?.stalledMs).toBe(100);
    client.stop();
  });
});
