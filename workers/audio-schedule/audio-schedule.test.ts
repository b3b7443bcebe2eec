import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSchedule, createAudioSchedule, locate } from './audio-schedule.ts';
import type { TimelinePart } from './contract.ts';

const media = (durationMs: number | null) => ({ durationMs });

// A miniature of the demo exam: A with two lone questions, B with one conversation, C with a talk
// whose audio is missing (1 s) and no close statement.
const parts: TimelinePart[] = [
  { part: 'A', direction: media(20_000), groups: [media(15_000), media(14_500)], close: media(3_000) },
  { part: 'B', direction: media(10_000), groups: [media(60_000)], close: media(2_000) },
  { part: 'C', direction: media(null), groups: [media(90_000)], close: null },
];

describe('listening timeline', () => {
  it('orders direction -> items -> close per part, A then B then C, with starts and durations', () => {
    const s = buildSchedule(parts);
    expect(s.items.map((i) => `${i.part}:${i.kind}${i.group ?? ''}@${i.startMs}+${i.durationMs}`)).toEqual([
      'A:direction@0+20000', 'A:group0@20000+15000', 'A:group1@35000+14500', 'A:close@49500+3000',
      'B:direction@52500+10000', 'B:group0@62500+60000', 'B:close@122500+2000',
      'C:direction@124500+1000', 'C:group0@125500+90000',
    ]);
    expect(s.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.totalMs).toBe(215_500);
    expect(s.mediaMs).toBe(215_500);
    expect(s.stalledMs).toBe(0);
  });

  it('gives an item without media (or with a zero duration) one second', () => {
    const s = buildSchedule([{ part: 'A', direction: media(0), groups: [media(null)], close: null }]);
    expect(s.items.map((i) => i.durationMs)).toEqual([1000, 1000]);
    expect(s.totalMs).toBe(2000);
  });

  it('refuses a negative or non-finite duration naming the item', () => {
    expect(() => buildSchedule([{ part: 'B', direction: media(1), groups: [media(-5)], close: null }]))
      .toThrow(expect.objectContaining({ code: 'invalid-argument', message: expect.stringContaining('part B group 1') }));
    expect(() => buildSchedule([{ part: 'A', direction: media(Number.NaN), groups: [], close: null }])).toThrow(/part A direction/);
  });

  it('a stall shifts the rest: stalled at item X, offset Y, for Z ms', () => {
    const api = createAudioSchedule();
    const before = api.plan(parts);
    const after = api.stalled({ index: 1, offsetMs: 4_000, stalledMs: 2_500 });
    expect(after.items[0]).toEqual(before.items[0]);
    expect(after.items[1]).toMatchObject({ startMs: 20_000, durationMs: 15_000, stalledMs: 2_500, endMs: 37_500 });
    for (const i of after.items.slice(2)) expect(i.startMs).toBe(before.items[i.index]!.startMs + 2_500);
    expect(after.totalMs).toBe(before.totalMs + 2_500);
    expect(after.mediaMs).toBe(before.mediaMs);
    // A second stall on a later item adds up; the earlier shift is kept.
    const again = api.stalled({ index: 5, offsetMs: 0, stalledMs: 1_000 });
    expect(again.items[6]!.startMs).toBe(before.items[6]!.startMs + 3_500);
    expect(again.stalledMs).toBe(3_500);
    // Elapsed time during the stall still belongs to the stalled item.
    expect(api.locate(20_000 + 15_000 + 2_000)).toEqual({ index: 1, offsetMs: 17_000 });
  });

  it('refuses stalls outside the timeline and calls before a plan', () => {
    const api = createAudioSchedule();
    expect(() => api.locate(0)).toThrow(expect.objectContaining({ code: 'no-plan' }));
    expect(() => api.stalled({ index: 0, offsetMs: 0, stalledMs: 1 })).toThrow(expect.objectContaining({ code: 'no-plan' }));
    api.plan(parts);
    expect(() => api.stalled({ index: 99, offsetMs: 0, stalledMs: 1 })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => api.stalled({ index: 0, offsetMs: 20_001, stalledMs: 1 })).toThrow(/outside item 0/);
    expect(() => api.stalled({ index: 0, offsetMs: 0, stalledMs: -1 })).toThrow(/>= 0/);
  });

  it('a new plan forgets earlier stalls', () => {
    const api = createAudioSchedule();
    api.plan(parts);
    api.stalled({ index: 0, offsetMs: 0, stalledMs: 9_000 });
    expect(api.plan(parts).totalMs).toBe(215_500);
  });

  it('locates every instant in exactly the item that covers it, and nothing after the end', () => {
    const s = buildSchedule(parts, [{ index: 3, offsetMs: 1_000, stalledMs: 700 }]);
    expect(locate(s, -50)).toEqual({ index: 0, offsetMs: 0 });
    expect(locate(s, 0)).toEqual({ index: 0, offsetMs: 0 });
    expect(locate(s, 19_999)).toEqual({ index: 0, offsetMs: 19_999 });
    expect(locate(s, 20_000)).toEqual({ index: 1, offsetMs: 0 });
    expect(locate(s, s.totalMs - 1)?.index).toBe(8);
    expect(locate(s, s.totalMs)).toBeNull();
  });

  it('properties: contiguous, totals add up, locate agrees with a linear scan', () => {
    const mediaArb = fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: null }).map(media);
    const partArb = (part: 'A' | 'B' | 'C') => fc.record({
      part: fc.constant(part),
      direction: mediaArb,
      groups: fc.array(mediaArb, { maxLength: 8 }),
      close: fc.option(mediaArb, { nil: null }),
    });
    fc.assert(fc.property(
      fc.tuple(partArb('A'), partArb('B'), partArb('C')),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 30_000 })), { maxLength: 5 }),
      fc.integer({ min: 0, max: 2_000_000 }),
      (ps, rawStalls, t) => {
        const plain = buildSchedule(ps);
        const stalls = rawStalls.map(([i, ms]) => ({ index: i % plain.items.length, offsetMs: 0, stalledMs: ms }));
        const s = buildSchedule(ps, stalls);
        let at = 0;
        for (const item of s.items) {
          expect(item.startMs).toBe(at);
          expect(item.durationMs).toBeGreaterThanOrEqual(1);
          at = item.endMs;
        }
        expect(s.totalMs).toBe(at);
        expect(s.totalMs).toBe(plain.totalMs + stalls.reduce((sum, x) => sum + x.stalledMs, 0));
        const linear = s.items.find((i) => t >= i.startMs && t < i.endMs);
        expect(locate(s, t)?.index ?? null).toBe(linear?.index ?? null);
      },
    ));
  });
});
