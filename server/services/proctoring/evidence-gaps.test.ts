import { describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, proctoringRules } from '../../../contracts/facts/index.ts';
import { isIncomplete, PHOTO_MAX_INTERVAL_MS, photosRequired, sectionGaps, type SectionEvidence } from './evidence-gaps.ts';

const MIN = 60_000;
const all = proctoringRules(null);
const none = proctoringRules({ active_camera: false, setting: { identification: { face: false, voice: false, new_tab: false }, failed: { face: false, voice: false, new_tab: false } } });
const tabOnly = proctoringRules({ active_camera: false, setting: { identification: { face: false, voice: false, new_tab: true }, failed: { face: false, voice: false, new_tab: false } } });

/** Beats every 15 s from..to (exclusive). */
const beats = (from: number, to: number) => Array.from({ length: Math.ceil((to - from) / HEARTBEAT_INTERVAL_MS) }, (_, i) => from + (i + 1) * HEARTBEAT_INTERVAL_MS).filter((b) => b < to);
const minutes = (from: number, to: number) => Array.from({ length: Math.ceil((to - from) / MIN) }, (_, i) => from + i * MIN);

function section(over: Partial<SectionEvidence> = {}): SectionEvidence {
  const closed = 20 * MIN;
  return { section: 'structure', opened: 0, closed, closedBy: 'submitted', photos: [4 * MIN, 9 * MIN, 14 * MIN, 19 * MIN], beats: beats(0, closed), autosaveMinutes: minutes(0, closed), ...over };
}

describe('sectionGaps', () => {
  it('finds nothing in a section proctored as the rules say', () => {
    expect(sectionGaps(all, section())).toEqual([]);
  });

  it('a section with no photos and no beats misses both, and is incomplete', () => {
    const gaps = sectionGaps(all, section({ photos: [], beats: [], autosaveMinutes: [] }));
    expect(gaps).toEqual([
      { kind: 'photos_missing', section: 'structure', at: 20 * MIN, required: 2, received: 0 },
      { kind: 'silent_end', section: 'structure', at: 0, duration_ms: 20 * MIN },
    ]);
    expect(isIncomplete(gaps)).toBe(true);
  });

  it('beats that stop mid-section while autosaves continue give a gap with its start and length', () => {
    const stop = 5 * MIN;
    const resume = 12 * MIN;
    const gaps = sectionGaps(all, section({ beats: [...beats(0, stop + 1), ...beats(resume - HEARTBEAT_INTERVAL_MS, 20 * MIN)] }));
    expect(gaps).toEqual([{ kind: 'heartbeat_gap', section: 'structure', at: stop, duration_ms: resume - stop }]);
    expect(isIncomplete(gaps)).toBe(true);
  });

  it('a silence when autosaves stopped too is the connection, not a gap', () => {
    const gaps = sectionGaps(all, section({
      beats: [...beats(0, 5 * MIN + 1), ...beats(11 * MIN, 20 * MIN)],
      autosaveMinutes: [...minutes(0, 5 * MIN), ...minutes(11 * MIN, 20 * MIN)],
    }));
    expect(gaps).toEqual([]);
  });

  it('beats that stop before the close are monitoring silent at the end', () => {
    const gaps = sectionGaps(all, section({ beats: beats(0, 17 * MIN + 1) }));
    expect(gaps).toEqual([{ kind: 'silent_end', section: 'structure', at: 17 * MIN, duration_ms: 3 * MIN }]);
  });

  it('beats that say the camera or detector is off prove no monitoring: a gap of its own, autosaves or not', () => {
    const all20 = beats(0, 20 * MIN);
    const gaps = sectionGaps(all, section({
      beats: all20.filter((b) => b <= 6 * MIN || b > 10 * MIN), offBeats: all20.filter((b) => b > 6 * MIN && b <= 10 * MIN), autosaveMinutes: [],
    }));
    expect(gaps).toEqual([{ kind: 'monitoring_off', section: 'structure', at: 6 * MIN, duration_ms: 4 * MIN + HEARTBEAT_INTERVAL_MS }]);
    expect(isIncomplete(gaps)).toBe(true);
    // Off to the end.
    expect(sectionGaps(all, section({ beats: all20.filter((b) => b <= 15 * MIN), offBeats: all20.filter((b) => b > 15 * MIN) })))
      .toEqual([{ kind: 'monitoring_off', section: 'structure', at: 15 * MIN, duration_ms: 5 * MIN }]);
  });

  it('one or two lost beats are not a gap', () => {
    expect(sectionGaps(all, section({ beats: beats(0, 20 * MIN).filter((_, i) => i !== 10 && i !== 11) }))).toEqual([]);
  });

  it('counts photos required by the time open, and notes a late one without holding the attempt', () => {
    expect(photosRequired(3 * MIN)).toBe(2);
    expect(photosRequired(45 * MIN)).toBe(4);
    expect(photosRequired(90 * MIN)).toBe(5);
    const gaps = sectionGaps(all, section({ photos: [2 * MIN, 19 * MIN, 19.5 * MIN] }));
    expect(gaps).toEqual([{ kind: 'photo_late', section: 'structure', at: 2 * MIN, duration_ms: 17 * MIN }]);
    expect(17 * MIN).toBeGreaterThan(PHOTO_MAX_INTERVAL_MS);
    expect(isIncomplete(gaps)).toBe(false);
  });

  it('asks for no photos without the camera and nothing at all where nothing is watched', () => {
    expect(sectionGaps(tabOnly, section({ photos: [] }))).toEqual([]);
    expect(sectionGaps(tabOnly, section({ photos: [], beats: [] }))[0]?.kind).toBe('silent_end');
    expect(sectionGaps(none, section({ photos: [], beats: [] }))).toEqual([]);
  });

  it('judges nothing while the section is open', () => {
    expect(sectionGaps(all, section({ closed: null, closedBy: null, photos: [], beats: [] }))).toEqual([]);
  });
});
