// Serving stored media: the row behind a signed file URL, a member's own media, and byte ranges
// (audio seeking).
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';

/** What serving a file needs: its type, where the bytes are, and which store ('upload': the photo store). */
export async function mediaFile(db: AppDb, id: string) {
  const [row] = await db.select({ mime: media.mime, storage_key: media.storage_key, source: media.source }).from(media).where(eq(media.id, id));
  return row;
}

/** One of the member's own media (proctoring photos, certificates), or undefined. */
export async function ownMedia(db: AppDb, ownerId: string, id: string) {
  const [row] = await db.select({ id: media.id, title: media.title, source: media.source, type: media.type, duration_ms: media.duration_ms })
    .from(media).where(and(eq(media.id, id), eq(media.owner_user_id, ownerId)));
  return row;
}

/** A single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; null when absent or not one we serve. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
