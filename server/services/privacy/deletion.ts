// "Delete my data" (UU PDP art. 8, issue 19): the account is anonymised at once. Removed: the
// e-mail address (replaced by an address that cannot receive mail), password, birth data, phone,
// address, every photo (files through the blob store, then rows), answers and drafts, speech
// transcripts, the photo references, IP and browser of consents. Kept: orders with their scores,
// violation counts (without photo or transcript) and consent records (version, time); the name
// only when a certificate was issued (its verification shows it). The member is logged out
// everywhere (token version). A signed receipt (JWS, HS256) says what was done.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { AppDb } from '../../db/client.ts';
import { appeals, certificates, consents, mailOutbox, media, orders, orderSections, users, violations } from '../../db/schema/index.ts';
import { DELETION_KEEPS, DELETION_KEEPS_ALWAYS, DELETION_RECEIPT_AUDIENCE } from '../../../contracts/facts/index.ts';
import type { BlobStore } from '../media/blob-store.ts';

export const DELETION_REMOVES = [
  'email', 'kata sandi', 'tanggal dan tempat lahir', 'nomor telepon', 'alamat', 'foto', 'jawaban', 'transkrip suara',
  'IP dan browser pada persetujuan', 'teks banding', 'email terkirim ke alamat Anda',
] as const;

export interface DeletionResult {
  userId: string;
  /** Where the confirmation goes: the address before anonymisation. */
  email: string;
  photosDeleted: number;
  keptForCertificates: boolean;
  removed: string[];
  kept: string[];
  at: Date;
}

export const anonymisedEmail = (userId: string) => `deleted-${userId}@anonymised.invalid`;
export const ANONYMISED_NAME = 'Akun dihapus';

/** Anonymises the member; null when there is no such member. */
export async function anonymiseMember(db: AppDb, store: BlobStore, userId: string, now: Date): Promise<DeletionResult | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [{ n }] = (await db.select({ n: count() }).from(certificates).where(eq(certificates.user_id, userId))) as [{ n: number }];
  const keepName = Number(n) > 0;
  const photos = await db.select({ id: media.id, key: media.storage_key }).from(media)
    .where(and(eq(media.owner_user_id, userId), eq(media.source, 'upload')));
  // Files first: a crash in between leaves rows without files, which a retry deletes.
  for (const p of photos) await store.delete(p.key);
  await db.transaction(async (tx) => {
    if (photos.length) await tx.delete(media).where(inArray(media.id, photos.map((p) => p.id)));
    const orderIds = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.user_id, userId))).map((o) => o.id);
    if (orderIds.length) {
      await tx.update(orderSections).set({ answer: null, draft: null, draft_position: null, images: [] }).where(inArray(orderSections.order_id, orderIds));
      await tx.update(violations).set({ text_voice: null, image_media_id: null }).where(inArray(violations.order_id, orderIds));
      // An appeal's text is the candidate's own words (issue 17); its outcome stays with the order.
      await tx.update(appeals).set({ text: '' }).where(inArray(appeals.order_id, orderIds));
    }
    await tx.update(consents).set({ ip: null, user_agent: null }).where(eq(consents.user_id, userId));
    // Mails to the member (invites, codes, results) hold their address and name (issue 29.4).
    await tx.delete(mailOutbox).where(eq(mailOutbox.to_address, user.email));
    await tx.update(users).set({
      email: anonymisedEmail(userId), password_hash: null, fullname: keepName ? user.fullname : ANONYMISED_NAME,
      date_of_birth: null, place_of_birth: null, phone_number: null, residential_address: null,
      token_version: sql`${users.token_version} + 1`,
    }).where(eq(users.id, userId));
  });
  return {
    userId, email: user.email, photosDeleted: photos.length, keptForCertificates: keepName,
    removed: [...DELETION_REMOVES, ...(keepName ? [] : ['nama'])], kept: [...new Set([...(keepName ? DELETION_KEEPS : []), ...DELETION_KEEPS_ALWAYS])], at: now,
  };
}

/** The receipt: a JWS over what was removed and kept, verifiable with the server's secret. */
export function signDeletionReceipt(secret: Uint8Array, r: DeletionResult): Promise<string> {
  return new SignJWT({ kind: 'deletion', removed: r.removed, kept: r.kept, photos_deleted: r.photosDeleted })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(r.userId)
    .setAudience(DELETION_RECEIPT_AUDIENCE)
    .setIssuedAt(Math.floor(r.at.getTime() / 1000))
    .sign(secret);
}
