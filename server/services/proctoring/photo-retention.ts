// Retention of proctoring photos (PHOTO_RETENTION_DAYS, default 180; one class of
// services/retention, which runs it): photos members uploaded
// (media rows with source 'upload' and an owner) older than N days are deleted, file first, then
// the row. Exam media ('import') and certificates are never touched.
//
// References are kept on purpose: order_sections.images and violations.image_media_id hold plain
// ids without foreign keys, so they stay as the record that a photo was taken; they simply resolve
// to nothing afterwards (media detail 404, image_url null in detail-full).
//
// Evidence survives its use (issue 17): photos of an attempt whose review or appeal is open are kept
// until it is closed (the photos hold in services/retention/holds.ts); then they age out as any other.
import { and, asc, eq, inArray, isNotNull, lt, not, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { prepareHolds, RETENTION_HOLDS } from '../retention/holds.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes photos created before now - days; returns how many. Files go first: a crash in between
 * leaves rows whose files are gone, which the next run deletes (a missing file is not an error).
 */
export async function sweepOldPhotos(
  db: AppDb, store: BlobStore, now: Date, days: number, opts: { batch?: number; hold?: (() => SQL) | undefined } = {},
): Promise<number> {
  if (!(days > 0)) return 0;
  const batch = opts.batch ?? 200;
  const hold = 'hold' in opts ? opts.hold : RETENTION_HOLDS.photos;
  if (hold) await prepareHolds(db);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const rows = await db.select({ id: media.id, storage_key: media.storage_key }).from(media)
      // A photo under a hold (services/retention/holds.ts) waits for the next pass after the hold ends.
      .where(and(eq(media.source, 'upload'), isNotNull(media.owner_user_id), lt(media.created_at, cutoff), hold ? not(hold()) : undefined))
      .orderBy(asc(media.created_at)).limit(batch);
    if (rows.length === 0) return deleted;
    for (const r of rows) await store.delete(r.storage_key);
    const gone = await db.delete(media).where(inArray(media.id, rows.map((r) => r.id))).returning({ id: media.id });
    deleted += gone.length;
    if (rows.length < batch) return deleted;
  }
}
