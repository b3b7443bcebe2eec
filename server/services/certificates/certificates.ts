// Certificates: issued once per completed order (PDF in the blob store, owned by the member),
// verified publicly by number, revoked or reissued by operators.
// - Numbers are 'EPOT-' + 12 characters from a 32-letter alphabet drawn from the CSPRNG (60 bits):
//   not sequential, not guessable, and unique by index.
// - Issuance is idempotent: the partial unique index (one live certificate per order) decides a
//   race; the loser deletes its file and returns the winner's row. Retries are therefore safe.
// - The PDF is rendered and stored before the transaction; if the transaction fails, the file is
//   removed again, so no orphaned file is left behind.
// - Issue 27: an attempt whose required proctoring evidence is missing gets none until a reviewer's
//   decision releases it (review/evidence-status.ts); its answers are scored meanwhile.
// - Issue 28: each certificate draws its bit in the revocation status list (a sequence) and is
//   signed (contracts/credential.ts) before its PDF is rendered: the QR code carries the credential
//   in the verify URL's fragment. Certificates issued before that are signed by `signMissing`.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  CERTIFICATE_NUMBER_RE, type CertificateListItem, type CertificateRef, type CertificateStatus,
  type PublicCertificate,
} from '../../../contracts/certificates.ts';
import type { AppDb } from '../../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import { certificates, media, orderSections, orders, shipments, users } from '../../db/schema/index.ts';
import { STATUS_LIST_BITS, verifyUrlFor, type CredentialFacts } from '../../../contracts/credential.ts';
import { signCredential } from './credential.ts';
import { HttpError } from '../../http-error.ts';
import { isPrintableName } from './certificate-name.ts';
import { renderCertificatePdf, wibCalendarDate } from './certificate-pdf.ts';
import { LICENCE_ALPHABET } from '../orders/licence-codes.ts';
import type { BlobStore } from '../media/blob-store.ts';
import type { MediaUrlSigner } from '../media/media-urls.ts';
import { ensureShipment } from './shipments.ts';
import { certificateHeld, certificateHeldSql, evidenceStatuses } from '../review/evidence-status.ts';
import {
  REVIEW_REVOKED_REASON, REVOCATION_CATEGORIES, SECTION_NAMES, SERVER_MESSAGES, type RevocationCategory,
} from '../../../contracts/facts/index.ts';
import { UUID } from '../../uuid.ts';

export type CertificateRow = typeof certificates.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export const CERTIFICATE_MESSAGES = {
  notFound: 'Sertifikat tidak ditemukan',
  institution: 'Menu Sertifikat tidak tersedia untuk peserta lembaga',
  notCompleted: 'Tes belum selesai, sertifikat belum tersedia',
  nameIsEmail: 'Nama pada sertifikat harus nama lengkap, bukan alamat e-mail',
} as const;

export interface CertificateDeps {
  db: AppDb;
  store: BlobStore;
  clock: Clock;
  /** CREDENTIAL_KEY_SECRET: decrypts the credential signing key. */
  keySecret?: string | undefined;
}

const NUMBER_LENGTH = 12;

/** A new certificate number: 'EPOT-' + 12 CSPRNG characters (byte & 31 is unbiased: 256 = 8 × 32). */
export function newCertificateNumber(): string {
  return `EPOT-${Array.from(randomBytes(NUMBER_LENGTH), (b) => LICENCE_ALPHABET[b & 31]).join('')}`;
}

/** Uppercased, spaces and a missing dash forgiven; null when it cannot be a certificate number. */
export function normalizeCertificateNumber(input: string): string | null {
  const s = input.toUpperCase().replace(/\s+/g, '');
  const n = s.startsWith('EPOT-') ? s : s.startsWith('EPOT') ? `EPOT-${s.slice(4)}` : s;
  return CERTIFICATE_NUMBER_RE.test(n) ? n : null;
}

