import { describe, expect, it } from 'vitest';
import { faketimeOffset } from '../clock-ahead.ts';

describe('the clock-ahead guard', () => {
  it('lands on a Saturday 23.40 WIB at least 400 days ahead, whatever the day it runs', () => {
    for (const from of ['2026-11-24T09:00:00Z', '2027-02-28T23:59:59Z', '2028-12-31T16:40:01Z', '2026-11-28T16:39:00Z']) {
      const now = new Date(from);
      const { offset, target } = faketimeOffset(now);
      const days = (target.getTime() - now.getTime()) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(400);
      expect(days).toBeLessThan(407);
      // 16:40 UTC on a Saturday is 23:40 WIB the same Saturday.
      expect(target.getUTCDay()).toBe(6);
      expect(target.toISOString().slice(11, 19)).toBe('16:40:00');
      expect(offset).toBe(`+${Math.round((target.getTime() - now.getTime()) / 1000)}s`);
    }
  });
});
