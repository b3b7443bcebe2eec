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
