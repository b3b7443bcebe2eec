// "Download everything EPOT holds about me" (UU PDP art. 7-9, issue 19): a zip streamed by archiver
// with manifest.json (profile, orders with scores, sections with answers, violations, device
// reports, the consent ledger, certificates, appeals, breaks, photos' metadata) and every photo the member uploaded that still
// exists, read through the blob store (disk or S3), as photos/<id>.<ext>.
import { ZipArchive } from 'archiver';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AppDb } from '../../db/client.ts';
import { appeals, certificates, consents, deviceReports, media, orderBreaks, orders, orderSections, users, violations } from '../../db/schema/index.ts';
import type { BlobStore } from '../media/blob-store.ts';

export const EXPORT_FORMAT = 'epot-personal-data/2';

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  generated_at: string;
  profile: Record<string, unknown>;
  orders: Record<string, unknown>[];
  sections: Record<string, unknown>[];
  violations: Record<string, unknown>[];
  device_reports: Record<string, unknown>[];
  consents: Record<string, unknown>[];
  certificates: Record<string, unknown>[];
  /** Issue 17: the member's appeals with their answers. */
  appeals: Record<string, unknown>[];
  /** Issue 18: breaks taken between sections (an accommodation). */
  breaks: Record<string, unknown>[];
  photos: { id: string; file: string | null; title: string; mime: string; byte_size: number; created_at: Date }[];
}

/** Everything held about the member, as the manifest lists it. Null when there is no such member. */
export async function collectPersonalData(db: AppDb, userId: string, now: Date): Promise<{ manifest: ExportManifest; keys: Map<string, string> } | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const { password_hash: _hash, token_version: _version, ...profile } = user;
  const orderRows = await db.select().from(orders).where(eq(orders.user_id, userId)).orderBy(asc(orders.created_at));
  const orderIds = orderRows.map((o) => o.id);
  const byOrders = <T>(run: (ids: string[]) => Promise<T[]>) => (orderIds.length ? run(orderIds) : Promise.resolve([] as T[]));
  const [sections, violationRows, reports, certificateRows, breakRows] = await Promise.all([
    byOrders((ids) => db.select().from(orderSections).where(inArray(orderSections.order_id, ids))),
    byOrders((ids) => db.select().from(violations).where(inArray(violations.order_id, ids))),
    byOrders((ids) => db.select().from(deviceReports).where(inArray(deviceReports.order_id, ids))),
    byOrders((ids) => db.select().from(certificates).where(inArray(certificates.order_id, ids))),
    byOrders((ids) => db.select().from(orderBreaks).where(inArray(orderBreaks.order_id, ids))),
  ]);
  const consentRows = await db.select().from(consents).where(eq(consents.user_id, userId)).orderBy(asc(consents.created_at), asc(consents.kind));
  const appealRows = await db.select().from(appeals).where(eq(appeals.user_id, userId));
  const photos = await db.select().from(media).where(eq(media.owner_user_id, userId)).orderBy(asc(media.created_at));
  const keys = new Map(photos.map((p) => [p.id, p.storage_key]));
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    generated_at: now.toISOString(),
    profile,
    orders: orderRows,
    sections,
    violations: violationRows,
    device_reports: reports,
    // The consent ledger: each consent with the version of its text, when given and withdrawn.
    consents: consentRows.map(({ rules_version, created_at, withdrawn_at, ...c }) => ({ ...c, version: rules_version, given_at: created_at, withdrawn_at })),
    certificates: certificateRows,
    appeals: appealRows,
    breaks: breakRows,
    photos: photos.map((p) => ({
      id: p.id, file: `photos/${p.storage_key.replace(/^[^.]+/, p.id)}`, title: p.title, mime: p.mime, byte_size: p.byte_size, created_at: p.created_at,
    })),
  };
  return { manifest, keys };
}

/** The zip as a stream: each photo, then manifest.json (a photo whose file is gone is listed with file null). */
export function personalDataZip(manifest: ExportManifest, keys: Map<string, string>, store: BlobStore): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    try {
      const photos = [];
      for (const photo of manifest.photos) {
        try {
          const bytes = await store.get(keys.get(photo.id)!);
          zip.append(bytes, { name: photo.file!, date: photo.created_at });
          photos.push(photo);
        } catch {
          photos.push({ ...photo, file: null });
        }
      }
      zip.append(JSON.stringify({ ...manifest, photos }, null, 2), { name: 'manifest.json' });
      await zip.finalize();
    } catch (error) {
      zip.destroy(error as Error);
    }
  })();
  return zip;
}
