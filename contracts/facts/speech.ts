// Speech detection (spec test-sections 5, 9).
import type { SectionName } from './sections.ts';

/** Spec 9: the speech recogniser's language. */
export const SPEECH_LANG = 'id-ID';

/** Spec 5: the latest transcript is a violation over 3 words in listening, over 2 elsewhere. */
export const SPEECH_WORD_LIMITS = { listening: 3, structure: 2, reading: 2 } as const satisfies Record<SectionName, number>;

export const speechWordLimit = (section: SectionName): number => SPEECH_WORD_LIMITS[section];

export function isSpeechViolation(section: SectionName, words: number): boolean {
  return words > speechWordLimit(section);
}

/** The longest speech transcript the server stores with a violation; longer ones are cut, never refused. */
export const TEXT_VOICE_MAX = 500;
