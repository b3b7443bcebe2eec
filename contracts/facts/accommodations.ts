// Extra-time accommodations (issue 18): an institution admin or an operator grants a candidate more
// time per section before the test, as a factor (×1.25, ×1.5, ×2) and/or whole extra minutes. The
// server's deadlines use it; listening's audio pacing stays the same, only its answering time (the
// spec's 300 s) is lengthened by the factor.
import { FIXED_SECTION_SECONDS, LISTENING_BUFFER_ALLOWANCE_SECONDS, LISTENING_EXTRA_SECONDS, type SectionName } from './sections.ts';

/** The factors that may be granted (1 = none). */
export const TIME_FACTORS = [1, 1.25, 1.5, 2] as const;
export type TimeFactor = (typeof TIME_FACTORS)[number];

/** Extra minutes per section are capped so a typo cannot keep a section open for days. */
export const MAX_EXTRA_MINUTES = 120;

export interface TimeAccommodation {
  /** Multiplies each section's time (listening: its answering time, not the audio). */
  factor: TimeFactor;
  /** Added to each section after the factor. */
  extra_minutes: number;
}

export function isTimeFactor(value: unknown): value is TimeFactor {
  return typeof value === 'number' && (TIME_FACTORS as readonly number[]).includes(value);
}

/** True when the accommodation changes nothing (no factor, no minutes). */
export function isNoAccommodation(a: TimeAccommodation | null | undefined): boolean {
  return !a || (a.factor === 1 && a.extra_minutes === 0);
}

/**
 * The server's time for a section in seconds, with the accommodation: fixed sections multiplied,
 * listening's audio unchanged and its answering time multiplied; then the extra minutes added.
 */
export function accommodatedSectionSeconds(section: SectionName, listeningAudioMs: number, a: TimeAccommodation | null | undefined): number {
  const factor = a?.factor ?? 1;
  const extra = (a?.extra_minutes ?? 0) * 60;
  if (section !== 'listening') return Math.ceil(FIXED_SECTION_SECONDS[section] * factor) + extra;
  return Math.ceil(listeningAudioMs / 1000) + Math.ceil(LISTENING_EXTRA_SECONDS * factor) + LISTENING_BUFFER_ALLOWANCE_SECONDS + extra;
}

/** The server's refusals when granting extra time (Indonesian, shown to staff). */
export const ACCOMMODATION_MESSAGES = {
  orderNotFound: 'Pesanan tidak ditemukan',
  alreadyStarted: 'Waktu tambahan hanya dapat diberikan sebelum section pertama dimulai',
  finished: 'Tes ini sudah selesai',
  badFactor: 'Faktor waktu harus 1, 1.25, 1.5 atau 2',
  badMinutes: `Menit tambahan harus bilangan bulat 0 sampai ${MAX_EXTRA_MINUTES}`,
} as const;
