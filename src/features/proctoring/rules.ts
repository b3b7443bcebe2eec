// The proctoring rules during the sections (spec test-sections 4.5-4.7, 5, 6, 9) as pure functions:
// which checks run, the speech word limits, the counter type each section reports, when the client
// ends the test, and the photo timing. The server applies the same rules to its own count; the
// client follows the server's answer and uses these only until it has one (or while offline).
import type { ProctoringState } from '../../../contracts/proctoring.ts';
import type { InstitutionDetail } from '../../../contracts/orders.ts';
import {
  PHOTO_INTERVAL_BASE_MS, PHOTO_INTERVAL_MAX_FACTOR, PHOTO_MAX_PER_SECTION, PHOTO_MIN_TO_SUBMIT,
  proctoringRules, violationVerdict, type CounterKind, type PerCounter,
} from '../../../contracts/facts/index.ts';

// The rules themselves live once in contracts/facts (the server applies the same functions).
export { counterTypeFor, isSpeechViolation, photoDelayMs, speechWordLimit } from '../../../contracts/facts/index.ts';

/** Spec 9: photos are taken while fewer than 5 exist in the section; 2 are needed to submit. */
export const MAX_PHOTOS = PHOTO_MAX_PER_SECTION;
export const MIN_PHOTOS = PHOTO_MIN_TO_SUBMIT;
/** Spec 4.7: the photo interval is 100000 ms times a random whole number from 1 to 6. */
export const PHOTO_BASE_MS = PHOTO_INTERVAL_BASE_MS;
export const PHOTO_MAX_FACTOR = PHOTO_INTERVAL_MAX_FACTOR;
/** A face that stays missing after a warning is warned about again this long after it was acknowledged. */
export const FACE_REPEAT_MS = 10_000;

type PerKind = PerCounter;

export interface ProctoringRules {
  /** Which checks run (individuals: all; institution members: setting.identification). */
  checks: PerKind;
  /** Which counters end the test at the limit (individuals: none; institutions: setting.failed). */
  disqualifyAtLimit: PerKind;
  /** The camera runs and photos are taken (individuals: always; institutions: active_camera). */
  camera: boolean;
}

export type StoredInstitution = InstitutionDetail | Record<string, never>;

/** Spec 6 from the institution stored for this test (used until the server has answered). */
export function rulesFromInstitution(institution: StoredInstitution): ProctoringRules {
  return rulesFromServer(proctoringRules('setting' in institution && institution.setting ? institution as InstitutionDetail : null));
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

/**
 * What the device check found usable ('continue anyway' stores use_face_detection and
 * use_speech_detection, spec 3): a face check the device failed only shows the 'tidak stabil'
 * snackbar (the camera, photos and the detector's episodes go on), and speech detection the browser
 * could not do is not started. The server still accounts for the missing evidence (issue 27).
 */
export interface DeviceFlags {
  face: boolean;
  speech: boolean;
}

export function activeChecks(rules: ProctoringRules, device: DeviceFlags = { face: true, speech: true }): ActiveChecks {
  return {
    tab: rules.checks.open_new_tab,
    speech: rules.checks.speech && device.speech,
    camera: rules.camera,
    // Without the camera there is no face to check (the device check skipped it too).
    faceCounter: rules.camera && rules.checks.face && device.face,
    photos: rules.camera,
  };
}

/** Spec 4.5: the test ends when the counter reaches the limit and that kind's failed setting is on. */
export function reachesLimit(rules: ProctoringRules, kind: CounterKind, count: number): boolean {
  return violationVerdict({ checks: rules.checks, disqualify_at_limit: rules.disqualifyAtLimit }, kind, count) === 'ends-test';
}

/** Spec 4.4, 4.7: at submission fewer than 2 photos block it where photos are taken. */
export function needsMorePhotos(rules: ProctoringRules, photoCount: number): number {
  return rules.camera ? Math.max(0, MIN_PHOTOS - photoCount) : 0;
}
