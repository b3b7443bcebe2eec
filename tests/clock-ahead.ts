// Where `npm test` moves the clock for its time-bomb guard (the unit-clock-ahead step).
/**
 * The time-bomb guard's clock: the first Saturday 23:40 WIB (16:40 UTC) at least 400 days from
 * now, as a libfaketime offset. From there the suite crosses a weekend night into Sunday (WIB and
 * UTC dates differ), month and year boundaries lie behind it, and so does any one-year validity
 * that a test fixed in calendar terms. It moves with the real date, so it is always ahead.
 */
export function faketimeOffset(now = new Date()): { offset: string; target: Date } {
  const target = new Date(now.getTime() + 400 * 86_400_000);
  target.setUTCHours(16, 40, 0, 0);
  while (target.getUTCDay() !== 6 || target.getTime() < now.getTime() + 400 * 86_400_000) target.setUTCDate(target.getUTCDate() + 1);
  return { offset: `+${Math.round((target.getTime() - now.getTime()) / 1000)}s`, target };
}
