// Formatting used everywhere (spec section 9): Indonesian dates, 'Rp' currency, truncation filters.
const dateFmt = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
const rupiahFmt = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateFmt.format(d) : '';
}

const calendarFmt = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar date 'YYYY-MM-DD' (no instant behind it), e.g. '20 November 2026' in every time zone. */
export function formatCalendarDate(ymd: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? new Date(`${ymd}T00:00:00Z`) : null;
  return d && !Number.isNaN(d.getTime()) ? calendarFmt.format(d) : ymd;
}

export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateTimeFmt.format(d) : '';
}

export function formatRupiah(amount: number): string {
  return `Rp ${rupiahFmt.format(amount)}`;
}

export function truncate(text: string, max: 70 | 150 | number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** hh:mm:ss for timers (spec: time shown in hours, minutes, seconds). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
