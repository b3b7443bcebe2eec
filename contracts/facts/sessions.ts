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
