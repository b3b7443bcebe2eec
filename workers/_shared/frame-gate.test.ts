import { describe, expect, it } from 'vitest';
import { createFrameGate } from './frame-gate.ts';

/** A job whose completion the test controls. */
function controllable() {
  const started: number[] = [];
  const finish = new Map<number, () => void>();
  const run = (frame: number) =>
    new Promise<number>((resolve) => {
      started.push(frame);
      finish.set(frame, () => resolve(frame * 10));
    });
  return { run, started, finish: (frame: number) => finish.get(frame)!() };
}

describe('frame gate', () => {
  it("'drop' runs the first frame and drops the ones that arrive while it is busy", async () => {
    const job = controllable();
    const released: number[] = [];
    const gate = createFrameGate(job.run, { onDrop: (f) => released.push(f) });
    const first = gate.submit(1);
    expect(gate.busy).toBe(true);
    expect(await gate.submit(2)).toEqual({ status: 'dropped' });
    expect(await gate.submit(3)).toEqual({ status: 'dropped' });
    job.finish(1);
    expect(await first).toEqual({ status: 'done', value: 10 });
    expect(gate.busy).toBe(false);
    expect(job.started).toEqual([1]);
    expect(released).toEqual([2, 3]);
    expect(gate.dropped).toBe(2);
    const next = gate.submit(4);
    job.finish(4);
    expect(await next).toEqual({ status: 'done', value: 40 });
  });

  it("'latest' keeps only the newest waiting frame and runs it next", async () => {
    const job = controllable();
    const released: number[] = [];
    const gate = createFrameGate(job.run, { mode: 'latest', onDrop: (f) => released.push(f) });
    const results = [1, 2, 3, 4].map((f) => gate.submit(f));
    expect(await results[1]).toEqual({ status: 'dropped' });
    expect(await results[2]).toEqual({ status: 'dropped' });
    job.finish(1);
    await results[0];
    await Promise.resolve();
    expect(job.started).toEqual([1, 4]);
    job.finish(4);
    expect(await results[3]).toEqual({ status: 'done', value: 40 });
    expect(released).toEqual([2, 3]);
  });

  it('a failing frame rejects its own promise and frees the gate', async () => {
    const gate = createFrameGate((f: number) => {
      if (f === 1) throw new Error('bad frame');
      return f;
    });
    await expect(gate.submit(1)).rejects.toThrow('bad frame');
    expect(gate.busy).toBe(false);
    expect(await gate.submit(2)).toEqual({ status: 'done', value: 2 });
  });
});
