// Retention holds: rows the sweep must keep past their period because something still needs them
// (UU PDP art. 44(1)(c): data tied to a case not yet settled). One predicate per class, written over
// that class's table; a row for which it is true is skipped until the hold ends, then swept at the
// next pass. Only the classes tied to a test can be held; the others have nothing a case could need.
//
// The holds in force are the proctor review's (issue 17): everything of an attempt whose review or
// appeal is open (services/review/queue.ts heldOrderCondition) — its photos, violation details,
// answers, proctoring events and device reports — survives until the case is closed.
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { deviceReports, media, orderSections, proctoringEvents, violations } from '../../db/schema/index.ts';
import { ensureRisks } from '../review/evidence.ts';
import { heldOrderCondition } from '../review/queue.ts';

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

const held = (orderId: SQL) => heldOrderCondition(orderId);

export const RETENTION_HOLDS: RetentionHolds = {
  // A photo is an attempt's by a violation that points at it or by a section's list of photos.
  photos: () => sql`${media.id}::text in (
    select ${violations.image_media_id}::text from ${violations}
      where ${violations.image_media_id} is not null and ${held(sql`${violations.order_id}`)}
    union all
    select jsonb_array_elements_text(${orderSections.images}) from ${orderSections} where ${held(sql`${orderSections.order_id}`)}
  )`,
  violation_details: () => held(sql`${violations.order_id}`),
  answers: () => held(sql`${orderSections.order_id}`),
  proctoring_events: () => held(sql`${proctoringEvents.order_id}`),
  device_reports: () => held(sql`${deviceReports.order_id}`),
};

/**
 * What the holds read must exist first: the review's risk rows of finished attempts are made
 * lazily (a high-risk attempt nobody opened yet is held too). Cheap when there is nothing to make.
 */
export async function prepareHolds(db: AppDb): Promise<void> {
  await ensureRisks(db);
}
