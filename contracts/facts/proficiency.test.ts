import { describe, expect, it } from 'vitest';
import { PROFICIENCY_LEVELS, proficiencyLevel, TOTAL_SCORE_MAX, TOTAL_SCORE_MIN } from './proficiency.ts';

describe('proficiency levels', () => {
  it('cover 310-677 in four bands', () => {
    expect([TOTAL_SCORE_MIN, TOTAL_SCORE_MAX]).toEqual([310, 677]);
    for (const band of PROFICIENCY_LEVELS) {
      expect(proficiencyLevel(band.from)).toBe(band.level);
      expect(proficiencyLevel(band.to)).toBe(band.level);
    }
    expect(proficiencyLevel(401)).toBe('Beginner');
    expect(proficiencyLevel(309)).toBeNull();
    expect(proficiencyLevel(678)).toBeNull();
    expect(proficiencyLevel(450.5)).toBeNull();
  });
});
