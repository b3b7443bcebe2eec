// The proctoring rules during the sections (spec test-sections 4.5-4.7, 5, 6, 9) as pure functions:
// which checks run, the speech word limits, the counter type each section reports, when the client
// ends the test, and the photo timing. The server applies the same rules to its own count; the
// client follows the server's answer and uses these only until it has one (or while offline).
import type { CounterKind, CounterType, ProctoringState } from '../../../contracts/proctoring.ts';
import type { ExamSectionName } from '../../../contracts/exam-import.ts';
import type { InstitutionDetail } from '../../../contracts/orders.ts';
import { VIOLATION_LIMIT } from '../../lib/contract-facts.ts';

/** Spec 9: photos are taken while fewer than 5 exist in the section; 2 are needed to submit. */
export const MAX_PHOTOS = 5;
export const MIN_PHOTOS = 2;
/** Spec 4.7: the photo interval is 100000 ms times a random whole number from 1 to 6. */
export const PHOTO_BASE_MS = 100_000;
export const PHOTO_MAX_FACTOR = 6;
/** A face that stays missing after a warning is warned about again this long after it was acknowledged. */
export const FACE_REPEAT_MS = 10_000;

type PerKind = Record<CounterKind, boolean>;

export interface ProctoringRules {
  /** Which checks run (individuals: all; institution members: setting.identification). */
  checks: PerKind;
  /** Which counters end the test at the limit (individuals: none; institutions: setting.failed). */
  disqualifyAtLimit: PerKind;
  /** The camera runs and photos are taken (individuals: always; institutions: active_camera). */
  camera: boolean;
}

export type StoredInstitution = InstitutionDetail | Record<string, never>;

const all = (v: boolean): PerKind => ({ open_new_tab: v, face: v, speech: v });

/** Spec 6 from the institution stored for this test (used until the server has answered). */
export function rulesFromInstitution(institution: StoredInstitution): ProctoringRules {
  if (!('setting' in institution) || !institution.setting) return { checks: all(true), disqualifyAtLimit: all(false), camera: true };
  const { identification: id, failed } = institution.setting;
  const checks = { open_new_tab: id.new_tab, face: id.face, speech: id.voice };
  return {
    checks,
    // A check that does not run cannot end the test.
    disqualifyAtLimit: { open_new_tab: checks.open_new_tab && failed.new_tab, face: checks.face && failed.face, speech: checks.speech && failed.voice },
    camera: institution.active_camera,
  };
}

/** The server's rules (GET order.violations and every violation answer). */
export function rulesFromServer(state: Pick<ProctoringState, 'checks' | 'disqualify_at_limit' | 'camera_required'>): ProctoringRules {
  return { checks: { ...state.checks }, disqualifyAtLimit: { ...state.disqualify_at_limit }, camera: state.camera_required };
}

/** What the section runs, derived from the rules. */
export interface ActiveChecks {
  tab: boolean;
  speech: boolean;
  /** The camera runs: preview, photos and face detection. */
  camera: boolean;
  /** Face problems count as violations (else they only show the 'tidak stabil' snackbar). */
  faceCounter: boolean;
  photos: boolean;
}

export function activeChecks(rules: ProctoringRules): ActiveChecks {
  return {
    tab: rules.checks.open_new_tab,
    speech: rules.checks.speech,
    camera: rules.camera,
    // Without the camera there is no face to check (the device check skipped it too).
    faceCounter: rules.camera && rules.checks.face,
    photos: rules.camera,
  };
}

/** Spec 5: the latest transcript is a violation over 3 words in listening, over 2 elsewhere. */
export function speechWordLimit(section: ExamSectionName): number {
  return section === 'listening' ? 3 : 2;
}

export function isSpeechViolation(section: ExamSectionName, words: number): boolean {
  return words > speechWordLimit(section);
}

/** Spec 7: listening reports speech as 'voice', structure and reading as 'speech' (one counter). */
export function counterTypeFor(kind: CounterKind, section: ExamSectionName): CounterType {
  return kind === 'speech' && section === 'listening' ? 'voice' : kind;
}

/** Spec 4.5: the test ends when the counter reaches the limit and that kind's failed setting is on. */
export function reachesLimit(rules: ProctoringRules, kind: CounterKind, count: number): boolean {
  return rules.disqualifyAtLimit[kind] && count >= VIOLATION_LIMIT;
}

/** Spec 4.7: base x a random whole number from 1 to 6 (`random` in [0, 1)). */
export function photoDelayMs(random: number, baseMs = PHOTO_BASE_MS): number {
  const factor = Math.min(PHOTO_MAX_FACTOR, Math.floor(random * PHOTO_MAX_FACTOR) + 1);
  return baseMs * factor;
}

/** Spec 4.4, 4.7: at submission fewer than 2 photos block it where photos are taken. */
export function needsMorePhotos(rules: ProctoringRules, photoCount: number): number {
  return rules.camera ? Math.max(0, MIN_PHOTOS - photoCount) : 0;
}
