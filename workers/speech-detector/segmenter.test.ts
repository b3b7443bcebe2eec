// The segmenter's rules on probability sequences: thresholds, redemption, minimum speech, runs.
import { describe, expect, it } from 'vitest';
import { createSegmenter } from './segmenter.ts';
import type { SegmenterEvent, SegmenterOptions } from './segmenter.ts';

const options: SegmenterOptions = { positiveThreshold: 0.5, negativeThreshold: 0.35, redemptionFrames: 4, minSpeechFrames: 3, minRunFrames: 1 };

function run(pattern: string, o: Partial<SegmenterOptions> = {}): SegmenterEvent[] {
  const s = createSegmenter({ ...options, ...o });
  const events: SegmenterEvent[] = [];
  [...pattern].forEach((c, i) => {
    const e = s.push(c === '#' ? 1 : c === '~' ? 0.4 : 0, i);
    if (e) events.push(e);
  });
  const last = s.flush(pattern.length);
  if (last) events.push(last);
  return events;
}

describe('segmenter', () => {
  it('starts on a speech frame and ends after the redemption frames of silence', () => {
    expect(run('..####....')).toEqual([{ type: 'start', frame: 2 }, { type: 'end', start: 2, end: 9, speechFrames: 4 }]);
  });

  it('bridges pauses shorter than the redemption, and holds between the thresholds', () => {
    expect(run('##..##~~~~##....')).toEqual([{ type: 'start', frame: 0 }, { type: 'end', start: 0, end: 15, speechFrames: 6 }]);
  });

  it('calls a segment with too little speech a misfire', () => {
    expect(run('.##.....')).toEqual([{ type: 'start', frame: 1 }, { type: 'misfire', frame: 6 }]);
  });

  it('with minRunFrames, ignores shorter runs and counts a long run from its first frame', () => {
    expect(run('.###...###...###...', { minRunFrames: 4 })).toEqual([]);
    expect(run('..#####.....', { minRunFrames: 4 })).toEqual([{ type: 'start', frame: 2 }, { type: 'end', start: 2, end: 10, speechFrames: 5 }]);
  });

  it('lets short runs inside a segment run its redemption down', () => {
    expect(run('#####.##.##.##', { minRunFrames: 3 })).toEqual([{ type: 'start', frame: 0 }, { type: 'end', start: 0, end: 8, speechFrames: 5 }]);
  });

  it('flushes an open segment, and forgets it on reset', () => {
    expect(run('..####')).toEqual([{ type: 'start', frame: 2 }, { type: 'end', start: 2, end: 6, speechFrames: 4 }]);
    const s = createSegmenter(options);
    s.push(1, 0);
    s.reset();
    expect(s.flush(1)).toBeNull();
  });
});
