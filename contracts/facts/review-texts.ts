// Proctor review texts only the server and the staff console use (decision labels, the review routes'
// messages, the risk reasons' wording, the candidate's mails, the violation reasons on the appeal
// screen, which the server sends). Not re-exported by ./index.ts: import this file directly, so the
// candidate app's chunks never carry it.
import type { AppealOutcome, ReviewDecision } from './review.ts';

export const DECISION_LABELS: Record<ReviewDecision, string> = {
  valid: 'Sah (hasil tetap berlaku)',
  invalidated: 'Dibatalkan (sertifikat dicabut)',
  disqualification_upheld: 'Diskualifikasi dikuatkan',
  disqualification_overturned: 'Diskualifikasi dibatalkan (tes dinilai)',
};

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

/** Mail to the candidate when a decision about their attempt takes effect or their appeal is answered. */
export const REVIEW_MAIL = {
  decisionSubject: 'Hasil peninjauan tes EPOT Anda',
  appealSubject: 'Jawaban banding tes EPOT Anda',
  /** `released`: the certificate was held for missing proctoring evidence and is issued now (issue 27). */
  decisionText: (orderNo: string, decision: ReviewDecision, released = false) => {
    const what = {
      valid: released ? 'Hasil tes Anda berlaku dan sertifikat Anda sudah tersedia di aplikasi EPOT.' : 'Hasil tes Anda tetap berlaku.',
      invalidated: 'Hasil tes Anda dibatalkan dan sertifikatnya dicabut. Anda dapat mengajukan banding dari aplikasi EPOT.',
      disqualification_upheld: 'Diskualifikasi tes Anda tetap berlaku.',
      disqualification_overturned: 'Diskualifikasi tes Anda dibatalkan. Tes Anda dinilai dari jawaban yang tersimpan dan sertifikat Anda sudah tersedia di aplikasi EPOT.',
    }[decision];
    return `Tes EPOT Anda dengan nomor pesanan ${orderNo} telah ditinjau oleh pengawas.\n\n${what}\n\nTerima kasih.`;
  },
  appealText: (orderNo: string, outcome: AppealOutcome, note: string) =>
    `Banding Anda untuk tes EPOT dengan nomor pesanan ${orderNo} telah ditinjau.\n\n${APPEAL_OUTCOME_LABELS[outcome]}.\n\nCatatan peninjau:\n${note}\n\nAnda juga dapat melihat jawaban ini di aplikasi EPOT.`,
} as const;

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
  face_still: (ms: number, section: string) => `tidak ada wajah yang bergerak (mungkin foto) selama ${formatReasonDuration(ms)} di ${sectionWord(section)}`,
  face_still_beside: (n: number) => `wajah diam di samping peserta ${n} kali (tidak dihitung sebagai orang kedua)`,
  photos_missing: (missing: number, section: string) => `${missing} foto pengawasan wajib tidak diterima server di ${sectionWord(section)}`,
  photo_late: (ms: number, section: string) => `jeda foto pengawasan terlalu lama (${formatReasonDuration(ms)}) di ${sectionWord(section)}`,
  heartbeat_gap: (ms: number, section: string) => `sinyal pemantauan tidak diterima selama ${formatReasonDuration(ms)} di ${sectionWord(section)} sementara jawaban tetap tersimpan`,
  monitoring_off: (ms: number, section: string) => `kamera atau deteksi wajah tidak aktif selama ${formatReasonDuration(ms)} di ${sectionWord(section)} (menurut sinyal pemantauan)`,
  silent_end: (ms: number, section: string) => `pemantauan diam selama ${formatReasonDuration(ms)} terakhir di ${sectionWord(section)}`,
} as const;

/** What a candidate sees next to each of their own violations (appeal screen). */
export const VIOLATION_REASONS: Record<string, string> = {
  open_new_tab: 'Meninggalkan halaman tes (pindah tab atau jendela)',
  face: 'Wajah tidak terdeteksi atau terlihat lebih dari satu wajah',
  speech: 'Percakapan terdeteksi',
};
