// Test-day sessions (issue 30): the window rules and every sentence a member or staff member reads.
// Times in messages are WIB (the console and the member's test list also show the member's own zone).

/** At most this many members in one session (a campus Saturday is ~600; room to spare). */
export const MAX_SESSION_MEMBERS = 5000;
export const MAX_SESSION_PROCTORS = 50;
/** A window longer than this is a typo, not a test day. */
export const MAX_SESSION_HOURS = 24 * 7;

const wib = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
/** "Sabtu, 5 Desember 2026 pukul 09.00 WIB" */
export const wibText = (iso: string | Date) => `${wib.format(new Date(iso))} WIB`;

export const SESSION_MESSAGES = {
  notFound: 'Sesi tes tidak ditemukan',
  created: 'Sesi tes dibuat',
  ended: 'Sesi tes diakhiri',
  alreadyEnded: 'Sesi tes ini sudah diakhiri',
  badWindow: 'Waktu sesi tidak urut: buka ≤ batas mulai ≤ tutup',
  tooLong: `Sesi tes paling lama ${MAX_SESSION_HOURS / 24} hari`,
  closesInPast: 'Waktu tutup sesi sudah lewat',
  membersOutOfScope: 'Sebagian peserta tidak ditemukan di lembaga ini',
  noMembers: 'Pilih minimal satu peserta',
  tooManyMembers: `Satu sesi paling banyak ${MAX_SESSION_MEMBERS} peserta`,
  unknownEmails: (emails: string[]) => `E-mail berikut tidak terdaftar sebagai peserta lembaga ini: ${emails.slice(0, 10).join(', ')}${emails.length > 10 ? ` dan ${emails.length - 10} lainnya` : ''}`,
  proctorsOutOfScope: 'Sebagian pengawas tidak ditemukan di lembaga ini',
  reasonRequired: 'Alasan wajib diisi',
  /** The member's test list and the refused start, before the window opens. */
  notOpenYet: (name: string, opensAt: string | Date) => `Tes Anda dijadwalkan dalam sesi "${name}". Tes dapat dimulai mulai ${wibText(opensAt)}.`,
  /** After the last start (or after staff ended the session): whom to ask. */
  lastStartPassed: (name: string, lastStartAt: string | Date) =>
    `Batas mulai tes untuk sesi "${name}" sudah lewat (${wibText(lastStartAt)}). Hubungi pengawas atau admin lembaga Anda untuk dijadwalkan ulang.`,
  endedEarly: (name: string) => `Sesi "${name}" sudah diakhiri oleh pengawas. Hubungi pengawas atau admin lembaga Anda untuk dijadwalkan ulang.`,
} as const;

export type SessionPhase = 'scheduled' | 'open' | 'started_closed' | 'closed' | 'ended';
/** Where a session stands at `now`: before it opens, taking starts, past the last start, past its close, ended early. */
export function sessionPhase(s: { opens_at: Date; last_start_at: Date; closes_at: Date; ended_at: Date | null }, now: Date): SessionPhase {
  if (s.ended_at && s.ended_at.getTime() <= now.getTime()) return 'ended';
  const t = now.getTime();
  if (t < s.opens_at.getTime()) return 'scheduled';
  if (t <= s.last_start_at.getTime()) return 'open';
  if (t < s.closes_at.getTime()) return 'started_closed';
  return 'closed';
}

export const SESSION_PHASE_LABELS: Record<SessionPhase, string> = {
  scheduled: 'Terjadwal', open: 'Dibuka', started_closed: 'Pendaftaran mulai ditutup', closed: 'Selesai', ended: 'Diakhiri',
};

/** Extra minutes a proctor may give at once after a technical failure. */
export const MAX_LIVE_EXTRA_MINUTES = 60;
/** A banner message to members: short, like the catalogue's own notices. */
export const MAX_SESSION_MESSAGE = 280;

export const LIVE_MESSAGES = {
  extraTimeGiven: (minutes: number) => `Tambahan waktu ${minutes} menit diberikan`,
  reentryAllowed: 'Peserta boleh masuk kembali; jawabannya tetap tersimpan',
  messageSent: 'Pesan dikirim ke peserta',
  noOpenSection: 'Peserta tidak sedang mengerjakan bagian tes',
  noReentry: 'Masuk kembali hanya untuk peserta yang tesnya belum selesai dan terputus di tengah bagian tes',
  notAMember: 'Peserta ini tidak terdaftar di sesi ini',
  sessionOver: 'Sesi tes ini sudah selesai',
  /** The member's banner heading and the extra time notice in the exam. */
  bannerTitle: 'Pesan dari pengawas',
  extraTimeNotice: (minutes: number) => `Pengawas menambahkan waktu ${minutes} menit untuk bagian ini.`,
  reentryNotice: 'Pengawas mengizinkan Anda melanjutkan tes. Jawaban Anda tetap tersimpan.',
  sessionEndedNotice: 'Pengawas mengakhiri sesi tes. Selesaikan bagian yang sedang Anda kerjakan.',
} as const;

export const LIVE_STATE_LABELS = {
  not_arrived: 'Belum hadir', logged_in: 'Sudah login', device_check: 'Cek perangkat', listening: 'Listening', structure: 'Structure',
  reading: 'Reading', between: 'Antarbagian', break: 'Istirahat', submitted: 'Selesai', disqualified: 'Gugur',
} as const;

export const LIVE_FLAG_LABELS = {
  tab: 'Meninggalkan halaman', face: 'Wajah', speech: 'Suara', gap: 'Bukti terputus',
} as const;

/** The feed's sentence for one event (what a proctor reads as it happens). */
export const LIVE_EVENT_TEXTS = {
  login: 'login', device_check: 'mulai cek perangkat', section_start: (s: string) => `mulai ${s}`, section_end: (s: string) => `menyelesaikan ${s}`,
  break_start: 'mulai istirahat', finished: 'menyelesaikan tes', disqualified: 'gugur', returned: (seconds: number) => `kembali ke halaman tes setelah ${seconds} detik`,
  flag: (label: string) => `tanda: ${label}`, deadline: (minutes: number) => `mendapat tambahan waktu ${minutes} menit`, reentry: 'diizinkan masuk kembali',
  message: 'Pesan pengawas', session_end: 'Sesi diakhiri',
} as const;
