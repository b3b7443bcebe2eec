// The server's user-visible messages that the spec names or the SPA reacts to, verbatim, each under
// a code. Failures carry them as the error body's `message`, successes as the envelope's `message`.
// Clients match a received text with matchServerMessage() and compare codes, never re-typed strings.
import { SECTION_NAMES, type SectionName } from './sections.ts';

export const SERVER_MESSAGES = {
  // Spec test-sections 8: the test is over (the SPA goes to the end page, 'gugur' when disqualified).
  testFinished: 'Maaf, Tes ini sudah selesai',
  testDisqualified: 'Maaf, Tes ini sudah selesai dan terdiskualifikasi',
  testNotStarted: 'Tes belum dimulai',
  timeUp: 'Waktu section sudah habis',
  noExam: 'Soal tes belum tersedia, silakan hubungi admin',
  /** Success message of a submission or violation report that disqualified the order. */
  testStopped: 'Tes dihentikan',
  answerSaved: 'Jawaban berhasil disimpan',
  orderNotFound: 'Pesanan tidak ditemukan',
  // Spec accounts 8.
  licenceRedeemed: 'Kode Lisensi berhasil di redeem',
  notRegistered: 'Email Anda tidak terdaftar pada sistem kami',
  otpSent: 'OTP berhasil dikirim',
  profileSaved: 'Data Anda berhasil disimpan',
  passwordChanged: 'Password Anda berhasil diubah',
  wrongCurrentPassword: 'Current password Anda salah',
  ssoFailed: 'Something went wrong',
  /** Every 401 of a member call: missing, forged, expired or revoked token. */
  sessionExpired: 'Sesi Anda telah berakhir, silakan login kembali',
} as const;

/** Messages that name a section; spec test-sections 8 names 'Maaf, section reading sudah selesai'. */
export const SECTION_MESSAGES = {
  sectionClosed: (section: SectionName) => `Maaf, section ${section} sudah selesai`,
  finishFirst: (section: SectionName) => `Selesaikan section ${section} terlebih dahulu`,
  sectionNotStarted: (section: SectionName) => `Section ${section} belum dimulai`,
} as const;

export type FixedMessageCode = keyof typeof SERVER_MESSAGES;
export type SectionMessageCode = keyof typeof SECTION_MESSAGES;
export type ServerMessageCode = FixedMessageCode | SectionMessageCode;

export interface MatchedServerMessage {
  code: ServerMessageCode;
  /** Set for the SECTION_MESSAGES codes. */
  section?: SectionName;
}

const byText = new Map<string, MatchedServerMessage>();
for (const [code, text] of Object.entries(SERVER_MESSAGES)) byText.set(text, { code: code as FixedMessageCode });
for (const [code, make] of Object.entries(SECTION_MESSAGES)) {
  for (const section of SECTION_NAMES) byText.set(make(section), { code: code as SectionMessageCode, section });
}

/** The code (and section) of a server message, or null for any other text. */
export function matchServerMessage(text: string): MatchedServerMessage | null {
  const found = byText.get(text);
  return found ? { ...found } : null;
}
