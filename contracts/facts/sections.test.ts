import { describe, expect, it } from 'vitest';
import {
  FIXED_SECTION_SECONDS, isSectionName, LISTENING_BUFFER_ALLOWANCE_SECONDS, LISTENING_EXTRA_SECONDS, nextSection,
  SECTION_NAMES, sectionSeconds, sectionsBefore,
} from './sections.ts';

describe('sections', () => {
  it('are taken in the order listening, structure, reading', () => {
    expect(SECTION_NAMES).toEqual(['listening', 'structure', 'reading']);
    expect(sectionsBefore('listening')).toEqual([]);
    expect(sectionsBefore('reading')).toEqual(['listening', 'structure']);
    expect(nextSection('listening')).toBe('structure');
    expect(nextSection('structure')).toBe('reading');
    expect(nextSection('reading')).toBeNull();
  });

  it('recognise only the API names', () => {
    expect(SECTION_NAMES.every(isSectionName)).toBe(true);
    for (const other of ['Listening', 'written', '', null, 1]) expect(isSectionName(other)).toBe(false);
  });

  it('last 1500 s (structure), 3300 s (reading), audio + 300 s + allowance (listening)', () => {
    expect(FIXED_SECTION_SECONDS).toEqual({ structure: 1500, reading: 3300 });
    expect(sectionSeconds('structure', 999_999)).toBe(1500);
    expect(sectionSeconds('reading', 0)).toBe(3300);
    expect(LISTENING_EXTRA_SECONDS).toBe(300);
    // Audio is rounded up to whole seconds.
    expect(sectionSeconds('listening', 600_001)).toBe(601 + 300 + LISTENING_BUFFER_ALLOWANCE_SECONDS);
  });
});
