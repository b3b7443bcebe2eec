import { describe, expect, it } from 'vitest';
import { plannedShipAt } from './shipments.ts';

// WIB = UTC+7: 08.00 WIB is 01:00Z.
describe('plannedShipAt (spec 4: next working day, 08.00-15.00 WIB)', () => {
  it.each([
    ['Monday afternoon -> Tuesday', '2026-11-16T07:00:00Z', '2026-11-17T01:00:00.000Z'],
    ['Wednesday 23.30 WIB -> Thursday', '2026-11-18T16:30:00Z', '2026-11-19T01:00:00.000Z'],
    ['Thursday 00.30 WIB (still Wednesday in UTC) -> Friday', '2026-11-18T17:30:00Z', '2026-11-20T01:00:00.000Z'],
    ['Friday -> Monday', '2026-11-20T03:00:00Z', '2026-11-23T01:00:00.000Z'],
    ['Saturday 01.00 WIB (Friday in UTC) -> Monday', '2026-11-20T18:00:00Z', '2026-11-23T01:00:00.000Z'],
    ['Sunday -> Monday', '2026-11-22T05:00:00Z', '2026-11-23T01:00:00.000Z'],
    ['Thursday 31 December -> Friday 1 January', '2026-12-31T05:00:00Z', '2027-01-01T01:00:00.000Z'],
  ])('%s', (_name, completed, planned) => {
    const at = plannedShipAt(new Date(completed));
    expect(at.toISOString()).toBe(planned);
    // Always a weekday at 08.00 WIB.
    const wib = new Date(at.getTime() + 7 * 3600_000);
    expect([1, 2, 3, 4, 5]).toContain(wib.getUTCDay());
    expect(wib.getUTCHours()).toBe(8);
  });
});
