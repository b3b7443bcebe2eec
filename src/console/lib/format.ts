// id-ID formatting for the console (dates with time, counts).
const dateTime = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric' });
const number = new Intl.NumberFormat('id-ID');

const valid = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const formatStaffDateTime = (v: string | null | undefined): string => { const d = valid(v); return d ? dateTime.format(d) : '–'; };
export const formatStaffDate = (v: string | null | undefined): string => { const d = valid(v); return d ? date.format(d) : '–'; };
export const formatCount = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : number.format(n));
/** A score with its decimals as id-ID writes them (comma), or a dash. */
export const formatScore = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : number.format(n));

// Review screens: times in WIB (Asia/Jakarta) with seconds, whatever the reviewer's own zone.
const wibDateTime = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
});
const wibTime = new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit', second: '2-digit' });
export const formatWibDateTime = (v: string | null | undefined): string => { const d = valid(v); return d ? `${wibDateTime.format(d)} WIB` : '–'; };
export const formatWibTime = (v: string | null | undefined): string => { const d = valid(v); return d ? wibTime.format(d) : '–'; };

/** "2 mnt 10 dtk", "48 dtk", "1 jam 5 mnt" for durations on the timeline. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} jam${m ? ` ${m} mnt` : ''}`;
  if (m > 0) return `${m} mnt${sec ? ` ${sec} dtk` : ''}`;
  return `${sec} dtk`;
}