/** One year after the test date (29 February rolls over to 1 March). */
export function validUntilFor(testDate: Date): Date {
  const d = new Date(testDate);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

export function certificateStatus(row: Pick<CertificateRow, 'status' | 'valid_until'>, now: Date): CertificateStatus {
  if (row.status === 'revoked') return 'revoked';
  return row.valid_until.getTime() <= now.getTime() ? 'expired' : 'valid';
}

export { verifyUrlFor };

export function toCertificateRef(row: CertificateRow, signer: MediaUrlSigner, now: Date): CertificateRef {
  return {
    id: row.id, number: row.number, status: certificateStatus(row, now), issued_at: row.issued_at.toISOString(),
    valid_until: row.valid_until.toISOString(), media_id: row.media_id, public_url: signer.url(row.media_id),
    verify_url: row.verify_url, credential: row.credential,
  };
}

const live = (orderId: string) => and(eq(certificates.order_id, orderId), isNull(certificates.superseded_by));

export async function liveCertificate(db: AppDb, orderId: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(live(orderId));
  return row;
}

interface Facts { order: OrderRow; user: typeof users.$inferSelect; raw: Record<(typeof SECTION_NAMES)[number], number> }

/** What the PDF prints; null unless the order is completed and scored. */
async function loadFacts(db: AppDb, orderId: string): Promise<Facts | null> {
  const [row] = await db.select({ order: orders, user: users }).from(orders).innerJoin(users, eq(users.id, orders.user_id)).where(eq(orders.id, orderId));
  if (!row || row.order.status !== 'completed' || !row.order.completed_at || row.order.total_score == null) return null;
  const sections = await db.select({ section: orderSections.section, raw: orderSections.raw_correct }).from(orderSections)
    .where(eq(orderSections.order_id, orderId));
  const raw = Object.fromEntries(SECTION_NAMES.map((s) => [s, sections.find((r) => r.section === s)?.raw ?? 0])) as Facts['raw'];
  return { order: row.order, user: row.user, raw };
}

/** What a certificate's credential says: the facts its PDF prints (and its status list bit); days in WIB, as printed. */
function credentialFacts(f: Pick<Facts, 'order'>, number: string, name: string, validUntil: Date, statusIndex: number | null): CredentialFacts {
  const o = f.order;
  return {
    number, name, test_date: wibCalendarDate(o.completed_at!), scores: { listening: o.listening_score!, structure: o.structure_score!, reading: o.reading_score! },
    total: o.total_score!, level: o.level ?? '', cefr: o.cefr ?? '', valid_until: wibCalendarDate(validUntil), status_index: statusIndex,
  };
}

async function nextStatusIndex(db: AppDb): Promise<number> {
  // Both drivers (PGlite, node-postgres) answer execute() with `rows`.
  const res = await db.execute(sql`select nextval('certificate_status_index_seq')::int as n`) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

/** Draws the status bit, signs the credential, renders the PDF whose QR code carries both. */
async function renderFor(deps: CertificateDeps, f: Facts, number: string, name: string, verifyBase: string) {
  const testDate = f.order.completed_at!;
  const validUntil = validUntilFor(testDate);
  const statusIndex = await nextStatusIndex(deps.db);
  const credential = await signCredential(deps.db, credentialFacts(f, number, name, validUntil, statusIndex), deps.clock.now(), deps.keySecret);
  const verifyUrl = verifyUrlFor(verifyBase, number);
  const pdf = await renderCertificatePdf({
    number, name, dateOfBirth: f.user.date_of_birth, testDate, validUntil,
    scores: { listening: f.order.listening_score!, structure: f.order.structure_score!, reading: f.order.reading_score! },
    rawCorrect: f.raw, total: f.order.total_score!, level: f.order.level!, cefr: f.order.cefr ?? '-', verifyUrl,
    qrText: verifyUrlFor(verifyBase, number, credential),
  });
  return { pdf, validUntil, verifyUrl, credential, statusIndex };
}

class LostRace extends Error {}

/**
 * The order's certificate, issued now if it has none yet (and the printed certificate's shipment
 * for individual orders). Null when the order is not completed, or while its certificate is held
 * for review (evidence missing). `verifyBase` is the origin the QR code points at (PUBLIC_URL, else
 * the server's own listen address; never a request's Host).
 */
export async function issueCertificate(deps: CertificateDeps, orderId: string, verifyBase: string): Promise<CertificateRow | null> {
  const { db, store, clock } = deps;
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await liveCertificate(db, orderId);
    if (existing) {
      await ensureShipment(db, orderId, clock.now());
      return existing;
    }
    const facts = await loadFacts(db, orderId);
    if (!facts) return null;
    if (await certificateHeld(db, orderId)) return null;
    const number = newCertificateNumber();
    // No full name (or an e-mail address as one): no certificate until an operator reissues with a real name.
    const name = facts.user.fullname.trim();
    if (!isPrintableName(name)) return null;
    const { pdf, validUntil, verifyUrl, credential, statusIndex } = await renderFor(deps, facts, number, name, verifyBase);
    const key = await store.put(pdf, 'pdf');
    try {
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const [m] = await tx.insert(media).values({
          title: `Sertifikat EPOT ${number}`, source: 'certificate', type: 'pdf', mime: 'application/pdf', storage_key: key,
          byte_size: pdf.byteLength, owner_user_id: facts.user.id, created_at: now,
        }).returning({ id: media.id });
        // No target: a concurrent issue for the order or (astronomically unlikely) a repeated number.
        const [c] = await tx.insert(certificates).values({
          order_id: orderId, user_id: facts.user.id, number, valid_until: validUntil, media_id: m!.id,
          name_on_certificate: name, verify_url: verifyUrl, issued_at: now, credential, status_index: statusIndex,
        }).onConflictDoNothing().returning();
        if (!c) throw new LostRace();
        return c;
      });
      await ensureShipment(db, orderId, clock.now());
      return row;
    } catch (err) {
      await store.delete(key);
      if (!(err instanceof LostRace)) throw err;
      // Loop: the winner's row is returned above, or a repeated number draws a new one.
    }
  }
  throw new Error(`could not issue a certificate for order ${orderId}`);
}

