import { describe, expect, it } from 'vitest';
import { PHOTO_INTERVAL_BASE_MS, PHOTO_MAX_PER_SECTION, PHOTO_MIN_TO_SUBMIT, photoDelayMs, photosMissing } from './photos.ts';
import { isSpeechViolation, speechWordLimit } from './speech.ts';

describe('speech', () => {
  it('is a violation over 3 words in listening and over 2 elsewhere', () => {
    expect(speechWordLimit('listening')).toBe(3);
    expect(isSpeechViolation('listening', 3)).toBe(false);
    expect(isSpeechViolation('listening', 4)).toBe(true);
    for (const s of ['structure', 'reading'] as const) {
      expect(isSpeechViolation(s, 2)).toBe(false);
      expect(isSpeechViolation(s, 3)).toBe(true);
    }
  });
});

describe('photos', () => {
  it('are taken every 100000 ms times 1 to 6', () => {
    expect(photoDelayMs(0)).toBe(PHOTO_INTERVAL_BASE_MS);
    expect(photoDelayMs(0.5)).toBe(4 * PHOTO_INTERVAL_BASE_MS);
    expect(photoDelayMs(0.999_999)).toBe(6 * PHOTO_INTERVAL_BASE_MS);
    expect(photoDelayMs(1)).toBe(6 * PHOTO_INTERVAL_BASE_MS);
    expect(photoDelayMs(0, 10)).toBe(10);
  });

  it('need 2 to submit where the camera runs, and stop at 5', () => {
    expect([PHOTO_MIN_TO_SUBMIT, PHOTO_MAX_PER_SECTION]).toEqual([2, 5]);
    expect(photosMissing({ camera_required: true }, 0)).toBe(2);
    expect(photosMissing({ camera_required: true }, 1)).toBe(1);
    expect(photosMissing({ camera_required: true }, 4)).toBe(0);
    expect(photosMissing({ camera_required: false }, 0)).toBe(0);
  });
});
