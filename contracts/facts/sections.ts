// The three timed sections (spec test-sections 1, 4, 9): their names as the API spells them, the
// order they are taken in, and their time limits.

/** The section names on the wire, in the order a candidate takes them. */
export const SECTION_NAMES = ['listening', 'structure', 'reading'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** The parts a section may have (listening A-C; structure A = Structure, B = Written Expression). */
export const PART_LETTERS = ['A', 'B', 'C'] as const;
export type PartLetter = (typeof PART_LETTERS)[number];

export function isSectionName(value: unknown): value is SectionName {
  return typeof value === 'string' && (SECTION_NAMES as readonly string[]).includes(value);
}

/** The sections that must be closed before `section` may start. */
export function sectionsBefore(section: SectionName): SectionName[] {
  return SECTION_NAMES.slice(0, SECTION_NAMES.indexOf(section));
}

/** The section after `section`, or null after reading. */
export function nextSection(section: SectionName): SectionName | null {
  return SECTION_NAMES[SECTION_NAMES.indexOf(section) + 1] ?? null;
}

/** Spec 9: structure 1500 s (25 minutes), reading 3300 s (55 minutes). */
export const FIXED_SECTION_SECONDS = { structure: 1500, reading: 3300 } as const satisfies Record<Exclude<SectionName, 'listening'>, number>;

/** Spec 9: listening lasts the sum of its audio plus 300 s. */
export const LISTENING_EXTRA_SECONDS = 300;

/**
 * On top of that, a bounded allowance for buffering: the SPA pauses its timer while audio buffers
 * (spec 4.2), which the server cannot see, so the server-side deadline allows up to 2 minutes of it.
 */
export const LISTENING_BUFFER_ALLOWANCE_SECONDS = 120;

/** Drafts and submissions are accepted up to this long after the deadline (network, clock drift). */
export const SUBMIT_GRACE_MS = 60_000;

/** The server's deadline for a section: fixed for structure and reading, from the audio for listening. */
export function sectionSeconds(section: SectionName, listeningAudioMs: number): number {
  if (section !== 'listening') return FIXED_SECTION_SECONDS[section];
  return Math.ceil(listeningAudioMs / 1000) + LISTENING_EXTRA_SECONDS + LISTENING_BUFFER_ALLOWANCE_SECONDS;
}
