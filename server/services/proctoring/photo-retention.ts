// Retention of proctoring photos (PHOTO_RETENTION_DAYS, default 180): photos members uploaded
// (media rows with source 'upload' and an owner) older than N days are deleted, file first, then
// the row. Exam media ('import') and certificates are never touched.
//
// References are kept on purpose: order_sections.images and violations.image_media_id hold plain
// ids without foreign keys, so they stay as the record that a photo was taken; they simply resolve
// to nothing afterwards (media detail 404, image_url null in detail-full).
//
// Evidence survives its use (issue 17): photos referenced by an attempt whose review or appeal is
// open (services/review/queue.ts heldOrderCondition) are kept until it is closed; then they age out
// as any other photo. The risk rows the hold needs are made first (ensureRisks).
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { media, orderSections, violations } from '../../db/schema/index.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { ensureRisks } from '../review/evidence.ts';
import { heldOrderCondition } from '../review/queue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes photos created before now - days; returns how many. Files go first: a crash in between
 * leaves rows whose files are gone, which the next run deletes (a missing file is not an error).
 */
export async function sweepOldPhotos(db: AppDb, store: BlobStore, now: Date, days: number, batch = 200): Promise<number> {
  if (!(days > 0)) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  await ensureRisks(db);
  const held = sql`${media.id}::text not in (
    select ${violations.image_media_id}::text from ${violations}
      where ${violations.image_media_id} is not null and ${heldOrderCondition(sql`${violations.order_id}`)}
    union all
    select jsonb_array_elements_text(${orderSections.images}) from ${orderSections} where ${heldOrderCondition(sql`${orderSections.order_id}`)}
  )`;
  let deleted = 0;
  for (;;) {
    const rows = await db.select({ id: media.id, storage_key: media.storage_key }).from(media)
      .where(and(eq(media.source, 'upload'), isNotNull(media.owner_user_id), lt(media.created_at, cutoff), held))
      .orderBy(asc(media.created_at)).limit(batch);
    if (rows.length === 0) return deleted;
    for (const r of rows) await store.delete(r.storage_key);
    const gone = await db.delete(media).where(inArray(media.id, rows.map((r) => r.id))).returning({ id: media.id });
    deleted += gone.length;
    if (rows.length < batch) return deleted;
  }
}
