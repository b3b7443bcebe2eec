// Images the operator uploads for a company's test-list dialogs: the announcement's and the
// maintenance screen's. The type comes from the bytes (JPEG or PNG, as member photos), the key is
// server-chosen, the file goes to the blob store and a media row (source 'announcement' or
// 'maintenance', no owner: the photo retention sweep never takes it) records it. They are served
// publicly at a site-relative URL (/api/public/v1/announcement-image/:id or …/maintenance-image/:id),
// which the page's img-src 'self' allows, and put in the company's settings with the other images.
import { and, eq } from 'drizzle-orm';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES, OPERATOR_MESSAGES, STAFF_MESSAGES } from '../../../contracts/facts/index.ts';
import type { AppDb } from '../../db/client.ts';
import { companies, media } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { BlobStore } from '../media/blob-store.ts';
import { detectFileType } from '../proctoring/uploads.ts';
import { appendAudit, type AuditActor } from '../staff/audit.ts';

export type CompanyImageKind = 'announcement' | 'maintenance';

/** Per kind: the media source (only those rows are served by the kind's public route), title and audit action. */
const KINDS: Record<CompanyImageKind, { source: string; title: string; action: string }> = {
  announcement: { source: 'announcement', title: 'Pengumuman', action: 'company.announcement_image' },
  maintenance: { source: 'maintenance', title: 'Pemeliharaan', action: 'company.maintenance_image' },
};
export const ANNOUNCEMENT_SOURCE = KINDS.announcement.source;

export interface CompanyImageInput { companyId: string; bytes: Uint8Array; actor: AuditActor; now: Date }

/** Checks type and size, stores the file, then its row (and the audit entry); returns the media id. */
export async function storeCompanyImage(db: AppDb, store: BlobStore, kind: CompanyImageKind, input: CompanyImageInput): Promise<string> {
  const { source, title, action } = KINDS[kind];
  const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, input.companyId));
  if (!company) throw HttpError.notFound(STAFF_MESSAGES.notFound);
  if (input.bytes.length > ANNOUNCEMENT_IMAGE_MAX_BYTES) throw new HttpError(413, OPERATOR_MESSAGES.fileTooLarge(ANNOUNCEMENT_IMAGE_MAX_BYTES / (1024 * 1024)));
  const detected = detectFileType(input.bytes);
  if (!detected || detected.type !== 'image') throw new HttpError(400, OPERATOR_MESSAGES.imageType);
  const key = await store.put(input.bytes, detected.ext);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(media).values({
        title: `${title} ${company.name}`, source, type: 'image', mime: detected.mime,
        storage_key: key, byte_size: input.bytes.length, created_at: input.now,
      }).returning({ id: media.id });
      await appendAudit(tx, input.actor, {
        action, targetType: 'company', targetId: company.id, institutionId: null,
        after: { media_id: row!.id, mime: detected.mime, byte_size: input.bytes.length },
      }, input.now);
      return row!.id;
    });
  } catch (err) {
    await store.delete(key);
    throw err;
  }
}

/** The kind's image file (only those: other media are never served by its route). */
export async function companyImageFile(db: AppDb, kind: CompanyImageKind, id: string) {
  const [row] = await db.select({ mime: media.mime, storage_key: media.storage_key }).from(media)
    .where(and(eq(media.id, id), eq(media.source, KINDS[kind].source)));
  return row;
}
