// Violations and the proctoring rule (spec test-sections 3, 4.5, 4.6, 6, 7, 9). The server counts
// violations and ends the test with these functions; the SPA uses the same ones until it has the
// server's answer (or while offline), so the two cannot disagree.
import type { SectionName } from './sections.ts';

/** Spec 9: the violation limit for ending the test (tab, face, speech). */
export const VIOLATION_LIMIT = 3;

/** The three counters. The spec's counter_type 'voice' (listening) and 'speech' are one counter. */
export const COUNTER_KINDS = ['open_new_tab', 'face', 'speech'] as const;
export type CounterKind = (typeof COUNTER_KINDS)[number];

/** What a client may send as counter_type: the spec's four spellings. */
export const COUNTER_TYPES = ['open_new_tab', 'face', 'voice', 'speech'] as const;
export type CounterType = (typeof COUNTER_TYPES)[number];

export const counterKindOf = (type: CounterType): CounterKind => (type === 'voice' ? 'speech' : type);

/** The disqualification reason the server stores when a kind's count reached the limit. */
export const violationsReason = (kind: CounterKind): string => `violations:${kind}`;

/** The kind whose count ended a test, read back from the stored reason; null for any other reason. */
export function violationKindOfReason(reason: string | null | undefined): CounterKind | null {
  const kind = reason?.startsWith('violations:') ? reason.slice('violations:'.length) : null;
  return COUNTER_KINDS.find((k) => k === kind) ?? null;
}

/** Spec 7: listening reports speech as 'voice', structure and reading as 'speech' (one counter). */
export function counterTypeFor(kind: CounterKind, section: SectionName): CounterType {
  return kind === 'speech' && section === 'listening' ? 'voice' : kind;
}

/** The institution's per-check flags (`setting.identification` and `setting.failed`). */
export const SETTING_FLAGS = ['face', 'voice', 'new_tab'] as const;
export type SettingFlag = (typeof SETTING_FLAGS)[number];
export type ProctoringFlags = Record<SettingFlag, boolean>;

/** The institution setting flag for each counter. */
export const SETTING_FLAG_OF = { open_new_tab: 'new_tab', face: 'face', speech: 'voice' } as const satisfies Record<CounterKind, SettingFlag>;

export type PerCounter = Record<CounterKind, boolean>;
export type Counters = Record<CounterKind, number>;

export const perCounter = (value: boolean): PerCounter => ({ open_new_tab: value, face: value, speech: value });
export const zeroCounters = (): Counters => ({ open_new_tab: 0, face: 0, speech: 0 });

/** The proctoring part of an institution, as the institution detail call answers it. */
export interface InstitutionProctoring {
  active_camera: boolean;
  setting: { identification: ProctoringFlags; failed: ProctoringFlags };
}

/** The rules of one order, with the field names of the server's proctoring state. */
export interface ProctoringRules {
  /** Which checks run. */
  checks: PerCounter;
  /** Which counters end the test at VIOLATION_LIMIT. */
  disqualify_at_limit: PerCounter;
  /** The camera runs and photos are taken. */
  camera_required: boolean;
}

/**
 * Spec 6. Individuals (no institution): every check, the camera, never disqualified (warnings
 * only). Institution members: `identification` switches each check, `failed` makes its counter
 * end the test, `active_camera` the camera and photos. A check that does not run cannot end the test.
 */
export function proctoringRules(institution: InstitutionProctoring | null): ProctoringRules {
  if (!institution) return { checks: perCounter(true), disqualify_at_limit: perCounter(false), camera_required: true };
  const { identification, failed } = institution.setting;
  const checks = {} as PerCounter;
  const disqualify = {} as PerCounter;
  for (const kind of COUNTER_KINDS) {
    const flag = SETTING_FLAG_OF[kind];
    checks[kind] = Boolean(identification[flag]);
    disqualify[kind] = checks[kind] && Boolean(failed[flag]);
  }
  return { checks, disqualify_at_limit: disqualify, camera_required: institution.active_camera };
}

/**
 * What one more violation of `kind` means once its counter stands at `count` (this one included):
 * - 'not-checked': the check is off for this order, so no such violation exists (the server refuses it);
 * - 'ends-test': the counter reached the limit and this kind disqualifies (spec 4.5). `>=`, not
 *   `===`: a counter already past the limit (the rule turned on mid-test) ends the test at the next one;
 * - 'warning': counted and warned about, nothing more.
 */
export type ViolationVerdict = 'not-checked' | 'warning' | 'ends-test';

export function violationVerdict(rules: Pick<ProctoringRules, 'checks' | 'disqualify_at_limit'>, kind: CounterKind, count: number): ViolationVerdict {
  if (!rules.checks[kind]) return 'not-checked';
  return rules.disqualify_at_limit[kind] && count >= VIOLATION_LIMIT ? 'ends-test' : 'warning';
}

/** What the preparation page lists and the consent record stores for these rules. */
export interface PreparationChecks extends ProctoringFlags { camera: boolean; photos: boolean }

export function preparationChecks(rules: ProctoringRules): PreparationChecks {
  return {
    face: rules.checks.face, voice: rules.checks.speech, new_tab: rules.checks.open_new_tab,
    camera: rules.camera_required, photos: rules.camera_required,
  };
}

/**
 * Monitoring events (not in the spec): monitoring never stops silently, the client reports when the
 * camera track ends, the face detector becomes unavailable, camera access is denied, and recovery.
 * Issue 17 adds episodes with their length (`duration_ms`) for the reviewers' timeline and the risk
 * score: time away from the test page, and how long no face or more than one face was seen. Issue 16
 * adds `detector-rate`: on a slow laptop the face detector lowers its rate (never below what still
 * catches a 3 s face problem) and raises it again; the note says the rate, e.g. 'slowed to 1.5/s'.
 * Issue 27 adds two liveness episodes, never violations: `face-still`, a face but no live one (it did
 * not move beyond a photo's jitter: a photo, a phone, a poster before an empty seat), and
 * `face-still-beside`, a face that did not move like a person beside the candidate (not counted as
 * a second person).
 */
export const PROCTORING_EVENT_KINDS = [
  'camera-ended', 'detector-unavailable', 'camera-denied', 'recovered', 'page-away', 'face-missing', 'face-multiple', 'detector-rate',
  'face-still', 'face-still-beside',
  // Issue 30: sent the moment the page counts a leave (the episode's length follows as 'page-away' on
  // return), so a proctor's live view shows the leave while the candidate is away.
  'page-left',
] as const;
export type ProctoringEventKind = (typeof PROCTORING_EVENT_KINDS)[number];
