import { describe, expect, it } from 'vitest';
import {
  accommodatedSectionSeconds, accommodationLabel, hasExtraTime, isNoAccommodation, normalizedAccommodation,
} from './accommodations.ts';

describe('accommodations', () => {
  it('lengthen structure and reading by the factor plus minutes; listening only its answering time', () => {
    expect(accommodatedSectionSeconds('reading', 0, { factor: 1.5, extra_minutes: 0 })).toBe(4950);
    expect(accommodatedSectionSeconds('structure', 0, { factor: 1.25, extra_minutes: 10 })).toBe(1875 + 600);
    // 600 s of audio, 300 s answering × 2, the 120 s buffering allowance.
    expect(accommodatedSectionSeconds('listening', 600_000, { factor: 2, extra_minutes: 0, break_minutes: 10 })).toBe(600 + 600 + 120);
    expect(accommodatedSectionSeconds('reading', 0, null)).toBe(3300);
  });

  it('in words for the console and the export; a break alone is an accommodation but no extra time', () => {
    expect(accommodationLabel({ factor: 1.5, extra_minutes: 0, break_minutes: 10 })).toBe('×1,5; istirahat 10 menit');
    expect(accommodationLabel({ factor: 2, extra_minutes: 5 })).toBe('×2 dan +5 menit');
    expect(accommodationLabel({ factor: 1, extra_minutes: 0, break_minutes: 5 })).toBe('istirahat 5 menit');
    expect(accommodationLabel(null)).toBe('');
    const breakOnly = { factor: 1, extra_minutes: 0, break_minutes: 5 } as const;
    expect([isNoAccommodation(breakOnly), hasExtraTime(breakOnly)]).toEqual([false, false]);
    expect(isNoAccommodation({ factor: 1, extra_minutes: 0 })).toBe(true);
    expect(normalizedAccommodation({ factor: 1.25, extra_minutes: 0 })).toEqual({ factor: 1.25, extra_minutes: 0, break_minutes: 0 });
  });
});
