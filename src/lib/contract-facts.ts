// The SPA's copies of facts the contracts own (contracts/exam-import.ts, contracts/proctoring.ts):
// importing those modules would pull zod into the page's chunks. They live here, in one file, so the
// switch to the zod-free contracts/facts/ is one edit; contract-facts.test.ts keeps them equal.
import type { ExamSectionName } from '../../contracts/exam-import.ts';
import type { CounterKind, CounterType } from '../../contracts/proctoring.ts';

/** EXAM_SECTIONS: the sections in the order they are taken. */
export const SECTION_ORDER: readonly ExamSectionName[] = ['listening', 'structure', 'reading'];

/** VIOLATION_LIMIT (spec 9): the count at which a counter may end the test. */
export const VIOLATION_LIMIT = 3;

/** COUNTER_KINDS: the three violation counters. */
export const COUNTER_KINDS: readonly CounterKind[] = ['open_new_tab', 'face', 'speech'];

/** counterKindOf: listening reports speech as 'voice', which counts as speech. */
export const counterKindOf = (type: CounterType): CounterKind => (type === 'voice' ? 'speech' : type);
