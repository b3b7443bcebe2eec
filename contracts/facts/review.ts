// Proctor review (issue 17): the decisions staff take on a finished attempt, the institution's review
// settings, the risk score's reasons and the messages of the review and appeal routes. Plain
// constants: the server, the staff console and the candidate app share them.

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

export const DECISION_LABELS: Record<ReviewDecision, string> = {
  valid: 'Sah (hasil tetap berlaku)',
  invalidated: 'Dibatalkan (sertifikat dicabut)',
  disqualification_upheld: 'Diskualifikasi dikuatkan',
  disqualification_overturned: 'Diskualifikasi dibatalkan (tes dinilai)',
};

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
export const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  upheld: 'Banding ditolak: keputusan tetap berlaku',
  overturned: 'Banding diterima: keputusan dibatalkan',
};

/** What the staff routes answer. */
export const REVIEW_MESSAGES = {
  decisionSaved: 'Keputusan disimpan',
  decisionPending: 'Keputusan disimpan dan menunggu konfirmasi peninjau kedua',
  decisionConfirmed: 'Keputusan dikonfirmasi oleh peninjau kedua',
  onlyOperatorChanges: 'Keputusan yang sudah berlaku hanya dapat diubah oleh operator',
  sameReviewer: 'Konfirmasi harus dilakukan oleh peninjau lain',
  notFinished: 'Tes ini belum selesai',
  decisionNotAllowed: 'Keputusan ini tidak berlaku untuk tes ini',
  noteRequired: 'Catatan keputusan wajib diisi',
  settingsSaved: 'Pengaturan peninjauan disimpan',
} as const;

/** What the candidate's appeal routes answer. */
export const APPEAL_MESSAGES = {
  submitted: 'Banding Anda telah dikirim. Kami akan memberi tahu Anda melalui email setelah banding ditinjau.',
  alreadyAppealed: 'Banding untuk tes ini sudah diajukan',
  notAppealable: 'Tes ini tidak dapat diajukan banding',
  deadlinePassed: 'Batas waktu pengajuan banding sudah lewat',
  textTooShort: `Tuliskan alasan banding minimal ${APPEAL_TEXT_MIN} karakter`,
} as const;

/**
 * Why a certificate is revoked, as public verification shows it: a category, never the reviewer's
 * note or anything else about the candidate.
 */
export const REVOCATION_CATEGORIES = {
  review: 'Dibatalkan setelah peninjauan pengawasan tes',
  replaced: 'Diganti dengan sertifikat baru',
  issuer: 'Dicabut oleh penerbit sertifikat',
} as const;
export type RevocationCategory = keyof typeof REVOCATION_CATEGORIES;
/** The revoked_reason a review's invalidation stores (the category's own words). */
export const REVIEW_REVOKED_REASON = REVOCATION_CATEGORIES.review;

/** Mail to the candidate when a decision about their attempt takes effect or their appeal is answered. */
export const REVIEW_MAIL = {
  decisionSubject: 'Hasil peninjauan tes EPOT Anda',
  appealSubject: 'Jawaban banding tes EPOT Anda',
  decisionText: (orderNo: string, decision: ReviewDecision) => {
    const what = {
      valid: 'Hasil tes Anda tetap berlaku.',
      invalidated: 'Hasil tes Anda dibatalkan dan sertifikatnya dicabut. Anda dapat mengajukan banding dari aplikasi EPOT.',
      disqualification_upheld: 'Diskualifikasi tes Anda tetap berlaku.',
      disqualification_overturned: 'Diskualifikasi tes Anda dibatalkan. Tes Anda dinilai dari jawaban yang tersimpan dan sertifikat Anda sudah tersedia di aplikasi EPOT.',
    }[decision];
    return `Tes EPOT Anda dengan nomor pesanan ${orderNo} telah ditinjau oleh pengawas.\n\n${what}\n\nTerima kasih.`;
  },
  appealText: (orderNo: string, outcome: AppealOutcome, note: string) =>
    `Banding Anda untuk tes EPOT dengan nomor pesanan ${orderNo} telah ditinjau.\n\n${APPEAL_OUTCOME_LABELS[outcome]}.\n\nCatatan peninjau:\n${note}\n\nAnda juga dapat melihat jawaban ini di aplikasi EPOT.`,
} as const;

// ---- risk reasons ------------------------------------------------------------------------------

/** The risk formula's reasons (server/services/review/risk.ts computes them; docs/review.md explains them). */
export const RISK_REASON_CODES = ['tab_leaves', 'face_missing', 'face_multiple', 'face_violations', 'speech', 'monitoring_lost', 'camera_denied', 'device_check', 'reloads'] as const;
export type RiskReasonCode = (typeof RISK_REASON_CODES)[number];

const SECTION_WORDS: Record<string, string> = { listening: 'listening', structure: 'structure', reading: 'reading', 'device-check': 'pemeriksaan perangkat' };
export const sectionWord = (s: string): string => SECTION_WORDS[s] ?? s;

/** "2 m 10 d", "48 d", "6 mnt": a duration the way the reasons write it. */
export function formatReasonDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} d`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m >= 10 || rest === 0) return `${Math.round(s / 60)} mnt`;
  return `${m} m ${rest} d`;
}

const DEVICE_WORDS: Record<string, string> = { audio: 'audio', camera: 'kamera', microphone: 'mikrofon' };

export const RISK_REASON_TEXT = {
  tab_leaves: (n: number, awayMs: number | null) => `${n} kali meninggalkan tab${awayMs ? `, total ${formatReasonDuration(awayMs)}` : ''}`,
  face_missing: (ms: number, section: string) => `wajah tidak terlihat selama ${formatReasonDuration(ms)} di ${sectionWord(section)}`,
  face_multiple: (n: number) => `wajah kedua terlihat ${n} kali`,
  face_violations: (n: number) => `${n} pelanggaran wajah`,
  speech: (n: number) => `${n} kali percakapan terdeteksi`,
  monitoring_lost: (ms: number) => `pemantauan terputus selama ${formatReasonDuration(ms)}`,
  camera_denied: (n: number) => `akses kamera ditolak ${n} kali`,
  device_check: (devices: string[]) => `melanjutkan meski pemeriksaan ${devices.map((d) => DEVICE_WORDS[d] ?? d).join(', ')} gagal`,
  reloads: (n: number) => `halaman tes dimuat ulang ${n} kali`,
} as const;

// ---- timeline -------------------------------------------------------------------------------------

/** The kinds of a timeline entry the server builds today; other sources may add more (docs/review.md). */
export const TIMELINE_KINDS = [
  'consent', 'device_report', 'test_started', 'section_started', 'resume', 'autosave', 'violation', 'photo', 'away', 'face_episode',
  'monitoring', 'offline_replay', 'section_closed', 'disqualified', 'completed', 'decision', 'appeal',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** What a candidate sees next to each of their own violations (appeal screen). */
export const VIOLATION_REASONS: Record<string, string> = {
  open_new_tab: 'Meninggalkan halaman tes (pindah tab atau jendela)',
  face: 'Wajah tidak terdeteksi atau terlihat lebih dari satu wajah',
  speech: 'Percakapan terdeteksi',
};

/**
 * Sent by the SPA with a draft or submission replayed from its offline outbox: how long it waited
 * (ms). The server counts such requests as offline replays on the reviewers' timeline.
 */
export const OUTBOX_QUEUED_HEADER = 'x-epot-queued-ms';
