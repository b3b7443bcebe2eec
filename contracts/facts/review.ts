// Proctor review (issue 17): the decisions staff take on a finished attempt, the institution's review
// settings, the risk reasons' codes, the appeal limits and the messages the candidate's appeal routes
// answer. Plain constants shared by the server, the staff console and the candidate app. The texts
// only the server and the console use are in ./review-texts.ts, which index.ts does not re-export, so
// they never reach a chunk the candidate app loads.

/** What a reviewer decides. A disqualified attempt is upheld or overturned; a completed one is valid or invalidated. */
export const REVIEW_DECISIONS = ['valid', 'invalidated', 'disqualification_upheld', 'disqualification_overturned'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The decisions open to an attempt, by how it ended (a disqualification, or a completed test). */
export const DECISIONS_FOR = {
  disqualified: ['disqualification_upheld', 'disqualification_overturned'],
  completed: ['valid', 'invalidated'],
} as const satisfies Record<'disqualified' | 'completed', readonly ReviewDecision[]>;

export const decisionsFor = (originallyDisqualified: boolean): readonly ReviewDecision[] =>
  (originallyDisqualified ? DECISIONS_FOR.disqualified : DECISIONS_FOR.completed);

/** With four eyes on, these wait for a second reviewer before they take effect. */
export const FOUR_EYES_DECISIONS: readonly ReviewDecision[] = ['invalidated', 'disqualification_upheld'];

/** Decisions that go against the candidate (an appeal answered with one of these is 'upheld'). */
export const isAdverseDecision = (d: ReviewDecision): boolean => d === 'invalidated' || d === 'disqualification_upheld';


/** An institution's review rules; individuals (no institution) use the defaults. */
export interface ReviewSettings {
  /** Completed attempts whose risk score reaches this (0-100) join the review queue. */
  risk_threshold: number;
  /** How long after the disqualification or invalidation the candidate may appeal. */
  appeal_hours: number;
  /** A second reviewer must confirm 'invalidated' and 'disqualification_upheld'. */
  four_eyes: boolean;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { risk_threshold: 40, appeal_hours: 72, four_eyes: false };
export const APPEAL_HOURS_MAX = 720;
export const RISK_SCORE_MAX = 100;

/** Appeal texts: long enough to say something, short enough to read. */
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 2000;
export const DECISION_NOTE_MAX = 2000;

export const APPEAL_STATUSES = ['open', 'answered'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export type AppealOutcome = 'upheld' | 'overturned';


/** What the candidate's appeal routes answer. */
export const APPEAL_MESSAGES = {
  submitted: 'Banding Anda telah dikirim. Kami akan memberi tahu Anda melalui email setelah banding ditinjau.',
  alreadyAppealed: 'Banding untuk tes ini sudah diajukan',
  notAppealable: 'Tes ini tidak dapat diajukan banding',
  deadlinePassed: 'Batas waktu pengajuan banding sudah lewat',
  textTooShort: `Tuliskan alasan banding minimal ${APPEAL_TEXT_MIN} karakter`,
} as const;

/** The revoked_reason a review's invalidation stores (the category's own words). */
export const REVIEW_REVOKED_REASON = 'Dibatalkan setelah peninjauan pengawasan tes';

/**
 * Why a certificate is revoked, as public verification shows it: a category, never the reviewer's
 * note or anything else about the candidate.
 */
export const REVOCATION_CATEGORIES = {
  review: REVIEW_REVOKED_REASON,
  replaced: 'Diganti dengan sertifikat baru',
  issuer: 'Dicabut oleh penerbit sertifikat',
} as const;
export type RevocationCategory = keyof typeof REVOCATION_CATEGORIES;


// ---- risk reasons ------------------------------------------------------------------------------

/** The risk formula's reasons (server/services/review/risk.ts computes them; docs/review.md explains them). */
export const RISK_REASON_CODES = [
  'tab_leaves', 'face_missing', 'face_multiple', 'face_violations', 'speech', 'monitoring_lost', 'camera_denied', 'device_check', 'reloads',
  'face_still', 'face_still_beside',
  // Issue 27: evidence the rules required that the server did not receive (services/proctoring/evidence-gaps.ts).
  'photos_missing', 'photo_late', 'heartbeat_gap', 'silent_end', 'monitoring_off',
] as const;
export type RiskReasonCode = (typeof RISK_REASON_CODES)[number];

// ---- timeline -------------------------------------------------------------------------------------

/** The kinds of a timeline entry the server builds today; other sources may add more (docs/review.md). */
export const TIMELINE_KINDS = [
  'consent', 'device_report', 'test_started', 'section_started', 'resume', 'autosave', 'violation', 'photo', 'away', 'face_episode',
  'monitoring', 'offline_replay', 'break', 'section_closed', 'disqualified', 'completed', 'decision', 'appeal',
  // Issue 27: a gap in the evidence the server computed (subtype: the gap's kind).
  'evidence_gap', 'heartbeats',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];


/**
 * Sent by the SPA with a draft or submission replayed from its offline outbox: how long it waited
 * (ms). The server counts such requests as offline replays on the reviewers' timeline.
 */
export const OUTBOX_QUEUED_HEADER = 'x-epot-queued-ms';
