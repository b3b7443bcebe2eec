// Extra-time accommodations (issue 18): an institution admin or an operator grants a candidate more
// time per section before the test, as a factor (×1.25, ×1.5, ×2) and/or whole extra minutes, and
// may grant a break between sections. The server's deadlines use it; listening's audio pacing stays
// the same, only its answering time (the spec's 300 s) is lengthened by the factor.
import { FIXED_SECTION_SECONDS, LISTENING_BUFFER_ALLOWANCE_SECONDS, LISTENING_EXTRA_SECONDS, type SectionName } from './sections.ts';

/** The factors that may be granted (1 = none). */
export const TIME_FACTORS = [1, 1.25, 1.5, 2] as const;
export type TimeFactor = (typeof TIME_FACTORS)[number];

/** Extra minutes per section are capped so a typo cannot keep a section open for days. */
export const MAX_EXTRA_MINUTES = 120;

/** The longest break that may be granted between two sections. */
export const MAX_BREAK_MINUTES = 30;

/** A break is taken after one of these sections, before the next starts (never after reading). */
export const BREAK_AFTER_SECTIONS = ['listening', 'structure'] as const satisfies readonly SectionName[];
export type BreakAfterSection = (typeof BREAK_AFTER_SECTIONS)[number];

export interface TimeAccommodation {
  /** Multiplies each section's time (listening: its answering time, not the audio). */
  factor: TimeFactor;
  /** Added to each section after the factor. */
  extra_minutes: number;
  /**
   * Up to this many minutes of break after listening and again after structure, taken by the
   * candidate from the end-of-section screen; proctoring and every clock pause meanwhile. Missing
   * (granted before breaks existed) or 0: no break.
   */
  break_minutes?: number;
}

export const breakMinutesOf = (a: TimeAccommodation | null | undefined): number => a?.break_minutes ?? 0;

/** The accommodation with every field present (rows stored before breaks existed lack break_minutes). */
export function normalizedAccommodation(a: TimeAccommodation | null | undefined): Required<TimeAccommodation> | null {
  return a ? { factor: a.factor, extra_minutes: a.extra_minutes, break_minutes: breakMinutesOf(a) } : null;
}

export function isTimeFactor(value: unknown): value is TimeFactor {
  return typeof value === 'number' && (TIME_FACTORS as readonly number[]).includes(value);
}

/** True when the accommodation changes nothing (no factor, no minutes, no break). */
export function isNoAccommodation(a: TimeAccommodation | null | undefined): boolean {
  return !a || (a.factor === 1 && a.extra_minutes === 0 && breakMinutesOf(a) === 0);
}

/** True when the accommodation changes the sections' time (a break alone does not). */
export const hasExtraTime = (a: TimeAccommodation | null | undefined): boolean => !!a && (a.factor !== 1 || a.extra_minutes > 0);

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

/** Indonesian number with a comma: 1.25 -> '1,25'. */
const decimal = (n: number) => String(n).replace('.', ',');

/** The extra time in words: '×1,5', '+10 menit', '×1,5 dan +10 menit'; '' for none. */
export function extraTimeLabel(a: TimeAccommodation | null | undefined): string {
  if (!a) return '';
  return [a.factor !== 1 ? `×${decimal(a.factor)}` : null, a.extra_minutes > 0 ? `+${a.extra_minutes} menit` : null].filter(Boolean).join(' dan ');
}

/** The whole accommodation in words (results export, console): '×1,5; istirahat 10 menit'; '' for none. */
export function accommodationLabel(a: TimeAccommodation | null | undefined): string {
  const breakMinutes = breakMinutesOf(a);
  return [extraTimeLabel(a), breakMinutes > 0 ? `istirahat ${breakMinutes} menit` : ''].filter(Boolean).join('; ');
}

/** The server's refusals when granting extra time (Indonesian, shown to staff). */
export const ACCOMMODATION_MESSAGES = {
  orderNotFound: 'Pesanan tidak ditemukan',
  alreadyStarted: 'Waktu tambahan hanya dapat diberikan sebelum section pertama dimulai',
  finished: 'Tes ini sudah selesai',
  badFactor: 'Faktor waktu harus 1, 1.25, 1.5 atau 2',
  badMinutes: `Menit tambahan harus bilangan bulat 0 sampai ${MAX_EXTRA_MINUTES}`,
  badBreak: `Menit istirahat harus bilangan bulat 0 sampai ${MAX_BREAK_MINUTES}`,
  saved: 'Akomodasi waktu disimpan',
  removed: 'Akomodasi waktu dihapus',
} as const;

/** The server's refusals when a candidate asks for a break (Indonesian, shown to the candidate). */
export const BREAK_MESSAGES = {
  notGranted: 'Istirahat tidak termasuk dalam akomodasi tes Anda',
  notNow: 'Istirahat hanya dapat diambil setelah section selesai dan sebelum section berikutnya dimulai',
  taken: 'Istirahat setelah section ini sudah diambil',
} as const;
