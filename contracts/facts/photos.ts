// Proctoring photos (spec test-sections 4.4, 4.7, 5, 9).
import type { ProctoringRules } from './violations.ts';

/** Spec 9: photos are taken while fewer than 5 exist in the section. */
export const PHOTO_MAX_PER_SECTION = 5;
/** Spec 5: at least 2 photos are needed to submit a section where photos are taken. */
export const PHOTO_MIN_TO_SUBMIT = 2;
/** Spec 4.7: the interval is 100000 ms times a random whole number from 1 to 6. */
export const PHOTO_INTERVAL_BASE_MS = 100_000;
export const PHOTO_INTERVAL_MAX_FACTOR = 6;
/** Spec 9: photo and video size. */
export const PHOTO_SIZE = { width: 240, height: 140 } as const;
/** The server's default limit for one uploaded photo (UPLOAD_MAX_BYTES). */
export const PHOTO_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** Spec 4.7: base x a random whole number from 1 to 6 (`random` in [0, 1)). */
export function photoDelayMs(random: number, baseMs = PHOTO_INTERVAL_BASE_MS): number {
  const factor = Math.min(PHOTO_INTERVAL_MAX_FACTOR, Math.floor(random * PHOTO_INTERVAL_MAX_FACTOR) + 1);
  return baseMs * factor;
}

/** Spec 4.4, 4.7: how many photos are still missing before submitting (0 where no photos are taken). */
export function photosMissing(rules: Pick<ProctoringRules, 'camera_required'>, photoCount: number): number {
  return rules.camera_required ? Math.max(0, PHOTO_MIN_TO_SUBMIT - photoCount) : 0;
}