/**
 * Completed orders (of one member, or all) that still lack their certificate or, for individual
 * orders, their shipment: the catch-up after a crash, a sweeper completion or a failed issue.
 */
export async function issueMissing(deps: CertificateDeps, verifyBase: string, opts: { userId?: string; limit?: number } = {}): Promise<number> {
  const rows = await deps.db.select({ id: orders.id }).from(orders)
    .leftJoin(certificates, and(eq(certificates.order_id, orders.id), isNull(certificates.superseded_by)))
    .leftJoin(shipments, eq(shipments.order_id, orders.id))
    .where(and(
      eq(orders.status, 'completed'),
      opts.userId ? eq(orders.user_id, opts.userId) : undefined,
      or(isNull(certificates.id), and(isNull(orders.institution_id), isNull(shipments.id))),
      // Held for review: issued when a decision releases it, not retried here.
      sql`not ${certificateHeldSql(orders.id)}`,
    ))
    .orderBy(asc(orders.completed_at)).limit(opts.limit ?? 20);
  // One order that cannot be issued must not hold up the others.
  const failures: unknown[] = [];
  for (const r of rows) await issueCertificate(deps, r.id, verifyBase).catch((err: unknown) => failures.push(err));
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of ${rows.length} certificate(s) could not be issued`);
  return rows.length;
}

export interface ListOptions { limit: number; page: number; sort_type: 'asc' | 'desc' }

/** The member's completed orders with their live certificate and shipment (spec list-sertificate). */
export async function listCertificates(db: AppDb, signer: MediaUrlSigner, userId: string, o: ListOptions, now: Date) {
  const dir = o.sort_type === 'asc' ? asc : desc;
  const where = and(eq(orders.user_id, userId), eq(orders.status, 'completed'));
  const rows = await db.select({ order: orders, cert: certificates, ship: shipments }).from(orders)
    .leftJoin(certificates, and(eq(certificates.order_id, orders.id), isNull(certificates.superseded_by)))
    .leftJoin(shipments, eq(shipments.order_id, orders.id))
    .where(where)
    .orderBy(dir(orders.completed_at), dir(orders.id))
    .limit(o.limit).offset((o.page - 1) * o.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const evidence = await evidenceStatuses(db, rows.map((r) => r.order.id));
  const list: CertificateListItem[] = rows.map(({ order, cert, ship }) => ({
    order_id: order.id, order_no: order.order_no, end_test: order.completed_at!.toISOString(), score: order.total_score!,
    level: order.level ?? '', license: order.license_id,
    sertificate: cert ? toCertificateRef(cert, signer, now) : null,
    shipping: ship ? { order_id: order.id, waybill_id: ship.waybill_id, status: ship.status } : null,
    evidence_status: evidence.get(order.id) ?? null,
  }));
  return { list, limit: o.limit, page: o.page, total: count?.n ?? 0 };
}

/**
 * update-sertificate: the member's own order and its own live certificate (named by the
 * certificate's id or its PDF's media id). The server links them at issuance, so this only
 * confirms the pair; a PDF uploaded by the member can never become a certificate.
 */
export async function linkCertificate(db: AppDb, userId: string, orderId: string, sertificateId: string): Promise<CertificateRow> {
  if (!UUID.test(orderId) || !UUID.test(sertificateId)) throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
  const [row] = await db.select({ cert: certificates }).from(certificates).innerJoin(orders, eq(orders.id, certificates.order_id))
    .where(and(
      eq(certificates.order_id, orderId), isNull(certificates.superseded_by), eq(certificates.user_id, userId), eq(orders.user_id, userId),
      or(eq(certificates.id, sertificateId), eq(certificates.media_id, sertificateId)),
    ));
  if (!row) throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
  return row.cert;
}

/** The public verification view; null for unknown numbers. */
export async function publicCertificate(db: AppDb, number: string, now: Date): Promise<PublicCertificate | null> {
  const n = normalizeCertificateNumber(number);
  if (!n) return null;
  const [row] = await db.select({ cert: certificates, order: orders }).from(certificates).innerJoin(orders, eq(orders.id, certificates.order_id))
    .where(eq(certificates.number, n));
  if (!row) return null;
  const { cert, order } = row;
  return {
    number: cert.number, name: cert.name_on_certificate, test_date: order.completed_at!.toISOString(),
    scores: { listening: order.listening_score!, structure: order.structure_score!, reading: order.reading_score! },
    total: order.total_score!, level: order.level ?? '', cefr: order.cefr ?? '', valid_until: cert.valid_until.toISOString(),
    status: certificateStatus(cert, now), revoked_reason: cert.status === 'revoked' ? REVOCATION_CATEGORIES[revocationCategory(cert)] : null,
    credential: cert.credential,
  };
}

/** The public category of a revocation: never the free text an operator or reviewer wrote. */
export function revocationCategory(cert: Pick<CertificateRow, 'superseded_by' | 'revoked_reason'>): RevocationCategory {
  if (cert.superseded_by) return 'replaced';
  return cert.revoked_reason === REVIEW_REVOKED_REASON ? 'review' : 'issuer';
}

/** Operator: revoke by number. Revoking twice keeps the first reason. */
export async function revokeCertificate(db: AppDb, number: string, reason: string, now: Date): Promise<{ row: CertificateRow; changed: boolean }> {
  const n = normalizeCertificateNumber(number);
  if (!n) throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
  const [changed] = await db.update(certificates).set({ status: 'revoked', revoked_reason: reason.slice(0, 300), revoked_at: now })
    .where(and(eq(certificates.number, n), eq(certificates.status, 'valid'))).returning();
  if (changed) return { row: changed, changed: true };
  const [row] = await db.select().from(certificates).where(eq(certificates.number, n));
  if (!row) throw HttpError.notFound(CERTIFICATE_MESSAGES.notFound);
  return { row, changed: false };
}

/**
 * Operator: a new certificate (new number and PDF) after a name correction. The member's name is
 * corrected too, and the old certificate is revoked and points at its successor.
 * `verifyBase` is the configured origin: a stored one is never reused, so a bad origin cannot survive a correction.
 */
export async function reissueCertificate(deps: CertificateDeps, orderNo: string, name: string, verifyBase: string): Promise<{ old: CertificateRow | null; fresh: CertificateRow }> {
  const { db, store, clock } = deps;
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean) throw HttpError.badRequest('Nama tidak boleh kosong');
  if (!isPrintableName(clean)) throw HttpError.badRequest(CERTIFICATE_MESSAGES.nameIsEmail);
  const [order] = await db.select().from(orders).where(eq(orders.order_no, orderNo));
  if (!order) throw HttpError.notFound(SERVER_MESSAGES.orderNotFound);
  const facts = await loadFacts(db, order.id);
  if (!facts) throw HttpError.badRequest(CERTIFICATE_MESSAGES.notCompleted);
  const old = await liveCertificate(db, order.id) ?? null;
  const number = newCertificateNumber();
  const { pdf, validUntil, verifyUrl, credential, statusIndex } = await renderFor(deps, { ...facts, user: { ...facts.user, fullname: clean } }, number, clean, verifyBase);
  const key = await store.put(pdf, 'pdf');
  try {
    const now = clock.now();
    const fresh = await db.transaction(async (tx) => {
      await tx.update(users).set({ fullname: clean }).where(eq(users.id, facts.user.id));
      const [m] = await tx.insert(media).values({
        title: `Sertifikat EPOT ${number}`, source: 'certificate', type: 'pdf', mime: 'application/pdf', storage_key: key,
        byte_size: pdf.byteLength, owner_user_id: facts.user.id, created_at: now,
      }).returning({ id: media.id });
      const id = randomUUID();
      if (old) {
        const [marked] = await tx.update(certificates).set({
          status: 'revoked', revoked_reason: `Diganti oleh ${number} (koreksi nama)`, revoked_at: now, superseded_by: id,
        }).where(and(eq(certificates.id, old.id), isNull(certificates.superseded_by))).returning({ id: certificates.id });
        if (!marked) throw new Error('the certificate was reissued concurrently; try again');
      }
      const [c] = await tx.insert(certificates).values({
        id, order_id: order.id, user_id: facts.user.id, number, valid_until: validUntil, media_id: m!.id,
        name_on_certificate: clean, verify_url: verifyUrl, issued_at: now, credential, status_index: statusIndex,
      }).returning();
      return c!;
    });
    return { old, fresh };
  } catch (err) {
    await store.delete(key);
    throw err;
  }
}


/**
 * Certificates issued before credentials existed (or whose signing failed) get their status bit and
 * credential now; their printed QR code keeps the plain verify URL, the page and API carry the
 * credential. Run by the certificate catch-up job. Returns how many were signed.
 */
export async function signMissing(deps: CertificateDeps, opts: { limit?: number } = {}): Promise<number> {
  const { db, clock } = deps;
  const rows = await db.select({ cert: certificates, order: orders }).from(certificates).innerJoin(orders, eq(orders.id, certificates.order_id))
    .where(isNull(certificates.credential)).orderBy(asc(certificates.issued_at)).limit(opts.limit ?? 100);
  let signed = 0;
  for (const { cert, order } of rows) {
    const statusIndex = cert.status_index ?? await nextStatusIndex(db);
    const credential = await signCredential(db, credentialFacts({ order }, cert.number, cert.name_on_certificate, cert.valid_until, statusIndex), clock.now(), deps.keySecret);
    const [done] = await db.update(certificates).set({ credential, status_index: statusIndex })
      .where(and(eq(certificates.id, cert.id), isNull(certificates.credential))).returning({ id: certificates.id });
    if (done) signed++;
  }
  return signed;
}

/** The status list: its set bits (every revoked certificate: by an operator, a review or a reissue) and its length in bits. */
export async function statusListBits(db: AppDb): Promise<{ revoked: number[]; length: number }> {
  const rows = await db.select({ i: certificates.status_index, revoked: sql<boolean>`${certificates.status} = 'revoked'` }).from(certificates)
    .where(isNotNull(certificates.status_index));
  const highest = rows.reduce((m, r) => Math.max(m, r.i!), -1);
  // The spec's minimum, grown in whole bytes so that every issued index has its bit.
  return { revoked: rows.filter((r) => r.revoked).map((r) => r.i!), length: Math.max(STATUS_LIST_BITS, Math.ceil((highest + 1) / 8) * 8) };
}
