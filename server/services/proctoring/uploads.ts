// Member uploads (proctoring photos, spec test-sections 4.7 and 7). The type comes from the bytes,
// never from the client's name or Content-Type; the name the client sent is never used (names with
// path separators are refused outright); the storage key is server-chosen. Each member has a quota
// of files and bytes, checked again under a lock on the member's row, so parallel uploads cannot
// overshoot it together.
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.ts';
import { media, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { BlobStore } from '../media/blob-store.ts';

export interface DetectedType { mime: 'image/jpeg' | 'image/png' | 'application/pdf'; ext: 'jpg' | 'png' | 'pdf'; type: 'image' | 'pdf' }

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [...'%PDF-'].map((c) => c.charCodeAt(0));

/**
 * JPEG or PNG by their magic bytes; PDF (`%PDF-`) only when `allowPdf` (certificates the server
 * makes itself, never a member's upload). Null for anything else.
 */
export function detectFileType(bytes: Uint8Array, opts: { allowPdf?: boolean } = {}): DetectedType | null {
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', ext: 'jpg', type: 'image' };
  if (startsWith(bytes, PNG)) return { mime: 'image/png', ext: 'png', type: 'image' };
  if (opts.allowPdf && startsWith(bytes, PDF)) return { mime: 'application/pdf', ext: 'pdf', type: 'pdf' };
  return null;
}

/** A client file name we accept to receive (and then ignore): no path separators, no dot-only names. */
export function isAcceptableClientFilename(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length <= 255 && !/[/\\\u0000-\u001f]/.test(name) && !/^\.+$/.test(name.trim());
}

export const UPLOAD_MESSAGES = {
  noFile: 'File wajib diunggah',
  notImage: 'File harus berupa gambar JPEG atau PNG',
  tooLarge: (maxBytes: number) => `Ukuran file maksimal ${formatSize(maxBytes)}`,
  badName: 'Nama file tidak valid',
  badSource: "Sumber unggahan harus 'upload'",
  badTitle: 'Judul maksimal 200 karakter',
  quota: 'Kuota unggahan foto Anda sudah penuh',
  notMultipart: 'Unggahan harus berupa multipart/form-data',
  oneFile: 'Kirim tepat satu file pada field file',
} as const;

/** 2 MB, 1,5 MB, 4 KB (Indonesian decimal comma). */
function formatSize(bytes: number): string {
  const [n, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MB'] : [bytes / 1024, 'KB'];
  return `${Number.isInteger(n) ? n : n.toFixed(1).replace('.', ',')} ${unit}`;
}

export interface UploadLimits { maxBytes: number; quotaFiles: number; quotaBytes: number }

/** The member's uploads so far (only source 'upload' counts against the quota). */
export async function uploadUsage(db: AppDb | AppTx, ownerId: string) {
  const [row] = await db.select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${media.byte_size}), 0)::float8` })
    .from(media).where(and(eq(media.owner_user_id, ownerId), eq(media.source, 'upload')));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

const overQuota = (usage: { files: number; bytes: number }, size: number, limits: UploadLimits) =>
  usage.files + 1 > limits.quotaFiles || usage.bytes + size > limits.quotaBytes;

/** `now` stamps the row: retention counts from it. */
export interface StoreUploadInput { ownerId: string; title: string; bytes: Uint8Array; now: Date }

/** Checks type, size and quota, stores the bytes, then the row; returns the media row. */
export async function storeUpload(db: AppDb, store: BlobStore, input: StoreUploadInput, limits: UploadLimits) {
  const detected = detectFileType(input.bytes);
  if (!detected || detected.type !== 'image') throw new HttpError(400, UPLOAD_MESSAGES.notImage);
  if (input.bytes.length > limits.maxBytes) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge(limits.maxBytes));
  // Cheap check first, so a full quota costs no write.
  if (overQuota(await uploadUsage(db, input.ownerId), input.bytes.length, limits)) throw new HttpError(409, UPLOAD_MESSAGES.quota);
  const key = await store.put(input.bytes, detected.ext);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.ownerId)).for('update');
      if (overQuota(await uploadUsage(tx, input.ownerId), input.bytes.length, limits)) throw new HttpError(409, UPLOAD_MESSAGES.quota);
      const [row] = await tx.insert(media).values({
        title: input.title, source: 'upload', type: 'image', mime: detected.mime, storage_key: key,
        byte_size: input.bytes.length, owner_user_id: input.ownerId, created_at: input.now,
      }).returning();
      return row!;
    });
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
}
