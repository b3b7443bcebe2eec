// The candidate's rights (issue 19): what a deletion keeps and removes, and the mail confirming it.
// Indonesian texts, shared by the server (mail, messages) and the account page.

/** Kept for issued certificates (their verification needs the name, the scores and the number). */
export const DELETION_KEEPS = ['nama pada sertifikat', 'skor dan level', 'nomor sertifikat'] as const;

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
} as const;

/** The audience of a deletion receipt (a JWS, HS256 with the server's secret). */
export const DELETION_RECEIPT_AUDIENCE = 'epot-privacy-receipt';
