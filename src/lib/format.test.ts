import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatClock, formatDate, formatRupiah, truncate } from './format.ts';

describe('format', () => {
  it('formats timers as hh:mm:ss', () => {
    expect(formatClock(3300)).toBe('00:55:00');
    expect(formatClock(3661)).toBe('01:01:01');
    expect(formatClock(-5)).toBe('00:00:00');
  });
  it('formats dates in Indonesian', () => {
    expect(formatDate('2026-08-17T10:00:00Z')).toMatch(/17 Agustus 2026/);
    expect(formatDate('not a date')).toBe('');
  });
  it('formats a calendar date as that day in every time zone (a QR credential\'s test date)', () => {
    expect(formatCalendarDate('2026-11-21')).toBe('21 November 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('formats rupiah and truncates', () => {
    expect(formatRupiah(150000)).toBe('Rp 150.000');
    expect(truncate('a'.repeat(80), 70)).toHaveLength(73);
    expect(truncate('short', 70)).toBe('short');
  });
});
