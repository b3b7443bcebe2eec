// The candidate's rights (issue 19): what a deletion keeps and removes, the mail confirming it, the
// consent ledger's kinds and versions, the privacy requests staff see, and the server's messages.
// Indonesian texts, shared by the server (mail, messages), the account page and the console.

/** Kept for issued certificates (their verification needs the name, the scores and the number). */
export const DELETION_KEEPS = ['nama pada sertifikat', 'skor dan level', 'nomor sertifikat'] as const;

/**
 * Kept after every deletion, certificate or not (issue 29 item 4: the receipt says exactly what
 * stays): the anonymised attempt's scores, its violation counts, the consents' versions and times,
 * and staff audit entries that name the account by id only.
 */
export const DELETION_KEEPS_ALWAYS = [
  'skor dan level', 'jumlah pelanggaran per jenis', 'versi dan waktu persetujuan', 'catatan audit staf (hanya nomor akun)',
] as const;

export const PRIVACY_MESSAGES = {
  deletionDone: 'Data Anda telah dihapus. Konfirmasi dan tanda terima dikirim ke email Anda.',
  deletionNeedsPassword: 'Masukkan kata sandi Anda untuk mengonfirmasi penghapusan.',
  deletionWrongPassword: 'Kata sandi salah.',
  mailSubject: 'Konfirmasi penghapusan data EPOT',
  mailBody: (when: string, removed: string[], kept: string[], receipt: string) => [
    `Permintaan penghapusan data akun EPOT Anda telah dijalankan pada ${when}.`,
    '',
    `Dihapus: ${removed.join(', ')}.`,
    kept.length ? `Disimpan karena sertifikat yang sudah terbit: ${kept.join(', ')}.` : 'Tidak ada data yang disimpan.',
    '',
    'Tanda terima (ditandatangani server EPOT, dapat diverifikasi oleh admin):',
    receipt,
  ].join('\n'),
  /** The start signal of a camera-proctored test without a live biometric consent. */
  biometricRequired: 'Berikan persetujuan pengambilan foto wajah di halaman Perhatian sebelum memulai tes.',
  /** A proctoring photo after the member withdrew the biometric consent. */
  biometricWithdrawn: 'Persetujuan pengambilan foto wajah telah Anda tarik. Foto pengawasan tidak diterima.',
  consentWithdrawn: 'Persetujuan telah ditarik.',
  nothingToWithdraw: 'Tidak ada persetujuan aktif yang dapat ditarik.',
} as const;

/** The audience of a deletion receipt (a JWS, HS256 with the server's secret). */
export const DELETION_RECEIPT_AUDIENCE = 'epot-privacy-receipt';

/**
 * The consent ledger's kinds: the test's rules ('terms': the agreement to take the test, not
 * withdrawable), the camera and face photos ('biometric': specific personal data, its own consent)
 * and cloud speech recognition ('cloud_speech': only where the institution allows it).
 */
export const CONSENT_KINDS = ['terms', 'biometric', 'cloud_speech'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const WITHDRAWABLE_CONSENTS = ['biometric', 'cloud_speech'] as const;
export type WithdrawableConsent = (typeof WITHDRAWABLE_CONSENTS)[number];

/** Versions of the consent texts on the preparation page (src/i18n/messages.ts); bump on a change. */
export const BIOMETRIC_CONSENT_VERSION = '2026-12-01';
export const CLOUD_SPEECH_CONSENT_VERSION = '2026-12-01';

/** A privacy request in the console: a data export or a deletion, by the member or through staff. */
export const PRIVACY_REQUEST_KINDS = ['export', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_CHANNELS = ['account', 'staff'] as const;
export type PrivacyRequestChannel = (typeof PRIVACY_REQUEST_CHANNELS)[number];

/** The server's answers to staff on privacy requests. */
export const PRIVACY_STAFF_MESSAGES = {
  deletionDone: 'Data anggota telah dihapus. Tanda terima dikirim ke alamat email lama anggota.',
  receiptResent: 'Tanda terima telah dikirim ulang',
  notADeletion: 'Hanya permintaan penghapusan yang memiliki tanda terima',
  receiptAddressGone: 'Alamat email untuk tanda terima sudah dihapus sesuai masa retensi; tanda terima tidak dapat dikirim ulang',
  alreadyDeleted: 'Data anggota ini sudah dihapus',
  mailFailed: 'Email tidak dapat dikirim. Coba lagi nanti.',
} as const;

/** The audit log's actions for privacy requests. */
export const PRIVACY_AUDIT_ACTIONS = { deletion: 'privacy.deletion', receiptResend: 'privacy.receipt-resend' } as const;
