// Retention holds: rows the sweep must keep past their period because something still needs them
// (UU PDP art. 44(1)(c): data tied to a case not yet settled). One predicate per class, written over
// that class's table (below); a row for which it is true is skipped until the hold ends, then swept
// at the next pass. Issue 17 (review and appeals) adds e.g. for photos:
//   photos: () => sql`exists (select 1 from <open reviews> r where r.<photo id> = ${media.id})`
// Only the classes tied to a test can be held; the others have nothing a case could need.
import type { SQL } from 'drizzle-orm';
import type { deviceReports, media, orderSections, proctoringEvents, violations } from '../../db/schema/index.ts';

/** The table each holdable class's predicate is written over. */
export interface HoldTables {
  photos: typeof media;
  violation_details: typeof violations;
  answers: typeof orderSections;
  proctoring_events: typeof proctoringEvents;
  device_reports: typeof deviceReports;
}
export type HoldableClass = keyof HoldTables;

/** A predicate over the class's table: true = keep this row for now. */
export type RetentionHolds = Partial<Record<HoldableClass, () => SQL>>;

/** The holds in force. None yet: issue 17 adds the open reviews and appeals here. */
export const RETENTION_HOLDS: RetentionHolds = {};
